import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { tempFolder } from '../tempFolder'

describe('the first-run hint', () => {
  it('is shown until closed, and stays closed when the library is opened again', async () => {
    const file = path.join(tempFolder(), 'episcore.sqlite')
    const ask = async (method: string): Promise<unknown> => {
      const db = openDatabase(file)
      try {
        const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
        return await dispatch(handlers, method, {})
      } finally {
        db.close()
      }
    }
    expect(await ask('firstRunHint.get')).toEqual({ ok: true, value: { seen: false } })
    expect(await ask('firstRunHint.dismiss')).toEqual({ ok: true, value: { seen: true } })
    expect(await ask('firstRunHint.dismiss')).toEqual({ ok: true, value: { seen: true } })
    expect(await ask('firstRunHint.get')).toEqual({ ok: true, value: { seen: true } })
  })
})
