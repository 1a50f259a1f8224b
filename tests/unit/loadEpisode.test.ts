import fc from 'fast-check'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { UserError } from '../../src/core/errors'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { DOCUMENT_TABLES } from '../../src/core/load/documentRows'
import { finalExportProblems } from '../../src/core/publish/finalProblems'
import { loadEpisodeDocument, loadEpisodeFile } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { isSecondsForm, unpackWords } from '../../src/core/transcript/packedWords'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode, withDerivedFields } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { episodeDocumentArbitrary } from './episodeDocumentArbitrary'

const TABLES = [...DOCUMENT_TABLES, 'edit_history', 'settings']

const counts = (db: Db): Record<string, number> =>
  Object.fromEntries(
    TABLES.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
  )

const freshDb = (): Db => openDatabase(path.join(tempFolder(), 'episcore.sqlite'))

/** A JSON copy: what a reader of the file would get, without `undefined` or `-0`. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/** The document without what only says when and by what it was written. */
const content = (doc: EpisodeDocument): Omit<EpisodeDocument, 'exportedAt' | 'generator'> => {
  const { exportedAt: _exportedAt, generator: _generator, ...rest } = asJson(doc)
  return rest
}

/** A database holding the machine episode, so a refusal can be seen to leave an episode untouched too. */
function withMachineEpisode(): { db: Db; doc: EpisodeDocument } {
  const db = freshDb()
  const doc = machineEpisode()
  loadEpisodeDocument(db, JSON.stringify(doc))
  return { db, doc }
}

function refusal(run: () => unknown): UserError {
  try {
    run()
  } catch (error) {
    if (error instanceof UserError) return error
    throw error
  }
  throw new Error('the load was accepted, a refusal was expected')
}

/** Loads a broken copy of the machine episode (with replace, so even the old episode is at risk). */
function refusedBroken(break_: (doc: EpisodeDocument & Record<string, unknown>) => void): string[] {
  const { db, doc } = withMachineEpisode()
  const before = counts(db)
  const exported = exportEpisode(db, doc.episode.id)
  const broken = asJson(doc) as EpisodeDocument & Record<string, unknown>
  break_(broken)
  const error = refusal(() =>
    loadEpisodeDocument(db, JSON.stringify(broken), { replace: true, name: 'broken.json' }),
  )
  expect(error.code).toBe('invalid-input')
  expect(counts(db)).toEqual(before)
  expect(content(exportEpisode(db, doc.episode.id))).toEqual(content(exported))
  const [first, ...problems] = error.message.split('\n')
  expect(first).toBe(
    `broken.json is not a valid episode JSON v1 file (${problems.length} problem${problems.length === 1 ? '' : 's'}):`,
  )
  for (const p of problems) expect(p).toMatch(/^\/\S*: .+/)
  return problems
}

describe('loading episode JSON v1', () => {
  it('writes every part of a machine-made file and gives it back on export', () => {
    const db = freshDb()
    const doc = machineEpisode()
    expect(loadEpisodeDocument(db, JSON.stringify(doc))).toEqual({ id: doc.episode.id, replaced: false })
    expect(content(exportEpisode(db, doc.episode.id))).toEqual(content(doc))
    expect(counts(db)).toMatchObject({
      episodes: 1,
      media: 1,
      participants: 2,
      rubric_dimensions: 4,
      chapters: 3,
      scores: 12,
      highlights: 1,
      statements: 1,
      transcript_segments: 3,
      edit_history: 0,
    })
    // The timed words are packed in their segments, a list each, as whole milliseconds.
    const packed = db.prepare(`SELECT id, words FROM transcript_segments`).all() as {
      id: string
      words: string | null
    }[]
    expect(packed.every((s) => s.words === null || !isSecondsForm(s.words))).toBe(true)
    expect(packed.reduce((n, s) => n + unpackWords(s.words, s.id).length, 0)).toBe(12)
  })

  it('keeps the media by name and hash only: the editor sees it missing and can relink it', () => {
    const db = freshDb()
    const doc = machineEpisode()
    loadEpisodeDocument(db, JSON.stringify(doc))
    expect(db.prepare(`SELECT * FROM media`).get()).toMatchObject({
      path: '',
      file_name: 'agentic-rl.mp3',
      sha256: 'ab'.repeat(32),
      size_bytes: 0,
      kind: 'audio',
      duration_seconds: 600,
    })
    const view = episodeView(db, doc.episode.id)
    expect(view.media).toEqual({
      fileName: 'agentic-rl.mp3',
      kind: 'audio',
      available: false,
      changed: false,
      declaredSeconds: null,
    })
    expect(view.history).toMatchObject({ canUndo: false, canRedo: false })
    expect(view.transcript).toMatchObject({ segmentCount: 3, speakersMapped: true })
    expect(view.transcript.rev).not.toBe('')
  })

  it("keeps a machine's scores as the machine gave them, and no machine values for a human's chapter", () => {
    const db = freshDb()
    const doc = machineEpisode()
    const human = asJson(doc)
    const chapter = human.chapters[1]
    if (!chapter) throw new Error('the machine episode has a second chapter')
    chapter.origin = 'human'
    chapter.status = 'accepted'
    loadEpisodeDocument(db, human)
    const scores = db
      .prepare(
        `SELECT chapter_id, dimension_key, value, reasoning, machine_value, machine_reasoning FROM scores
         WHERE dimension_key = 'guestTeaching' ORDER BY chapter_id`,
      )
      .all()
    expect(scores).toEqual([
      {
        chapter_id: 'c1',
        dimension_key: 'guestTeaching',
        value: 7,
        reasoning: 'opening (Guest teaching)',
        machine_value: 7,
        machine_reasoning: 'opening (Guest teaching)',
      },
      {
        chapter_id: 'c2',
        dimension_key: 'guestTeaching',
        value: 8,
        reasoning: 'rewards (Guest teaching)',
        machine_value: null,
        machine_reasoning: null,
      },
      {
        chapter_id: 'c3',
        dimension_key: 'guestTeaching',
        value: 6,
        reasoning: 'advice (Guest teaching)',
        machine_value: 6,
        machine_reasoning: 'advice (Guest teaching)',
      },
    ])
  })

  it('accepts derived fields that disagree with the data; the recomputed ones win', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const wrong = asJson(doc)
    wrong.scoreSummary = { hostsInformedPeer: 9.9, guestTeaching: null, guestDisagreement: 0, made: 1 }
    wrong.speakingBalance = {
      binSeconds: 60,
      bins: [{ start: 0, end: 60, hostSeconds: 1, guestSeconds: 2, otherSeconds: 3 }],
    }
    const statement = wrong.statements[0]
    if (!statement) throw new Error('the machine episode has a statement')
    statement.chapterId = 'c3'
    loadEpisodeDocument(db, JSON.stringify(wrong))
    const exported = exportEpisode(db, doc.episode.id)
    expect(exported.scoreSummary).toEqual({
      hostsInformedPeer: 3.3,
      guestTeaching: 7,
      guestDisagreement: 2.3,
      hostsPushingBack: 1.7,
    })
    expect(exported.speakingBalance).toEqual(doc.speakingBalance)
    expect(exported.speakingBalance?.bins[1]).toEqual({
      start: 180,
      end: 360,
      hostSeconds: 40,
      guestSeconds: 0,
      otherSeconds: 0,
    })
    expect(exported.statements[0]?.chapterId).toBe('c1')
  })

  it('gives back a file without a transcript, or with an empty one, as it was', () => {
    const db = freshDb()
    const without = { ...machineEpisode('without'), transcript: null, speakingBalance: null }
    const empty = { ...machineEpisode('empty'), transcript: { segments: [] }, speakingBalance: null }
    loadEpisodeDocument(db, without)
    loadEpisodeDocument(db, empty)
    expect(exportEpisode(db, 'without').transcript).toBeNull()
    expect(exportEpisode(db, 'empty').transcript).toEqual({ segments: [] })
  })

  describe('refuses a file that breaks the contract as a whole, with every problem, and writes nothing', () => {
    it('an unknown version, with the reason', () => {
      expect(refusedBroken((d) => Object.assign(d, { version: 2 }))).toEqual([
        '/version: version 2 is not known to this app (it reads version 1)',
      ])
    })

    it('unknown keys (a typo surfaces) but not inside extensions', () => {
      expect(
        refusedBroken((d) => {
          Object.assign(d, { speakingBalanse: null })
          Object.assign(d.chapters[0] ?? {}, { tittle: 'typo' })
          d.episode.extensions = { anything: { goes: ['here'] } }
        }),
      ).toEqual(['/chapters/0: Unrecognized key: "tittle"', '/: Unrecognized key: "speakingBalanse"'])
    })

    it('duplicate ids', () => {
      expect(
        refusedBroken((d) => {
          Object.assign(d.chapters[2] ?? {}, { id: 'c1' })
          d.participants.push({ id: 'swyx', name: 'Alessio', role: 'host', affiliation: null })
        }),
      ).toEqual([
        '/participants/2/id: duplicate id "swyx" (also at /participants/0)',
        '/chapters/2/id: duplicate id "c1" (also at /chapters/0)',
      ])
    })

    it('spans past the media', () => {
      expect(
        refusedBroken((d) => {
          Object.assign(d.statements[0] ?? {}, { end: 1250.2 })
          Object.assign(d.chapters[2] ?? {}, { end: 600.5 })
          Object.assign(d.highlights[0] ?? {}, { time: 601 })
        }),
      ).toEqual([
        "/chapters/2/end: 600.5 is past the media's end (600)",
        "/highlights/0/time: 601 is past the media's end (600)",
        "/statements/0/end: 1250.2 is past the media's end (600)",
      ])
    })

    it('overlapping chapters', () => {
      expect(refusedBroken((d) => Object.assign(d.chapters[1] ?? {}, { start: 150 }))).toEqual([
        '/chapters/1/start: chapter overlaps the previous one (starts at 150, before 200)',
      ])
    })

    it('scores outside the scale, or not whole', () => {
      expect(
        refusedBroken((d) => {
          const scores = d.chapters[0]?.scores ?? {}
          Object.assign(scores.guestTeaching ?? {}, { value: 11 })
          Object.assign(scores.hostsPushingBack ?? {}, { value: -1 })
        }),
      ).toEqual([
        '/chapters/0/scores/guestTeaching/value: 11 is outside the scale 0-10',
        '/chapters/0/scores/hostsPushingBack/value: -1 is outside the scale 0-10',
      ])
      expect(
        refusedBroken((d) => Object.assign(d.chapters[0]?.scores.guestDisagreement ?? {}, { value: 2.5 })),
      ).toEqual(['/chapters/0/scores/guestDisagreement/value: Invalid input: expected int, received number'])
    })

    it('highlights for unknown dimensions, and a second one for a dimension', () => {
      expect(
        refusedBroken((d) => {
          const [first] = d.highlights
          if (!first) throw new Error('the machine episode has a highlight')
          d.highlights = [
            first,
            { ...first, id: 'h2', time: 500 },
            { ...first, id: 'h3', time: 550, dimension: 'hostsHumour' },
          ]
        }),
      ).toEqual([
        '/highlights/1/dimension: a second highlight for "guestDisagreement" (first at /highlights/0)',
        '/highlights/2/dimension: "hostsHumour" is not a rubric dimension',
      ])
    })

    it('every problem of a file at once', () => {
      const problems = refusedBroken((d) => {
        Object.assign(d.chapters[1] ?? {}, { start: 150, id: 'c1' })
        Object.assign(d.statements[0] ?? {}, { end: 1250.2, speakerId: 'nobody' })
        Object.assign(d.episode, { title: ' padded ' })
        Object.assign(d.review, { updatedAt: 'yesterday' })
      })
      expect(problems).toEqual([
        '/episode/title: text is trimmed (no leading or trailing spaces)',
        '/review/updatedAt: Invalid ISO datetime',
        '/chapters/1/id: duplicate id "c1" (also at /chapters/0)',
        '/chapters/1/start: chapter overlaps the previous one (starts at 150, before 200)',
        "/statements/0/end: 1250.2 is past the media's end (600)",
        '/statements/0/speakerId: "nobody" is not a participant id',
      ])
    })
  })

  it('refuses a file over 50 MB before reading it, and writes nothing', () => {
    const { db, doc } = withMachineEpisode()
    const before = counts(db)
    const file = path.join(tempFolder(), 'huge.episode.json')
    const padded = { ...doc, extensions: { padding: 'x'.repeat(50 * 1024 * 1024) } }
    fs.writeFileSync(file, JSON.stringify(padded))
    const readFile = fs.readFileSync
    let reads = 0
    const error = (() => {
      try {
        ;(fs as { readFileSync: unknown }).readFileSync = (...args: Parameters<typeof readFile>) => {
          reads++
          return readFile(...args)
        }
        return refusal(() => loadEpisodeFile(db, file, { replace: true }))
      } finally {
        fs.readFileSync = readFile
      }
    })()
    expect(error.message).toMatch(/^huge\.episode\.json is over 50 MB \(\d+ bytes\)/)
    expect(reads).toBe(0)
    expect(counts(db)).toEqual(before)
  })

  it('refuses deeply nested garbage clearly, without overflowing the stack', () => {
    const { db, doc } = withMachineEpisode()
    const before = counts(db)
    const garbage = '['.repeat(500_000) + ']'.repeat(500_000)
    expect(refusal(() => loadEpisodeDocument(db, garbage, { name: 'deep.json' })).message).toBe(
      'deep.json cannot be read as JSON: line 1, column 201: nested more than 200 levels deep',
    )
    // Valid to the schema (extensions hold anything), but nested past what any writer needs.
    const deepExtension = JSON.stringify({ ...doc, extensions: { x: 0 } }).replace(
      '"x":0',
      `"x":${'{"y":'.repeat(100_000)}0${'}'.repeat(100_000)}`,
    )
    expect(
      refusal(() => loadEpisodeDocument(db, deepExtension, { name: 'deep.json', replace: true })).message,
    ).toMatch(/^deep\.json cannot be read as JSON: line 1, column \d+: nested more than 200 levels deep$/)
    expect(counts(db)).toEqual(before)
  })

  it('refuses text that is not JSON with its line and column, and a file that is not UTF-8', () => {
    const db = freshDb()
    const text = JSON.stringify(machineEpisode(), null, 2).replace(
      '"show": "latent-space",',
      '"show": latent,',
    )
    expect(refusal(() => loadEpisodeDocument(db, text, { name: 'typo.json' })).message).toBe(
      'typo.json cannot be read as JSON: line 9, column 13: unexpected character "l"',
    )
    const latin1 = path.join(tempFolder(), 'latin1.json')
    fs.writeFileSync(latin1, Buffer.from('{"title": "caf\xe9"}', 'latin1'))
    expect(refusal(() => loadEpisodeFile(db, latin1)).message).toBe(
      'latin1.json is not UTF-8 text; episode JSON is UTF-8',
    )
    expect(refusal(() => loadEpisodeFile(db, path.join(tempFolder(), 'gone.json'))).code).toBe('not-found')
    expect(counts(db)).toMatchObject({ episodes: 0 })
  })

  it('refuses an id already in the database unless told to replace it', () => {
    const { db, doc } = withMachineEpisode()
    const before = counts(db)
    const error = refusal(() => loadEpisodeDocument(db, JSON.stringify(doc)))
    expect(error.code).toBe('conflict')
    expect(error.message).toBe(
      `episode "${doc.episode.title}" (${doc.episode.id}) is already in the database; load with --replace to overwrite it or --keep-both to add it as another episode`,
    )
    expect(counts(db)).toEqual(before)
  })

  it('replaces the episode and its edit history in one step', () => {
    const { db, doc } = withMachineEpisode()
    const id = doc.episode.id
    updateEpisode(db, id, { title: 'Renamed by the editor' })
    expect(episodeView(db, id).history.canUndo).toBe(true)
    const rev = episodeView(db, id).transcript.rev

    const corrected = asJson(doc)
    corrected.episode.title = 'Corrected by the pipeline'
    corrected.chapters = corrected.chapters.slice(0, 2)
    corrected.transcript = null
    corrected.speakingBalance = null
    corrected.statements = []
    expect(loadEpisodeDocument(db, JSON.stringify(corrected), { replace: true })).toEqual({
      id,
      replaced: true,
    })
    expect(counts(db)).toMatchObject({
      episodes: 1,
      chapters: 2,
      scores: 8,
      statements: 0,
      transcript_segments: 0,
      edit_history: 0,
    })
    const view = episodeView(db, id)
    expect(view.summary.title).toBe('Corrected by the pipeline')
    expect(view.history).toMatchObject({ canUndo: false, canRedo: false })
    expect(view.transcript.rev).not.toBe(rev)
    expect(content(exportEpisode(db, id))).toEqual(content(withDerivedFields(corrected)))
  })

  it('answers episodes.load through the contract: a conflict, then a replace', async () => {
    const db = freshDb()
    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(tempFolder()) })
    const file = path.join(tempFolder(), 'machine.episode.json')
    fs.writeFileSync(file, JSON.stringify(machineEpisode()))
    const ref = files.register(file)
    const id = machineEpisode().episode.id
    expect(await dispatch(handlers, 'episodes.load', { file: ref })).toEqual({
      ok: true,
      value: { id, replaced: false, warnings: [] },
    })
    expect(await dispatch(handlers, 'episodes.load', { file: ref })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    })
    expect(await dispatch(handlers, 'episodes.load', { file: ref, replace: true })).toEqual({
      ok: true,
      value: { id, replaced: true, warnings: [] },
    })
  })

  it('round-trips any valid document: export(load(doc)) is doc but for when and by what it was written', () => {
    const db = freshDb()
    fc.assert(
      fc.property(episodeDocumentArbitrary, (generated) => {
        const doc = asJson(generated)
        loadEpisodeDocument(db, JSON.stringify(doc), { replace: true })
        // The one thing an export does not take as it was: it never claims `final` for what a final
        // export would refuse.
        const refused =
          doc.review.status === 'final' &&
          finalExportProblems(doc, episodeView(db, doc.episode.id)).length > 0
        const expected = refused ? { ...doc, review: { ...doc.review, status: 'inReview' as const } } : doc
        const exported = exportEpisode(db, doc.episode.id)
        expect(content(exported)).toStrictEqual(content(expected))
        // And again from the export, as a reviewer's file goes back to the pipeline and returns.
        loadEpisodeDocument(db, JSON.stringify(exported), { replace: true })
        expect(content(exportEpisode(db, doc.episode.id))).toStrictEqual(content(expected))
      }),
      { numRuns: 100 },
    )
  })
})
