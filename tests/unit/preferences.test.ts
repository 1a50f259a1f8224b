import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { DEFAULT_PREFERENCES } from '../../src/shared/preferences'
import { tempFolder } from '../tempFolder'

/** Asks the core of a library opened anew for each call, as each launch of the app does. */
const libraryAt =
  (file: string) =>
  async (method: string, request: unknown = {}): Promise<unknown> => {
    const db = openDatabase(file)
    try {
      const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
      return await dispatch(handlers, method, request)
    } finally {
      db.close()
    }
  }

describe('the editor’s kept choices', () => {
  it('start at their defaults and are kept across launches, each on its own', async () => {
    const ask = libraryAt(path.join(tempFolder(), 'episcore.sqlite'))
    expect(await ask('preferences.get')).toEqual({ ok: true, value: DEFAULT_PREFERENCES })
    expect(await ask('preferences.set', { firstRunHintSeen: true })).toEqual({
      ok: true,
      value: { ...DEFAULT_PREFERENCES, firstRunHintSeen: true },
    })
    await ask('preferences.set', { playNextAfterDecision: true })
    await ask('preferences.set', { playNextAfterDecision: false })
    await ask('preferences.set', { playNextAfterDecision: true })
    expect(await ask('preferences.get')).toEqual({
      ok: true,
      value: { ...DEFAULT_PREFERENCES, firstRunHintSeen: true, playNextAfterDecision: true },
    })
    // The video's height, dragged, then automatic again.
    await ask('preferences.set', { playerHeight: 360 })
    expect(await ask('preferences.get')).toMatchObject({ ok: true, value: { playerHeight: 360 } })
    await ask('preferences.set', { playerHeight: null })
    expect(await ask('preferences.get')).toMatchObject({ ok: true, value: { playerHeight: null } })
  })

  it('read the choices the first versions kept as yes and no', async () => {
    const file = path.join(tempFolder(), 'episcore.sqlite')
    const db = openDatabase(file)
    db.prepare(
      `INSERT INTO settings (key, value) VALUES ('firstRunHintSeen', 'yes'), ('playerHeight', '{')`,
    ).run()
    db.close()
    expect(await libraryAt(file)('preferences.get')).toEqual({
      ok: true,
      value: { ...DEFAULT_PREFERENCES, firstRunHintSeen: true },
    })
  })

  it('refuse a choice nobody declared, or of the wrong kind, naming it, and keep nothing of it', async () => {
    const ask = libraryAt(path.join(tempFolder(), 'episcore.sqlite'))
    const unknown = (await ask('preferences.set', { theme: 'dark', firstRunHintSeen: true })) as {
      ok: boolean
      error?: { message: string }
    }
    expect(unknown.ok).toBe(false)
    expect(JSON.stringify(unknown)).toContain('theme')
    const wrongKind = await ask('preferences.set', { playNextAfterDecision: 'yes' })
    expect(JSON.stringify(wrongKind)).toContain('playNextAfterDecision')
    const tooSmall = await ask('preferences.set', { playerHeight: 3 })
    expect(JSON.stringify(tooSmall)).toContain('playerHeight')
    expect(await ask('preferences.get')).toEqual({ ok: true, value: DEFAULT_PREFERENCES })
  })
})
