import { beforeAll, describe, expect, it } from 'vitest'
import { makeTemplate, openCopy, seedMachineAnalysis, type Session, type Template } from './analysisFixture'

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

/** An episode holding a machine's analysis, unreviewed, with the machine's scores kept for comparison. */
function machineEpisode(): Session {
  const session = openCopy(template)
  seedMachineAnalysis(session.db, session.id)
  session.db.prepare(`UPDATE scores SET machine_value = value, machine_reasoning = reasoning`).run()
  return session
}

describe('reviewing a machine analysis', () => {
  it('shows the machine items as unreviewed, with the machine scores beside the reviewer’s', () => {
    const s = machineEpisode()
    const view = s.view()
    expect(view.chapters.map((c) => c.status)).toEqual(['unreviewed', 'unreviewed', 'unreviewed'])
    expect(view.chapters[1]?.machineScores?.guestTeaching).toEqual(view.chapters[1]?.scores.guestTeaching)
    expect(view.summary.reviewStatus).toBe('draft')
  })

  it('accept marks reviewed and starts the review; reject deletes; both undo in one step each', async () => {
    const s = machineEpisode()
    await s.call('review.accept', { kind: 'chapter', itemId: 'ch1' })
    let view = s.view()
    expect(view.chapters[0]?.status).toBe('accepted')
    expect(view.summary.reviewStatus).toBe('inReview')
    expect(view.history.undoLabel).toBe('Accept chapter')

    await s.call('review.reject', { kind: 'statement', itemId: 'st1' })
    view = s.view()
    expect(view.statements).toHaveLength(0)
    await s.call('history.undo', {})
    expect(s.view().statements.map((x) => x.id)).toEqual(['st1'])
    await s.call('history.undo', {})
    expect(s.view().chapters[0]?.status).toBe('unreviewed')
    expect(s.view().summary.reviewStatus).toBe('draft')
  })

  it('editing a machine score marks that score edited, not its chapter, and the report measures the difference', async () => {
    const s = machineEpisode()
    const before = s.view().chapters[1]?.scores.guestTeaching?.value ?? 0
    await s.call('scores.set', {
      chapterId: 'ch2',
      dimension: 'guestTeaching',
      value: before + 3,
      reasoning: 'more',
    })
    await s.call('review.accept', { kind: 'chapter', itemId: 'ch1' })
    await s.call('review.reject', { kind: 'highlight', itemId: 'hl1' })
    const view = s.view()
    // The chapter waits for its own A, with the rest of its scores in view.
    expect(view.chapters[1]?.status).toBe('unreviewed')
    expect(view.chapters[1]?.scoreReview?.guestTeaching).toBe('edited')
    expect(view.chapters[1]?.scoreReview?.hostsInformedPeer).toBe('unreviewed')
    expect(view.chapters[1]?.machineScores?.guestTeaching?.value).toBe(before)
    const report = await s.call('review.report', {})
    const teaching = report.dimensions.find((d) => d.key === 'guestTeaching')
    // ch1 accepted as the machine had it (difference 0), ch2's score edited by 3: the mean is 1.5.
    expect(teaching).toMatchObject({ compared: 2, meanAbsoluteDifference: 1.5 })
    expect(report.dimensions.find((d) => d.key === 'hostsInformedPeer')).toMatchObject({
      compared: 1,
      meanAbsoluteDifference: 0,
    })
    expect(report).toMatchObject({ accepted: 1, edited: 0, rejected: 1, unreviewed: 3 })
    expect(report.chapters).toMatchObject([
      { chapterId: 'ch2', status: 'unreviewed', dimensions: [{ key: 'guestTeaching', review: 'edited' }] },
    ])
    const { text } = await s.call('episodes.exportAs', { format: 'episode' })
    expect(JSON.parse(text).chapters[1].status).toBe('unreviewed')

    // Accepted, the chapter is; its edited score stays edited, the others are accepted with it.
    await s.call('review.accept', { kind: 'chapter', itemId: 'ch2' })
    const accepted = s.view().chapters[1]
    expect(accepted?.status).toBe('accepted')
    expect(accepted?.scoreReview).toMatchObject({ guestTeaching: 'edited', hostsInformedPeer: 'accepted' })
  })

  it('refuses to reject the editor’s own items', async () => {
    const s = machineEpisode()
    const created = await s.call('statements.create', { start: 1, end: 3 })
    const refusal = await s.refusal('review.reject', { kind: 'statement', itemId: created.statementId })
    expect(refusal.message).toMatch(/only a machine's statements are rejected/)
  })
})
