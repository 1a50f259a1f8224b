import { beforeAll, describe, expect, it } from 'vitest'
import { lastMillis } from '../../src/shared/preciseTime'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import {
  makeTemplate,
  openCopy,
  seedMachineAnalysis,
  snapshot,
  type Session,
  type Template,
} from './analysisFixture'
import { SEEDED_ANALYSIS_PROBLEMS, reviewEverything } from './publishFixture'

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

/** The interview with the machine's analysis: three chapters, a highlight and a statement, unreviewed. */
function seeded(): Session {
  const s = openCopy(template)
  seedMachineAnalysis(s.db, s.id)
  return s
}

const reviewStatus = (s: Session): string => s.view().summary.reviewStatus

/** Asks for a final export, expects it refused, and answers its problem lines after checking nothing changed. */
async function refusedProblems(
  s: Session,
  format: 'episode' | 'html' | 'chapters' = 'episode',
): Promise<string[]> {
  const before = snapshot(s.db, s.id)
  const history = s.view().history
  const error = await s.refusal('episodes.exportAs', { format, final: true })
  expect(error.code).toBe('invalid-input')
  expect(snapshot(s.db, s.id)).toEqual(before)
  expect(s.view().history).toEqual(history)
  const [lead, ...problems] = error.message.split('\n')
  return [lead ?? '', ...problems]
}

describe('a final export refuses an unfinished analysis', () => {
  it('lists every unreviewed item and empty why with its JSON path, and changes nothing', async () => {
    const s = seeded()
    expect(await refusedProblems(s)).toEqual([
      'Not ready to publish (6 problems):',
      ...SEEDED_ANALYSIS_PROBLEMS,
    ])
    expect(reviewStatus(s)).toBe('draft')
  })

  it('names a score not given and a score or chapter without reasoning', async () => {
    const s = seeded()
    reviewEverything(s.db, s.id)
    await s.call('scores.set', { chapterId: 'ch1', dimension: 'guestTeaching', value: null })
    await s.call('scores.set', { chapterId: 'ch2', dimension: 'hostsPushingBack', reasoning: '' })
    await s.call('chapters.update', { chapterId: 'ch3', patch: { why: '' } })
    expect((await refusedProblems(s, 'html')).slice(1)).toEqual([
      '/chapters/0/scores/guestTeaching/value: not scored',
      '/chapters/1/scores/hostsPushingBack/reasoning: empty',
      '/chapters/2/why: empty',
    ])
  })

  it('names every gap: before the first chapter, between two, and before the end of the media', async () => {
    const s = seeded()
    reviewEverything(s.db, s.id)
    const end = lastMillis(s.view().summary.durationSeconds)
    s.db.prepare(`UPDATE chapters SET start = 1 WHERE episode_id = ? AND id = 'ch1'`).run(s.id)
    s.db.prepare(`UPDATE chapters SET start = 13 WHERE episode_id = ? AND id = 'ch2'`).run(s.id)
    s.db.prepare(`UPDATE chapters SET end = ? WHERE episode_id = ? AND id = 'ch3'`).run(end - 0.001, s.id)
    const problems = (await refusedProblems(s)).slice(1)
    expect(problems).toHaveLength(3)
    expect(problems[0]).toBe('/chapters/0/start: a gap: no chapter covers 0:00.000–0:01.000')
    expect(problems[1]).toBe('/chapters/1/start: a gap: no chapter covers 0:12.500–0:13.000')
    expect(problems[2]).toMatch(
      /^\/chapters\/2\/end: a gap: no chapter covers 1:00\.\d{3}–1:00\.\d{3}, the end of the media$/,
    )
  })

  it('refuses an episode without chapters', async () => {
    const s = openCopy(template)
    expect(await refusedProblems(s)).toEqual([
      'Not ready to publish (1 problem):',
      '/chapters: no chapters; a final export covers the whole media with them',
    ])
  })

  it('changes nothing when the format itself refuses, though the analysis is finished', async () => {
    const s = seeded()
    reviewEverything(s.db, s.id)
    s.db.prepare(`UPDATE chapters SET title = '' WHERE episode_id = ? AND id = 'ch2'`).run(s.id)
    expect(await refusedProblems(s, 'chapters')).toEqual([
      'Cannot write the chapters file (1 problem):',
      '/chapters/1/title: chapter 2 (0:12–0:40) has no title; a chapters file needs one',
    ])
    expect(reviewStatus(s)).toBe('draft')
  })
})

describe('a final export of a finished analysis', () => {
  it('accepts a last chapter that ends at the last whole millisecond, and makes the episode final', async () => {
    const s = seeded()
    reviewEverything(s.db, s.id)
    const before = snapshot(s.db, s.id)
    const { fileName, text } = await s.call('episodes.exportAs', { format: 'episode', final: true })
    expect(fileName).toBe('Interview.episode.json')
    const check = validateEpisodeDocument(JSON.parse(text))
    if (!check.ok) throw new Error(check.problems.join('\n'))
    const row = s.db.prepare(`SELECT review_status, updated_at FROM episodes WHERE id = ?`).get(s.id) as {
      review_status: string
      updated_at: string
    }
    expect(row.review_status).toBe('final')
    // The file says what the episode now is.
    expect(check.document.review).toMatchObject({ status: 'final', updatedAt: row.updated_at })
    expect(s.view().history).toMatchObject({ canUndo: true, undoLabel: 'Publish' })
    const after = snapshot(s.db, s.id)

    await s.call('history.undo', {})
    expect(snapshot(s.db, s.id)).toEqual(before)
    expect(reviewStatus(s)).toBe('draft')
    await s.call('history.redo', {})
    expect(snapshot(s.db, s.id)).toEqual(after)
    expect(reviewStatus(s)).toBe('final')
  })

  it('publishes in any format, and publishing again records nothing new', async () => {
    const s = seeded()
    reviewEverything(s.db, s.id)
    const { text } = await s.call('episodes.exportAs', { format: 'html', final: true })
    expect(text).toMatch(/^<!doctype html>/)
    expect(reviewStatus(s)).toBe('final')
    const history = s.view().history
    const rows = snapshot(s.db, s.id).rows
    await s.call('episodes.exportAs', { format: 'episode', final: true })
    expect(s.view().history).toEqual(history)
    expect(snapshot(s.db, s.id).rows).toEqual(rows)
  })
})

describe('exports that are not final', () => {
  it('leave a draft as it is, in every format, named after the title', async () => {
    const s = seeded()
    const before = snapshot(s.db, s.id)
    const history = s.view().history
    const names: Record<string, string> = {}
    for (const format of ['episode', 'chapters', 'youtube', 'vtt-chapters', 'csv', 'html'] as const)
      names[format] = (await s.call('episodes.exportAs', { format })).fileName
    expect(names).toEqual({
      episode: 'Interview.episode.json',
      chapters: 'Interview.chapters.json',
      youtube: 'Interview.youtube.txt',
      'vtt-chapters': 'Interview.chapters.vtt',
      csv: 'Interview.csv',
      html: 'Interview.html',
    })
    expect(snapshot(s.db, s.id)).toEqual(before)
    expect(s.view().history).toEqual(history)
    expect(reviewStatus(s)).toBe('draft')
  })

  it('write the same episode JSON as episodes.export, transcript included', async () => {
    const s = seeded()
    const { text } = await s.call('episodes.exportAs', { format: 'episode' })
    const { json } = await s.call('episodes.export', {})
    const withoutTime = (t: string): unknown => ({ ...JSON.parse(t), exportedAt: null })
    expect(withoutTime(text)).toEqual(withoutTime(json))
    expect(JSON.parse(text).transcript.segments.length).toBeGreaterThan(0)
    expect(text.endsWith('}\n')).toBe(true)
  })

  it('refuse an unknown format at the contract', async () => {
    const s = seeded()
    const reply = await s.reply('episodes.exportAs', { format: 'pdf' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
  })
})
