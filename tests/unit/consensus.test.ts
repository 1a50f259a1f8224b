import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildConsensus, takeFromAnalysis } from '../../src/core/agreement/consensus'
import { consensusChoices } from '../../src/core/agreement/consensusChoices'
import { setScore } from '../../src/core/analysis/scores'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { undo } from '../../src/core/history/editHistory'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const MACHINE = machineEpisode().episode.id
const ADA = 'agentic-rl-ada'

/** The machine's analysis and Ada's of the same media: her first chapter and a score differ, a statement of her own. */
function library(): Db {
  const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
  loadEpisodeDocument(db, machineEpisode())
  const ada: EpisodeDocument = structuredClone(machineEpisode(ADA))
  ada.review.reviewer = 'Ada'
  const first = ada.chapters[0]
  if (first) {
    first.title = 'Why agents fail'
    first.why = 'Ada: the guest sets out the failures.'
    first.status = 'edited'
    first.scores.guestTeaching = {
      value: 3,
      reasoning: 'Less teaching than claimed.',
      evidence: [{ statement: 'a1' }],
    }
  }
  ada.statements.push({
    id: 'a1',
    title: 'Rewards are easy to hack',
    quote: '',
    start: 210,
    end: 220,
    speakerId: 'will',
    chapterId: null,
    origin: 'human',
    status: 'accepted',
  })
  ada.statements.sort((a, b) => a.start - b.start)
  loadEpisodeDocument(db, ada)
  return db
}

const sourceOf = (item: { extensions?: Record<string, unknown> }): unknown =>
  (item.extensions?.episcore as { source?: unknown } | undefined)?.source

describe('a consensus of several analyses', () => {
  it('starts as a copy of the first, every item marked with its source, under a new id', () => {
    const db = library()
    const { id } = buildConsensus(db, [MACHINE, ADA])
    expect(id).toBe(`${MACHINE}-2`)
    const doc = exportEpisode(db, id)
    expect(doc.episode.title).toBe(`${machineEpisode().episode.title} (consensus)`)
    expect((doc.episode.extensions?.episcore as { consensusOf: string[] }).consensusOf).toEqual([
      MACHINE,
      ADA,
    ])
    expect(doc.chapters.map(sourceOf)).toEqual(doc.chapters.map(() => MACHINE))
    expect(Object.values(doc.chapters[0]?.scores ?? {}).map(sourceOf)).toEqual(
      Object.keys(doc.chapters[0]?.scores ?? {}).map(() => MACHINE),
    )
    expect([...doc.statements, ...doc.highlights].map(sourceOf)).toEqual([MACHINE, MACHINE])
    // The machine's extensions stay beside the provenance.
    expect(doc.episode.extensions?.pipeline).toEqual(machineEpisode().episode.extensions?.pipeline)
    // The sources are untouched.
    expect(exportEpisode(db, MACHINE).chapters[0]?.extensions).toEqual(
      machineEpisode().chapters[0]?.extensions,
    )
  })

  it('takes a score, a chapter, a statement and a highlight from another source, each one undoable edit', () => {
    const db = library()
    const { id } = buildConsensus(db, [MACHINE, ADA])
    const machineValue = exportEpisode(db, id).chapters[0]?.scores.guestTeaching?.value

    takeFromAnalysis(db, id, ADA, { kind: 'score', chapterId: 'c1', dimension: 'guestTeaching' })
    let score = exportEpisode(db, id).chapters[0]?.scores.guestTeaching
    expect(score?.value).toBe(3)
    expect(score?.reasoning).toBe('Less teaching than claimed.')
    expect(sourceOf(score ?? {})).toBe(ADA)
    // Ada's citation of her own statement comes as the stretch it covers.
    expect(score?.evidence).toEqual([{ start: 210, end: 220 }])

    takeFromAnalysis(db, id, ADA, { kind: 'chapter', chapterId: 'c1' })
    expect(exportEpisode(db, id).chapters[0]?.title).toBe('Why agents fail')

    takeFromAnalysis(db, id, ADA, { kind: 'statement', statementId: 'a1' })
    takeFromAnalysis(db, id, ADA, { kind: 'statement', statementId: 's1' })
    const statements = exportEpisode(db, id).statements
    expect(statements.map((s) => [s.id, s.title, sourceOf(s)])).toEqual([
      ['s1', machineEpisode().statements[0]?.title, MACHINE],
      ['s1-2', machineEpisode().statements[0]?.title, ADA],
      ['a1', 'Rewards are easy to hack', ADA],
    ])

    takeFromAnalysis(db, id, ADA, { kind: 'highlight', highlightId: 'h1' })
    // One highlight per dimension: Ada's takes the place of the machine's.
    expect(exportEpisode(db, id).highlights.map((h) => [h.id, sourceOf(h)])).toEqual([['h1', ADA]])

    // Undo takes the steps back one by one, to the machine's score.
    for (let i = 0; i < 4; i++) undo(db, id)
    score = exportEpisode(db, id).chapters[0]?.scores.guestTeaching
    expect(score?.value).toBe(3)
    undo(db, id)
    score = exportEpisode(db, id).chapters[0]?.scores.guestTeaching
    expect(score?.value).toBe(machineValue)
    expect(sourceOf(score ?? {})).toBe(MACHINE)
  })

  it('refuses an analysis it was not built from, and analyses of other episodes', () => {
    const db = library()
    const other = machineEpisode('another')
    if (other.episode.media) other.episode.media.sha256 = 'cd'.repeat(32)
    loadEpisodeDocument(db, other)
    expect(() => buildConsensus(db, [MACHINE, 'another'])).toThrow(/analyses of different episodes/)
    const { id } = buildConsensus(db, [MACHINE, ADA])
    expect(() => takeFromAnalysis(db, id, 'another', { kind: 'chapter', chapterId: 'c1' })).toThrow(
      'another is not one of the analyses',
    )
    expect(() => takeFromAnalysis(db, MACHINE, ADA, { kind: 'chapter', chapterId: 'c1' })).toThrow(
      'is not a consensus',
    )
  })
})

describe('the consensus screen’s choices', () => {
  it('shows each source’s offer beside the consensus, and a score typed over as typed', () => {
    const db = library()
    const { id } = buildConsensus(db, [MACHINE, ADA])
    let choices = consensusChoices(db, id)
    expect(choices.sources.map((s) => [s.id, s.reviewer, s.origin])).toEqual([
      [MACHINE, machineEpisode().review.reviewer, 'machine'],
      [ADA, 'Ada', 'human'],
    ])
    const first = choices.chapters[0]
    expect(first?.offers.map((o) => o?.title)).toEqual(['Why multi-agent systems fail', 'Why agents fail'])
    expect(first?.offers.map((o) => o?.scores.guestTeaching)).toEqual([
      machineEpisode().chapters[0]?.scores.guestTeaching?.value,
      3,
    ])
    expect(first?.scores.guestTeaching?.provenance).toEqual({ source: MACHINE })
    expect(choices.statements[1]?.map((s) => [s.id, s.taken])).toEqual([
      ['s1', false],
      ['a1', false],
    ])

    takeFromAnalysis(db, id, ADA, { kind: 'statement', statementId: 'a1' })
    setScore(db, id, 'c1', 'guestTeaching', { value: 5 })
    choices = consensusChoices(db, id)
    expect(choices.statements[1]?.map((s) => s.taken)).toEqual([false, true])
    expect(choices.chapters[0]?.scores.guestTeaching).toEqual({ value: 5, provenance: { typed: true } })
    // The export says so too.
    expect(exportEpisode(db, id).chapters[0]?.scores.guestTeaching?.extensions?.episcore).toEqual({
      typed: true,
    })
  })
})

describe('a source that splits a chapter the consensus holds whole (issue 42)', () => {
  /** The machine's 3:20–7:00 as one chapter; Ada's cut at 5:00, her two pieces scored 2 and 9. */
  function splitLibrary(): Db {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    loadEpisodeDocument(db, machineEpisode())
    const ada: EpisodeDocument = structuredClone(machineEpisode(ADA))
    ada.review.reviewer = 'Ada'
    const whole = ada.chapters[1]!
    const teaching = (value: number): EpisodeDocument['chapters'][number]['scores'] => ({
      ...whole.scores,
      guestTeaching: { value, reasoning: `Ada: ${value} here.` },
    })
    ada.chapters.splice(
      1,
      1,
      { ...whole, id: 'c2a', title: 'The first half', end: 300, scores: teaching(2) },
      { ...whole, id: 'c2b', title: 'The second half', start: 300, scores: teaching(9) },
    )
    loadEpisodeDocument(db, ada)
    return db
  }

  it('offers every piece of the source with its span and scores, not only the one at the middle', () => {
    const db = splitLibrary()
    const { id } = buildConsensus(db, [MACHINE, ADA])
    const second = consensusChoices(db, id).chapters[1]!
    expect([second.start, second.end]).toEqual([200, 420])
    expect(second.pieces[0]?.map((p) => p.chapterId)).toEqual(['c2'])
    expect(second.pieces[1]?.map((p) => [p.chapterId, p.start, p.end, p.scores.guestTeaching])).toEqual([
      ['c2a', 200, 300, 2],
      ['c2b', 300, 420, 9],
    ])
    // Its neighbours, which only touch it at their edges, are no pieces of it.
    expect(consensusChoices(db, id).chapters[0]?.pieces[1]?.map((p) => p.chapterId)).toEqual(['c1'])
  })

  it('takes the piece the editor picks, and refuses a chapter of the source that is not over it', () => {
    const db = splitLibrary()
    const { id } = buildConsensus(db, [MACHINE, ADA])
    takeFromAnalysis(db, id, ADA, {
      kind: 'score',
      chapterId: 'c2',
      dimension: 'guestTeaching',
      sourceChapterId: 'c2a',
    })
    expect(exportEpisode(db, id).chapters[1]?.scores.guestTeaching).toMatchObject({
      value: 2,
      reasoning: 'Ada: 2 here.',
    })
    takeFromAnalysis(db, id, ADA, { kind: 'chapter', chapterId: 'c2', sourceChapterId: 'c2b' })
    expect(exportEpisode(db, id).chapters[1]?.title).toBe('The second half')
    expect(() =>
      takeFromAnalysis(db, id, ADA, { kind: 'chapter', chapterId: 'c2', sourceChapterId: 'c1' }),
    ).toThrow(`${ADA} has no chapter c1 over 200.0–420.0 s to take from`)
  })
})
