import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '../../../tests/tempFolder'
import { BULK_CACHE_KIB, BULK_CHECKPOINT_PAGES, withBulkWriteSettings } from './bulkWriteSettings'
import { openDatabase, type Db } from './openDatabase'

const settings = (db: Db): { checkpoint: unknown; cache: unknown } => ({
  checkpoint: db.pragma('wal_autocheckpoint', { simple: true }),
  cache: db.pragma('cache_size', { simple: true }),
})

describe('a bulk write’s settings', () => {
  it('checkpoint less and cache more during the work, and are put back after it, also when it fails', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    const before = settings(db)
    const during = await withBulkWriteSettings(db, async () => settings(db))
    expect(during).toEqual({ checkpoint: BULK_CHECKPOINT_PAGES, cache: -BULK_CACHE_KIB })
    expect(settings(db)).toEqual(before)
    await expect(
      withBulkWriteSettings(db, async () => {
        throw new Error('the pull failed')
      }),
    ).rejects.toThrow('the pull failed')
    expect(settings(db)).toEqual(before)
  })

  it('leave a connection that checkpoints by itself, or caches more already, as it is', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    db.pragma('wal_autocheckpoint = 0')
    db.pragma('cache_size = -200000')
    const during = await withBulkWriteSettings(db, async () => settings(db))
    expect(during).toEqual({ checkpoint: 0, cache: -200000 })
    expect(settings(db)).toEqual(during)
  })
})
