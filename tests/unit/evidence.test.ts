import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeJsonText, exportEpisode } from '../../src/core/export/exportEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { MethodName, RequestOf, ReviewReport } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** The machine's episode citing: a statement and a range from a score, nothing from a why, a range from the highlight. */
function citing(): EpisodeDocument {
  const doc = machineEpisode('citing')
  const [first, second] = doc.chapters
  if (!first || !second) throw new Error('chapters were expected')
  first.scores['guestTeaching'] = {
    value: 7,
    reasoning: 'He explains it.',
    // Keys in another order than the format's: the export writes them in its own.
    evidence: [{ note: 'the claim', statement: 's1' } as never, { start: 20.5, end: 34.25 }],
  }
  first.evidence = []
  second.scores['guestDisagreement'] = {
    value: 6,
    reasoning: 'He disagrees.',
    evidence: [{ start: 300, end: 310, note: 'late' }],
  }
  doc.highlights[0]!.evidence = [{ start: 410, end: 420 }]
  return doc
}

function library(doc: EpisodeDocument = citing()): {
  db: Db
  call: <K extends MethodName>(m: K, r: RequestOf<K>) => Promise<void>
} {
  const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
  loadEpisodeDocument(db, doc)
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  return {
    db,
    call: async (method, request) => {
      const reply = await dispatch(handlers, method, request)
      if (!reply.ok) throw new Error(reply.error.message)
    },
  }
}

const scoreEvidence = (db: Db, chapter: number, key: string): unknown =>
  exportEpisode(db, 'citing').chapters[chapter]?.scores[key]?.evidence

describe('evidence in episode JSON', () => {
  it('round-trips exactly: items in the format’s key order, [] kept as [], absent left absent', () => {
    const { db } = library()
    const out = exportEpisode(db, 'citing')
    expect(out.chapters[0]?.scores['guestTeaching']?.evidence).toEqual([
      { statement: 's1', note: 'the claim' },
      { start: 20.5, end: 34.25 },
    ])
    expect(episodeJsonText(out)).toContain(
      '{\n              "statement": "s1",\n              "note": "the claim"\n            }',
    )
    expect(out.chapters[0]?.evidence).toEqual([])
    expect(out.chapters[1]).not.toHaveProperty('evidence')
    expect(out.chapters[1]?.scores['guestTeaching']).not.toHaveProperty('evidence')
    expect(out.highlights[0]?.evidence).toEqual([{ start: 410, end: 420 }])
    // Loaded again, the same document.
    const again = library(out)
    expect(exportEpisode(again.db, 'citing').chapters).toEqual(out.chapters)
    db.close()
  })

  it('refuses, with the JSON path, what cannot be evidence, and loads nothing', () => {
    const refused = (change: (doc: EpisodeDocument) => void): string[] => {
      const doc = citing()
      change(doc)
      const result = validateEpisodeDocument(JSON.parse(JSON.stringify(doc)))
      return result.ok ? [] : result.problems
    }
    const score = (doc: EpisodeDocument) => doc.chapters[1]!.scores['guestTeaching']!
    expect(refused((d) => (score(d).evidence = [{ statement: 'nope' }]))).toEqual([
      '/chapters/1/scores/guestTeaching/evidence/0/statement: "nope" is not a statement id',
    ])
    expect(refused((d) => (score(d).evidence = [{ start: 30, end: 20 }]))).toEqual([
      '/chapters/1/scores/guestTeaching/evidence/0/end: end 20 is before start 30',
    ])
    expect(refused((d) => (d.highlights[0]!.evidence = [{ start: 590, end: 601 }]))).toEqual([
      "/highlights/0/evidence/0/end: 601 is past the media's end (600)",
    ])
    expect(
      refused((d) => (score(d).evidence = Array.from({ length: 101 }, () => ({ start: 1, end: 2 })))),
    ).toEqual([expect.stringMatching(/^\/chapters\/1\/scores\/guestTeaching\/evidence: .*100/)])
    expect(
      refused((d) => (d.chapters[0]!.evidence = [{ start: 1, end: 2, note: 'x'.repeat(2001) }])),
    ).toEqual([expect.stringMatching(/^\/chapters\/0\/evidence\/0/)])
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    const doc = citing()
    doc.chapters[0]!.evidence = [{ statement: 'gone' }]
    expect(() => loadEpisodeDocument(db, doc)).toThrow(
      '/chapters/0/evidence/0/statement: "gone" is not a statement id',
    )
    expect(db.prepare(`SELECT count(*) FROM episodes`).pluck().get()).toBe(0)
    db.close()
  })
})

describe('citations stay true under edits', () => {
  it('a deleted or rejected statement leaves its moment as times, in the same undo step', async () => {
    const { db, call } = library()
    await call('statements.delete', { id: 'citing', statementId: 's1' })
    expect(scoreEvidence(db, 0, 'guestTeaching')).toEqual([
      { start: 5, end: 12, note: 'the claim' },
      { start: 20.5, end: 34.25 },
    ])
    await call('history.undo', { id: 'citing' })
    expect(scoreEvidence(db, 0, 'guestTeaching')).toEqual([
      { statement: 's1', note: 'the claim' },
      { start: 20.5, end: 34.25 },
    ])
    await call('review.reject', { id: 'citing', kind: 'statement', itemId: 's1' })
    expect(scoreEvidence(db, 0, 'guestTeaching')).toEqual([
      { start: 5, end: 12, note: 'the claim' },
      { start: 20.5, end: 34.25 },
    ])
    db.close()
  })

  it('merging chapters keeps both lists; splitting gives each half what lies inside it', async () => {
    const { db, call } = library()
    await call('chapters.split', { id: 'citing', at: 15 })
    // The statement (5-12 s) stays left of 15 s; the range from 20.5 s goes right, with the new chapter.
    expect(scoreEvidence(db, 0, 'guestTeaching')).toEqual([{ statement: 's1', note: 'the claim' }])
    expect(scoreEvidence(db, 1, 'guestTeaching')).toEqual([{ start: 20.5, end: 34.25 }])
    expect(exportEpisode(db, 'citing').chapters[1]?.evidence).toEqual([])
    await call('history.undo', { id: 'citing' })
    const [first] = exportEpisode(db, 'citing').chapters
    await call('chapters.mergeNext', { id: 'citing', chapterId: first!.id })
    const merged = exportEpisode(db, 'citing').chapters[0]
    expect(merged?.scores['guestDisagreement']?.evidence).toEqual([{ start: 300, end: 310, note: 'late' }])
    expect(merged?.scores['guestTeaching']?.evidence).toEqual([
      { statement: 's1', note: 'the claim' },
      { start: 20.5, end: 34.25 },
    ])
    db.close()
  })
})

describe('requiring evidence', () => {
  it('turns the note into an error: from the CLI flag on a file, and from the library’s rule on a final export', async () => {
    const file = path.join(tempFolder(), 'analysis.json')
    fs.writeFileSync(file, JSON.stringify(citing()))
    const kinds = (args: string[]): string[] =>
      episcore(['problems', file, ...args])
        .stdout.trim()
        .split('\n')
        .filter((l) => l.includes('/evidence\t'))
        .map((l) => l.split('\t')[0] ?? '')
    // The machine's scores with reasoning and no evidence: every one but the two cited.
    const notes = kinds([])
    expect(notes.length).toBeGreaterThan(0)
    expect(new Set(notes)).toEqual(new Set(['note']))
    expect(new Set(kinds(['--require-evidence']))).toEqual(new Set(['error']))

    const { db, call } = library()
    await call('rules.requireEvidence', { id: 'citing', required: true })
    const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    const final = await dispatch(handlers, 'episodes.exportAs', {
      id: 'citing',
      format: 'episode',
      final: true,
    })
    expect(final.ok).toBe(false)
    if (!final.ok)
      expect(final.error.message).toContain(
        '/chapters/2/scores/guestTeaching/evidence: reasoning without evidence',
      )
    db.close()
  })
})

describe('the review report', () => {
  it('shows a changed machine score’s evidence beside the reviewer’s score', async () => {
    const { db, call } = library()
    await call('scores.set', {
      id: 'citing',
      chapterId: 'c2',
      dimension: 'guestDisagreement',
      value: 2,
      reasoning: 'He barely disagrees.',
    })
    const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    const report = await dispatch(handlers, 'review.report', { id: 'citing' })
    if (!report.ok) throw new Error(report.error.message)
    const changed = (report.value as ReviewReport).chapters
      .flatMap((c) => c.dimensions)
      .find((d) => d.key === 'guestDisagreement')
    expect(changed).toMatchObject({
      machine: 6,
      reviewer: 2,
      evidence: [{ start: 300, end: 310, note: 'late' }],
    })
    db.close()
  })
})
