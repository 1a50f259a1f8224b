import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '../../../tests/tempFolder'
import { BULK_CHECKPOINT_PAGES, withFewerCheckpoints } from './fewerCheckpoints'
import { openDatabase } from './openDatabase'

const setting = (db: ReturnType<typeof openDatabase>): unknown =>
  db.pragma('wal_autocheckpoint', { simple: true })

describe('a bulk write with fewer checkpoints', () => {
  it('checkpoints less during the work and puts the setting back after it, also when it fails', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    const during = await withFewerCheckpoints(db, async () => setting(db))
    expect(during).toBe(BULK_CHECKPOINT_PAGES)
    expect(setting(db)).toBe(1000)
    await expect(
      withFewerCheckpoints(db, async () => {
        throw new Error('the pull failed')
      }),
    ).rejects.toThrow('the pull failed')
    expect(setting(db)).toBe(1000)
  })

  it('leaves a connection that checkpoints by itself as it is', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    db.pragma('wal_autocheckpoint = 0')
    expect(await withFewerCheckpoints(db, async () => setting(db))).toBe(0)
    expect(setting(db)).toBe(0)
  })
})
