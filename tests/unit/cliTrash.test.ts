import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

function episcore(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(BIN, args, { encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

function loaded(): { db: string; file: string } {
  const dir = tempFolder()
  const file = path.join(dir, 'machine.episode.json')
  fs.writeFileSync(file, JSON.stringify(machineEpisode(), null, 2))
  const db = path.join(dir, 'cli.sqlite')
  expect(episcore(['--db', db, 'load', file]).code).toBe(0)
  return { db, file }
}

const { id, title } = machineEpisode().episode

describe('episcore delete and restore', () => {
  it('moves an episode to the trash, out of list and into list --trash, and restores it', () => {
    const { db } = loaded()
    const deleted = episcore(['--db', db, 'delete', id])
    expect(deleted).toMatchObject({ code: 0, stdout: `${id}\n` })
    expect(deleted.stderr).toContain(`moved to the trash; restore it with episcore restore ${id}`)
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
    const trash = episcore(['--db', db, 'list', '--trash']).stdout.trim().split('\t')
    expect(trash.slice(0, 2)).toEqual([id, title])
    expect(Date.parse(trash[3] ?? '') - Date.parse(trash[2] ?? '')).toBe(30 * 24 * 60 * 60 * 1000)

    const opened = episcore(['--db', db, 'export', id])
    expect(opened.code).toBe(1)
    expect(opened.stderr).toContain('was moved to the trash')

    expect(episcore(['--db', db, 'restore', id])).toEqual({ code: 0, stdout: `${id}\n`, stderr: '' })
    expect(episcore(['--db', db, 'list']).stdout).toBe(`${id}\t${title}\tdraft\t${id}\n`)
    expect(episcore(['--db', db, 'list', '--trash']).stdout).toBe('')
  })

  it('says what is wrong with a second delete, a restore of what is not trashed, and an unknown id', () => {
    const { db } = loaded()
    episcore(['--db', db, 'delete', id])
    expect(episcore(['--db', db, 'delete', id])).toMatchObject({ code: 1, stdout: '' })
    expect(episcore(['--db', db, 'delete', id]).stderr).toContain('is already in the trash')
    episcore(['--db', db, 'restore', id])
    expect(episcore(['--db', db, 'restore', id]).stderr).toContain('is not in the trash')
    expect(episcore(['--db', db, 'delete', 'nope']).stderr).toBe('episcore: episode nope does not exist\n')
    expect(episcore(['--db', db, 'delete']).code).toBe(2)
  })

  it('refuses loading a file whose id is in the trash, offering --replace or restore', () => {
    const { db, file } = loaded()
    episcore(['--db', db, 'delete', id])
    const again = episcore(['--db', db, 'load', file])
    expect(again).toMatchObject({ code: 1, stdout: '' })
    expect(again.stderr).toBe(
      `episcore: episode "${title}" (${id}) is in the trash; load with --replace to overwrite it, or restore it with episcore restore ${id}\n`,
    )
    expect(episcore(['--db', db, 'load', file, '--replace'])).toMatchObject({ code: 0, stdout: `${id}\n` })
    expect(episcore(['--db', db, 'list']).stdout).toBe(`${id}\t${title}\tdraft\t${id}\n`)
    expect(episcore(['--db', db, 'list', '--trash']).stdout).toBe('')
  })
})
