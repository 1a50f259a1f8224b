import { beforeAll, describe, expect, it } from 'vitest'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { tempFolder } from '../tempFolder'
import { makeTemplate, openCopy, seedMachineAnalysis, validExport, type Template } from './analysisFixture'

let template: Template

beforeAll(async () => {
  template = await makeTemplate()
})

describe('the reviewer', () => {
  it('is asked once, kept in the database, and written to review.reviewer by a decision (undone with it)', async () => {
    const s = openCopy(template)
    try {
      seedMachineAnalysis(s.db, s.id)
      // Not an episode's: asked of the library, through the same door.
      const handlers = createHandlers({
        db: s.db,
        files: new FileRefs(),
        peaks: new PeaksCache(tempFolder()),
      })
      const library = (method: string, request: object): ReturnType<typeof dispatch> =>
        dispatch(handlers, method, request)
      expect(await library('reviewer.get', {})).toEqual({ ok: true, value: { name: null } })
      expect(await library('reviewer.set', { name: '  Ada Reviewer ' })).toEqual({
        ok: true,
        value: { name: 'Ada Reviewer' },
      })
      expect(await library('reviewer.get', {})).toEqual({ ok: true, value: { name: 'Ada Reviewer' } })
      expect(validExport(s.db, s.id).review.reviewer).toBeNull()
      const item = s.view().chapters[0]
      if (!item) throw new Error('a chapter')
      await s.call('review.accept', { kind: 'chapter', itemId: item.id })
      expect(validExport(s.db, s.id).review.reviewer).toBe('Ada Reviewer')
      await s.call('history.undo', {})
      expect(validExport(s.db, s.id).review.reviewer).toBeNull()
      expect(await library('reviewer.set', { name: ' ' })).toMatchObject({
        ok: false,
        error: { code: 'invalid-request', message: '/name: a name is needed' },
      })
    } finally {
      s.db.close()
    }
  })
})
