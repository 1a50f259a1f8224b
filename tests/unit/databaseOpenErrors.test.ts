import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { nativeModuleFailure } from '../../src/core/db/databaseOpenFailure'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { DatabaseSession } from '../../src/core/service/databaseSession'
import { FileRefs } from '../../src/core/service/fileRefs'
import { tempFolder } from '../tempFolder'

/** What the app says when it cannot open the database at `file` (as the core reports it at start). */
function refusal(file: string): string {
  try {
    new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(tempFolder()) }).close()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${file} opened`)
}

const root = process.getuid?.() === 0

/**
 * A small tmpfs of our own (room for a new library, its schema and WAL, and little more), where the
 * system lets this process mount one (root on Linux).
 */
function tinyDisk(): string | null {
  if (!root || process.platform !== 'linux') return null
  const dir = tempFolder()
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' })
    mounted.push(dir)
    return dir
  } catch {
    return null
  }
}
const mounted: string[] = []
afterAll(() => {
  for (const dir of mounted) execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
})

describe('a database that cannot be opened is named with its cause', () => {
  it('a folder at the database’s path', () => {
    const folder = path.join(tempFolder(), 'episcore.sqlite')
    fs.mkdirSync(folder)
    const message = refusal(folder)
    expect(message).toBe(
      `Episcore cannot open its database ${folder}: that path is a folder, not a database file; choose the file itself.`,
    )
  })

  it.skipIf(root || process.platform === 'win32')('a file this user may not read or write', () => {
    const file = path.join(tempFolder(), 'episcore.sqlite')
    fs.writeFileSync(file, '')
    fs.chmodSync(file, 0o000)
    expect(refusal(file)).toContain(
      `${file}: the file may not be read and written by this user (permission denied)`,
    )
  })

  it.skipIf(root || process.platform === 'win32')('a folder where the database cannot be created', () => {
    const folder = tempFolder()
    fs.chmodSync(folder, 0o555)
    const file = path.join(folder, 'episcore.sqlite')
    expect(refusal(file)).toContain(`its folder may not be read and written by this user (permission denied)`)
  })

  const readOnly = tinyDisk()
  it.skipIf(!readOnly)('a database on a read-only mount', () => {
    const dir = readOnly ?? ''
    const file = path.join(dir, 'episcore.sqlite')
    new DatabaseSession(file, { files: new FileRefs(), peaks: new PeaksCache(tempFolder()) }).close()
    execFileSync('mount', ['-o', 'remount,ro', dir])
    expect(refusal(file)).toBe(
      `Episcore cannot open its database ${file}: the file is on a read-only disk or mount.`,
    )
  })

  const full = tinyDisk()
  it.skipIf(!full)('a database on a full disk', () => {
    const dir = full ?? ''
    fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(1))
    // Fill what is left of the disk.
    try {
      for (;;) fs.appendFileSync(path.join(dir, 'filler'), Buffer.alloc(4096))
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC')
    }
    const file = path.join(dir, 'episcore.sqlite')
    expect(refusal(file)).toBe(
      `Episcore cannot open its database ${file}: the disk it is on is full; free some space and start Episcore again.`,
    )
  })
})

describe('the database engine failing to load', () => {
  it('says what is missing and what to do, in a person’s words', () => {
    const error = Object.assign(
      new Error(
        "/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by /opt/Episcore/resources/app.asar.unpacked/node_modules/better-sqlite3/prebuilds/linux-x64.node)",
      ),
      { code: 'ERR_DLOPEN_FAILED' },
    )
    const message = nativeModuleFailure(error)?.message ?? ''
    expect(message).toMatch(
      /^Episcore's database engine cannot load on this system \(it needs GLIBC_2\.34, which is missing\)\./,
    )
    if (process.platform === 'linux') expect(message).toContain('glibc 2.34 or newer and GCC 11')
    expect(nativeModuleFailure(new Error('SQLITE_BUSY: database is locked'))).toBeNull()
  })
})
