import path from 'node:path'
import { setScore } from '../../src/core/analysis/scores'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { describe, expect, it } from 'vitest'
import { agreement } from '../../src/core/agreement/agreement'
import { analysisCodebook, moveAnalysis } from '../../src/core/codebook/analysisCodebook'
import {
  codebookVersions,
  draftCodebook,
  getCodebook,
  publishCodebook,
  saveDraft,
} from '../../src/core/codebook/codebookVersions'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { undo } from '../../src/core/history/editHistory'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { CodebookDimension } from '../../src/shared/codebook'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { speechMp3 } from '../generateMedia'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const SHOW = 'latent-space'

const library = (): Db => openDatabase(path.join(tempFolder(), 'episcore.sqlite'))

/** A library holding the machine's analysis of one episode of the show. */
function withAnalysis(): Db {
  const db = library()
  loadEpisodeDocument(db, machineEpisode('ep-1'))
  return db
}

const levels = (scale: { min: number; max: number }) => [
  { from: scale.min, to: scale.min + 4, text: 'Little of it' },
  { from: scale.min + 5, to: scale.max, text: 'Much of it' },
]

/** The draft's content with each dimension described on the 0-10 scale. */
function described(db: Db): { scale: { min: number; max: number }; dimensions: CodebookDimension[] } {
  const draft = draftCodebook(db, SHOW)
  return {
    scale: draft.scale,
    dimensions: draft.dimensions.map((d) => ({
      ...d,
      definition: `What ${d.label} means`,
      levels: levels(draft.scale),
    })),
  }
}

const stampOf = (db: Db, id: string) =>
  db.prepare(`SELECT codebook_show AS show, codebook_version AS version FROM episodes WHERE id = ?`).get(id)

describe("a show's codebook versions", () => {
  it('takes its first version from the rubric the show’s episodes share, as a draft until published', () => {
    const db = withAnalysis()
    expect(getCodebook(db, SHOW)).toBeNull()
    const draft = draftCodebook(db, SHOW)
    expect(draft).toMatchObject({
      show: SHOW,
      version: 1,
      state: 'draft',
      scale: { min: 0, max: 10 },
      used: false,
    })
    expect(draft.dimensions.map((d) => d.key)).toEqual(machineEpisode().rubric.dimensions.map((d) => d.key))
    expect(getCodebook(db, SHOW)).toBeNull()
    // Asking again is the same draft, not another version.
    expect(draftCodebook(db, SHOW).version).toBe(1)
    saveDraft(db, SHOW, described(db))
    const published = publishCodebook(db, SHOW)
    expect(published).toMatchObject({ version: 1, state: 'published' })
    expect(getCodebook(db, SHOW)?.dimensions[0]?.levels).toEqual(levels({ min: 0, max: 10 }))
    expect(codebookVersions(db, SHOW).map((v) => [v.version, v.state, v.dimensions])).toEqual([
      [1, 'published', 4],
    ])
  })

  it('never changes a published version: editing makes the next one, copied from the current', () => {
    const db = withAnalysis()
    saveDraft(db, SHOW, described(db))
    publishCodebook(db, SHOW)
    const next = draftCodebook(db, SHOW)
    expect(next).toMatchObject({ version: 2, state: 'draft' })
    expect(next.dimensions).toEqual(getCodebook(db, SHOW)?.dimensions)
    const renamed = { ...described(db) }
    renamed.dimensions = renamed.dimensions.map((d, i) => (i === 0 ? { ...d, label: 'Hosts as peers' } : d))
    saveDraft(db, SHOW, renamed)
    expect(getCodebook(db, SHOW, 1)?.dimensions[0]?.label).toBe('The hosts as informed peer')
    expect(getCodebook(db, SHOW, 2)?.dimensions[0]?.label).toBe('Hosts as peers')
    expect(() => publishCodebook(db, SHOW)).not.toThrow()
    expect(() => publishCodebook(db, SHOW)).toThrow(/no draft to publish/)
  })

  it('refuses descriptors with a gap or an overlap naming the dimension and the scores', () => {
    const db = withAnalysis()
    const content = described(db)
    const [first, second] = content.dimensions
    if (!first || !second) throw new Error('no dimensions')
    first.levels = [
      { from: 0, to: 3, text: 'Little' },
      { from: 6, to: 10, text: 'Much' },
    ]
    second.levels = [
      { from: 0, to: 5, text: 'Little' },
      { from: 4, to: 10, text: 'Much' },
    ]
    expect(() => saveDraft(db, SHOW, content)).toThrow(
      /“The hosts as informed peer”: no level covers 4-5.*“Guest teaching”: levels overlap at 4-5/,
    )
    // Nothing was written.
    expect(draftCodebook(db, SHOW).dimensions[0]?.levels).toEqual([])
  })

  it('refuses two dimensions with one label, as the rubric does, and a repeated key', () => {
    const db = withAnalysis()
    const content = described(db)
    const [first, second] = content.dimensions
    if (!first || !second) throw new Error('no dimensions')
    second.label = ` ${first.label.toUpperCase()} `
    expect(() => saveDraft(db, SHOW, content)).toThrow(
      /already has a dimension labelled “The hosts as informed peer”/,
    )
    second.label = 'Another'
    second.key = first.key
    expect(() => saveDraft(db, SHOW, content)).toThrow(
      /the key "hostsInformedPeer" is another dimension's too/,
    )
  })

  it('writes nothing for refused content, not even the draft it would have been saved into', () => {
    const db = withAnalysis()
    const content = described(db)
    const other = library()
    loadEpisodeDocument(other, machineEpisode('ep-1'))
    const [first, second] = content.dimensions
    if (!first || !second) throw new Error('no dimensions')
    second.key = first.key
    const changes = (): unknown => other.prepare(`SELECT total_changes() AS n`).get()
    const before = changes()
    expect(() => saveDraft(other, SHOW, content)).toThrow(/is another dimension's too/)
    expect(changes()).toEqual(before)
    expect(codebookVersions(other, SHOW)).toEqual([])
  })

  it('keeps anchors that point at real items of the library and refuses those that do not', () => {
    const db = withAnalysis()
    const content = described(db)
    const first = content.dimensions[0] as CodebookDimension
    first.anchors = [
      {
        id: 'a1',
        target: { kind: 'statement', episodeId: 'ep-1', statementId: 's1' },
        note: 'a 7: corrects the host',
      },
      { id: 'a2', target: { kind: 'range', episodeId: 'ep-1', start: 10, end: 20 }, note: '' },
    ]
    expect(saveDraft(db, SHOW, content).dimensions[0]?.anchors).toEqual(first.anchors)
    first.anchors = [
      { id: 'a3', target: { kind: 'chapterScore', episodeId: 'ep-1', chapterId: 'nope' }, note: '' },
    ]
    expect(() => saveDraft(db, SHOW, content)).toThrow(/chapter nope of ep-1, which has none such/)
    first.anchors = [
      { id: 'a4', target: { kind: 'range', episodeId: 'ep-1', start: 10, end: 9000 }, note: '' },
    ]
    expect(() => saveDraft(db, SHOW, content)).toThrow(/past the end of ep-1/)
  })
})

describe('every analysis stamped with the version it was scored under', () => {
  it('scores a new analysis of a show with a published codebook under its current version', async () => {
    const db = withAnalysis()
    const content = described(db)
    content.dimensions = content.dimensions.slice(0, 2).map((d) => ({ ...d, label: `${d.label} (v1)` }))
    content.scale = { min: 1, max: 5 }
    content.dimensions.forEach((d) => (d.levels = [{ from: 1, to: 5, text: 'Any' }]))
    saveDraft(db, SHOW, content)
    publishCodebook(db, SHOW)
    const media = speechMp3(3)
    const id = await createEpisode(db, { mediaPath: media, show: SHOW })
    expect(stampOf(db, id)).toEqual({ show: SHOW, version: 1 })
    const doc = exportEpisode(db, id)
    expect(doc.rubric.scale).toEqual({ min: 1, max: 5 })
    expect(doc.rubric.codebook).toEqual({ show: SHOW, version: 1 })
    expect(doc.rubric.dimensions.map((d) => [d.label, d.description, d.levels])).toEqual(
      content.dimensions.map((d) => [d.label, d.definition, d.levels]),
    )
    // The version is now used: frozen, and the show's next draft is version 2.
    expect(getCodebook(db, SHOW)?.used).toBe(true)
    expect(draftCodebook(db, SHOW).version).toBe(2)
    // Another show, without a codebook, gets the rubric as before, unstamped.
    const other = await createEpisode(db, { mediaPath: media, show: 'elsewhere' })
    expect(stampOf(db, other)).toEqual({ show: null, version: null })
    expect(exportEpisode(db, other).rubric.codebook).toBeUndefined()
  })

  it('round-trips a file with rubric.codebook and levels, making an unknown version known', () => {
    const file = machineEpisode('ep-2')
    // In the format's order: codebook before extensions, as a file written by the exporter has them.
    file.rubric = {
      scale: file.rubric.scale,
      dimensions: file.rubric.dimensions.map((d) => ({ ...d, levels: levels(file.rubric.scale) })),
      codebook: { show: SHOW, version: 3 },
      ...(file.rubric.extensions && { extensions: file.rubric.extensions }),
    }
    expect(validateEpisodeDocument(file).ok).toBe(true)
    const db = library()
    loadEpisodeDocument(db, file)
    expect(stampOf(db, 'ep-2')).toEqual({ show: SHOW, version: 3 })
    expect(getCodebook(db, SHOW)).toMatchObject({ version: 3, state: 'published', used: true })
    const out = exportEpisode(db, 'ep-2')
    expect(out.rubric).toEqual(file.rubric)
    expect(JSON.stringify(out.rubric)).toBe(JSON.stringify(file.rubric))
  })

  it('keeps the library’s own version when a file names one the library has', () => {
    const db = withAnalysis()
    saveDraft(db, SHOW, described(db))
    publishCodebook(db, SHOW)
    const file = machineEpisode('ep-3')
    file.rubric = {
      ...file.rubric,
      dimensions: file.rubric.dimensions.map((d) => ({ ...d, levels: [{ from: 0, to: 10, text: 'Other' }] })),
      codebook: { show: SHOW, version: 1 },
    }
    loadEpisodeDocument(db, file)
    expect(getCodebook(db, SHOW, 1)?.dimensions[0]?.levels).toEqual(levels({ min: 0, max: 10 }))
    expect(exportEpisode(db, 'ep-3').rubric.dimensions[0]?.levels).toEqual(levels({ min: 0, max: 10 }))
  })

  it('loads and exports a file without a codebook as before', () => {
    const db = withAnalysis()
    saveDraft(db, SHOW, described(db))
    publishCodebook(db, SHOW)
    const file = machineEpisode('ep-4')
    loadEpisodeDocument(db, file)
    expect(stampOf(db, 'ep-4')).toEqual({ show: null, version: null })
    const out = exportEpisode(db, 'ep-4')
    expect(out.rubric).toEqual(file.rubric)
    expect('codebook' in out.rubric).toBe(false)
    expect(out.rubric.dimensions.some((d) => 'levels' in d)).toBe(false)
  })

  it('refuses a file whose levels leave a gap or overlap, naming the place and the scores', () => {
    const file = machineEpisode('ep-5')
    file.rubric = {
      ...file.rubric,
      dimensions: file.rubric.dimensions.map((d, i) =>
        i === 1
          ? {
              ...d,
              levels: [
                { from: 0, to: 4, text: 'Low' },
                { from: 7, to: 10, text: 'High' },
              ],
            }
          : d,
      ),
      codebook: { show: SHOW, version: 1 },
    }
    const check = validateEpisodeDocument(file)
    expect(check.ok).toBe(false)
    if (!check.ok)
      expect(check.problems.join('\n')).toMatch(/\/rubric\/dimensions\/1\/levels: no level covers 5-6/)
    const db = library()
    expect(() => loadEpisodeDocument(db, file)).toThrow(/no level covers 5-6/)
    expect(codebookVersions(db, SHOW)).toEqual([])
  })
})

describe('an analysis moved to the current version', () => {
  /** Version 1 published with the analysis stamped by its load; version 2 with the given change. */
  function twoVersions(change: (content: ReturnType<typeof described>) => void): Db {
    const file = machineEpisode('ep-1')
    file.rubric = { ...file.rubric, codebook: { show: SHOW, version: 1 } }
    const db = library()
    loadEpisodeDocument(db, file)
    draftCodebook(db, SHOW)
    const content = described(db)
    change(content)
    saveDraft(db, SHOW, content)
    publishCodebook(db, SHOW)
    return db
  }

  it('says what changed, and moves in one undoable step mapping dimensions by key', () => {
    const db = twoVersions((c) => {
      c.dimensions = c.dimensions.filter((d) => d.key !== 'guestDisagreement')
      c.dimensions[0] = { ...(c.dimensions[0] as CodebookDimension), label: 'Hosts as peers' }
      c.dimensions.push({
        key: 'clarity',
        label: 'Clarity',
        definition: 'Said plainly',
        highlightLabel: 'Clearest',
        levels: [],
        anchors: [],
      })
    })
    const before = exportEpisode(db, 'ep-1')
    const told = analysisCodebook(db, 'ep-1')
    expect(told.stamped).toBe(1)
    expect(told.current).toBe(2)
    expect(told.changes).toMatchObject({
      added: ['clarity'],
      removed: ['guestDisagreement'],
      renamed: [{ key: 'hostsInformedPeer', from: 'The hosts as informed peer', to: 'Hosts as peers' }],
      scaleChanged: false,
    })
    expect(told.changes?.descriptorsChanged).toContain('guestTeaching')
    expect(moveAnalysis(db, 'ep-1')).toEqual({ flagged: 0 })
    const after = exportEpisode(db, 'ep-1')
    expect(after.rubric.codebook).toEqual({ show: SHOW, version: 2 })
    expect(after.rubric.dimensions.map((d) => d.key)).toEqual([
      'hostsInformedPeer',
      'guestTeaching',
      'hostsPushingBack',
      'clarity',
    ])
    expect(after.rubric.dimensions[0]).toMatchObject({
      label: 'Hosts as peers',
      description: 'What The hosts as informed peer means',
    })
    for (const chapter of after.chapters) {
      expect(chapter.scores.guestDisagreement).toBeUndefined()
      expect(chapter.scores.clarity).toEqual({ value: null, reasoning: '' })
    }
    expect(after.highlights.some((h) => h.dimension === 'guestDisagreement')).toBe(false)
    expect(analysisCodebook(db, 'ep-1')).toEqual({ stamped: 2, current: 2, changes: null })
    expect(() => moveAnalysis(db, 'ep-1')).toThrow(/already scored under version 2/)
    undo(db, 'ep-1')
    const undone = exportEpisode(db, 'ep-1')
    expect({ ...undone, exportedAt: '' }).toEqual({ ...before, exportedAt: '' })
  })

  it('flags every score for rescoring when the scale changed, never converting one; undo clears the flags', () => {
    const db = twoVersions((c) => {
      c.scale = { min: 1, max: 5 }
      c.dimensions.forEach((d) => (d.levels = [{ from: 1, to: 5, text: 'Any' }]))
    })
    const values = () =>
      db
        .prepare(
          `SELECT value, rescore FROM scores WHERE episode_id = 'ep-1' ORDER BY chapter_id, dimension_key`,
        )
        .all() as {
        value: number | null
        rescore: number
      }[]
    const before = values()
    expect(analysisCodebook(db, 'ep-1').changes?.scaleChanged).toBe(true)
    const scored = before.filter((s) => s.value !== null).length
    expect(moveAnalysis(db, 'ep-1')).toEqual({ flagged: scored })
    const after = values()
    expect(after.map((s) => s.value)).toEqual(before.map((s) => s.value))
    expect(after.filter((s) => s.rescore === 1)).toHaveLength(scored)
    expect(exportEpisode.bind(null, db, 'ep-1')).toThrow(/outside the scale 1-5/)
    // The editor sees which scores to give again; one scored again is no longer flagged.
    const chapter = episodeView(db, 'ep-1').chapters.find((c) => (c.rescore ?? []).length > 0)
    const dimension = chapter?.rescore?.[0] ?? ''
    expect(chapter?.rescore).toContain(dimension)
    setScore(db, 'ep-1', chapter?.id ?? '', dimension, { value: 3 })
    const rescored = episodeView(db, 'ep-1').chapters.find((c) => c.id === chapter?.id)
    expect(rescored?.rescore ?? []).not.toContain(dimension)
    undo(db, 'ep-1')
    undo(db, 'ep-1')
    expect(values()).toEqual(before)
    expect(exportEpisode(db, 'ep-1').rubric.scale).toEqual({ min: 0, max: 10 })
  })
})

describe('agreement across codebook versions', () => {
  const stamped = (id: string, version: number, definition: string): EpisodeDocument => {
    const doc = machineEpisode('ep-1')
    doc.rubric = {
      ...doc.rubric,
      dimensions: doc.rubric.dimensions.map((d) =>
        d.key === 'guestTeaching' ? { ...d, description: definition } : d,
      ),
      codebook: { show: SHOW, version },
    }
    doc.review = { ...doc.review, reviewer: id }
    return doc
  }

  it('leaves out a dimension whose versions read it differently, saying which; compares the rest', () => {
    const result = agreement([
      { source: 'a.json', document: stamped('a', 1, 'Teaching, v1') },
      { source: 'b.json', document: stamped('b', 2, 'Teaching, v2') },
    ])
    expect(result.leftOut.guestTeaching).toBe(
      `it was scored under codebook versions that define or describe it differently (${SHOW} v1 in a.json, ${SHOW} v2 in b.json)`,
    )
    expect(Object.keys(result.dimensions)).toEqual([
      'hostsInformedPeer',
      'guestDisagreement',
      'hostsPushingBack',
    ])
  })

  it('compares within one version, and across versions that leave the dimension unchanged', () => {
    const same = agreement([
      { source: 'a.json', document: stamped('a', 1, 'Teaching') },
      { source: 'b.json', document: stamped('b', 2, 'Teaching') },
    ])
    expect(same.leftOut).toEqual({})
    expect(Object.keys(same.dimensions)).toHaveLength(4)
  })
})
