import { beforeAll, describe, expect, it } from 'vitest'
import { doneEdits, makeTemplate, openCopy, type Template } from './analysisFixture'

let template: Template

beforeAll(async () => {
  template = await makeTemplate()
})

describe('a score typed as 1 then 0', () => {
  it('is one undo step to 10 when the 0 amends the 1 on the same cell', async () => {
    const s = openCopy(template)
    try {
      const { chapterId } = await s.call('chapters.split', { at: 30 })
      const before = doneEdits(s.db, s.id)
      await s.call('scores.set', { chapterId, dimension: 'guestTeaching', value: 1 })
      const { view } = await s.call('scores.set', {
        chapterId,
        dimension: 'guestTeaching',
        value: 10,
        amend: true,
      })
      expect(view.chapters.find((c) => c.id === chapterId)?.scores.guestTeaching?.value).toBe(10)
      expect(doneEdits(s.db, s.id)).toBe(before + 1)
      const undone = await s.call('history.undo', {})
      expect(undone.view.chapters.find((c) => c.id === chapterId)?.scores.guestTeaching?.value).toBeNull()
      const redone = await s.call('history.redo', {})
      expect(redone.view.chapters.find((c) => c.id === chapterId)?.scores.guestTeaching?.value).toBe(10)
    } finally {
      s.db.close()
    }
  })

  it('never folds into an edit of another cell, nor past an undo', async () => {
    const s = openCopy(template)
    try {
      const { chapterId } = await s.call('chapters.split', { at: 30 })
      await s.call('scores.set', { chapterId, dimension: 'guestTeaching', value: 1 })
      const before = doneEdits(s.db, s.id)
      await s.call('scores.set', { chapterId, dimension: 'guestDisagreement', value: 10, amend: true })
      expect(doneEdits(s.db, s.id)).toBe(before + 1)
      await s.call('history.undo', {})
      await s.call('scores.set', { chapterId, dimension: 'guestTeaching', value: 10, amend: true })
      const { view } = await s.call('history.undo', {})
      // The amend after an undo is an edit of its own: undoing it leaves the 1 typed before.
      expect(view.chapters.find((c) => c.id === chapterId)?.scores.guestTeaching?.value).toBe(1)
    } finally {
      s.db.close()
    }
  })
})
