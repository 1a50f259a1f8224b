import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { openLocalService } from '../../src/core/service/localService'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

/**
 * Tests run as root, whom no permission stops: the command line is run as `nobody` instead, on a
 * library in a folder root owns (0755, its files 0644), which that user may read and not write.
 */
const asNobody = (): boolean =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', '0']).status === 0
const canRunAsNobody = asNobody()

const episcoreAsNobody = (args: string[]): { code: number | null; stdout: string; stderr: string } => {
  const run = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, BIN, ...args], {
    encoding: 'utf8',
  })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

/** A folder others may read and not write, as a read-only share or a mounted backup is to its readers. */
function readOnlyFolder(): string {
  const dir = tempFolder()
  fs.chmodSync(dir, 0o755)
  return dir
}

/**
 * A library whose last edits are in its WAL, with no -shm beside it: as a writer left it when its
 * folder was copied (a backup mounted read-only), the -shm being only a writer's to make.
 */
function libraryWithEditsInItsWal(dir: string): string {
  const file = path.join(dir, 'lib.sqlite')
  const writing = path.join(tempFolder(), 'lib.sqlite')
  const db = openDatabase(writing)
  db.pragma('wal_autocheckpoint = 0')
  loadEpisodeDocument(db, machineEpisode('one'))
  // Copied while the writer has it open: what is committed is in the -wal.
  for (const suffix of ['', '-wal']) fs.copyFileSync(writing + suffix, file + suffix)
  db.close()
  for (const suffix of ['', '-wal']) fs.chmodSync(file + suffix, 0o644)
  expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0)
  return file
}

describe('a library in a folder this user cannot write', () => {
  it.skipIf(!canRunAsNobody)(
    'is listed, searched, shown and exported by the commands that only read, its WAL’s edits included',
    () => {
      const file = libraryWithEditsInItsWal(readOnlyFolder())
      const before = fs.readdirSync(path.dirname(file)).sort()
      // `problems` exits 1 when the episode has an error among its problems, as this one has.
      const runs: [string[], RegExp, number?][] = [
        [['list'], /^one\t.*Open Questions in Agentic RL.*\tdraft\tone\n$/],
        [['search', 'agentic'], /^one\t\d+\tstatement\tMulti-\[agent\] systems/m],
        [['trends', 'latent-space'], /^one\t2025-05-09\t/m],
        [['report', 'one'], /^dimension\tcompared\tmean absolute difference\n/],
        [['export', 'one'], /"format": "episode-analysis"/],
        [['export', 'one', '--format', 'chapters'], /"chapters"/],
        [['problems', 'one'], /^note\t\/chapters\/0\//m, 1],
        [['agreement', 'one', 'one'], /^#1\tone\t/m],
      ]
      for (const [args, expected, code = 0] of runs) {
        const run = episcoreAsNobody(['--db', file, ...args])
        expect(run.stderr, args.join(' ')).toBe('')
        expect(run.code, args.join(' ')).toBe(code)
        expect(run.stdout, args.join(' ')).toMatch(expected)
      }
      // Nothing was written beside it (it could not be), and nothing is left in the temporary folder.
      expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(before)
    },
    60_000,
  )

  it.skipIf(!canRunAsNobody)(
    'when it cannot be read at all, says why, never that an edit was not saved or that it is older',
    () => {
      const dir = readOnlyFolder()
      const file = path.join(dir, 'lib.sqlite')
      const db = openDatabase(file)
      loadEpisodeDocument(db, machineEpisode('one'))
      db.close()
      fs.chmodSync(file, 0o600)
      for (const args of [['list'], ['search', 'agentic'], ['export', 'one']]) {
        const run = episcoreAsNobody(['--db', file, ...args])
        expect(run.code, args.join(' ')).toBe(1)
        expect(run.stderr, args.join(' ')).toMatch(/^episcore: .*lib\.sqlite.*\n$/)
        expect(run.stderr, args.join(' ')).not.toMatch(/not saved|older Episcore/)
      }
    },
    60_000,
  )

  it('read in place without locks, refuses what it read when the library changed meanwhile', async () => {
    const file = path.join(readOnlyFolder(), 'lib.sqlite')
    const db = openDatabase(file)
    loadEpisodeDocument(db, machineEpisode('one'))
    db.close()
    // This user (root) stands for one who may write neither the file nor its folder.
    const open = () => openLocalService(file, { readOnly: true, canWrite: () => false })
    const unchanged = open()
    try {
      const listed = await unchanged.call('episodes.list', {})
      expect(listed.ok && listed.value.map((e) => e.id)).toEqual(['one'])
      expect(() => unchanged.refuseIfChanged()).not.toThrow()
    } finally {
      unchanged.close()
    }
    // Nothing was made beside it: no -wal, no -shm (an immutable read takes no lock).
    expect(fs.readdirSync(path.dirname(file))).toEqual(['lib.sqlite'])

    const reading = open()
    try {
      expect((await reading.call('episodes.list', {})).ok).toBe(true)
      // Another user's writer, on the share, meanwhile.
      const writer = openDatabase(file)
      loadEpisodeDocument(writer, machineEpisode('two'))
      writer.close()
      expect(() => reading.refuseIfChanged()).toThrow(
        /lib\.sqlite changed while it was read \(another user is writing to it\), so what was read may be inconsistent: run the command again$/,
      )
    } finally {
      reading.close()
    }
  })
})
