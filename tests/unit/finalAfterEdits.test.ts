import { beforeAll, describe, expect, it } from 'vitest'
import { relinkMedia } from '../../src/core/episodes/relinkMedia'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { speechMp3 } from '../generateMedia'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import {
  makeTemplate,
  openCopy,
  seedMachineAnalysis,
  snapshot,
  type Session,
  type Template,
} from './analysisFixture'
import { reviewEverything } from './publishFixture'

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

const reviewStatus = (s: Session): string => s.view().summary.reviewStatus

/** The interview's machine analysis, reviewed and published with `--final`. */
async function published(): Promise<Session> {
  const s = openCopy(template)
  seedMachineAnalysis(s.db, s.id)
  reviewEverything(s.db, s.id)
  await s.call('episodes.exportAs', { format: 'episode', final: true })
  expect(reviewStatus(s)).toBe('final')
  return s
}

describe('a final episode that is edited', () => {
  it('goes back into review in the same undo step as a typed score, and is final again on undo', async () => {
    const s = await published()
    const before = snapshot(s.db, s.id)
    const { view } = await s.call('scores.set', { chapterId: 'ch1', dimension: 'guestTeaching', value: 3 })
    expect(view.summary.reviewStatus).toBe('inReview')
    expect(view.history.undoLabel).not.toBe('Publish')
    expect(exportEpisode(s.db, s.id).review.status).toBe('inReview')
    await s.call('history.undo', {})
    expect(snapshot(s.db, s.id)).toEqual(before)
    expect(reviewStatus(s)).toBe('final')
    await s.call('history.redo', {})
    expect(reviewStatus(s)).toBe('inReview')
  })

  it('goes back into review whatever is edited: a title, a chapter, the details', async () => {
    for (const change of [
      (s: Session) => s.call('episodes.update', { patch: { title: 'Renamed' } }),
      (s: Session) => s.call('chapters.update', { chapterId: 'ch2', patch: { title: 'Other' } }),
      (s: Session) => s.call('episodes.update', { patch: { summary: 'Changed' } }),
    ]) {
      const s = await published()
      const undoable = s.view().history
      await change(s)
      expect(reviewStatus(s)).toBe('inReview')
      // One step: a single undo takes back both the change and the status.
      expect(s.view().history.undoLabel).not.toBe(undoable.undoLabel)
      await s.call('history.undo', {})
      expect(reviewStatus(s)).toBe('final')
    }
  })

  it('is refused a final export after the edit left a score without its own reasoning', async () => {
    const s = await published()
    await s.call('scores.set', { chapterId: 'ch1', dimension: 'guestTeaching', reasoning: '' })
    const { text } = await s.call('episodes.exportAs', { format: 'episode' })
    expect(JSON.parse(text).review.status).toBe('inReview')
    const refusal = await s.refusal('episodes.exportAs', { format: 'episode', final: true })
    expect(refusal.message).toMatch(/^Not ready to publish/)
  })
})

describe('a final episode relinked', () => {
  it('stays final when its own file moved, and goes back into review on other media', async () => {
    const s = await published()
    await relinkMedia(s.db, s.id, template.media)
    expect(reviewStatus(s)).toBe('final')
    await relinkMedia(s.db, s.id, speechMp3(61))
    expect(reviewStatus(s)).toBe('inReview')
    expect(exportEpisode(s.db, s.id).review.status).toBe('inReview')
  }, 60_000)
})

describe('an episode loaded as final', () => {
  it('keeps the file status on load --replace, and exports claim final only for content a final export accepts', async () => {
    const s = await published()
    const doc = exportEpisode(s.db, s.id)
    expect(doc.review.status).toBe('final')
    // The same file, replacing an episode in review, makes it final again.
    await s.call('episodes.update', { patch: { title: 'Renamed' } })
    expect(reviewStatus(s)).toBe('inReview')
    loadEpisodeDocument(s.db, JSON.parse(JSON.stringify(doc)), { replace: true })
    expect(reviewStatus(s)).toBe('final')

    // A file that says final while a why is empty loads as the file says, but is not exported as final.
    const unfinished = JSON.parse(JSON.stringify(doc)) as typeof doc
    unfinished.chapters[0]!.why = ''
    loadEpisodeDocument(s.db, unfinished, { replace: true })
    expect(reviewStatus(s)).toBe('final')
    expect(exportEpisode(s.db, s.id).review.status).toBe('inReview')
    const { text } = await s.call('episodes.exportAs', { format: 'episode' })
    expect(JSON.parse(text).review.status).toBe('inReview')
  })
})
