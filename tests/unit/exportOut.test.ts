import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

let dir: string
let db: string
beforeAll(() => {
  dir = tempFolder()
  db = path.join(dir, 'episcore.sqlite')
  const opened = openDatabase(db)
  loadEpisodeDocument(opened, machineEpisode('one'))
  opened.close()
})

const exported = (out: string, format = 'episode'): ReturnType<typeof episcore> =>
  episcore(['--db', db, 'export', 'one', '--format', format, '--out', out])

describe('episcore export --out', () => {
  it('writes through a symlink to its target, and leaves the link as it was', () => {
    const target = path.join(dir, 'published', 'one.json')
    fs.mkdirSync(path.dirname(target))
    fs.writeFileSync(target, 'the old export')
    const link = path.join(dir, 'latest.json')
    fs.symlinkSync(path.relative(dir, target), link)
    const run = exported(link)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expect(fs.readlinkSync(link)).toBe(path.join('published', 'one.json'))
    expect(JSON.parse(fs.readFileSync(target, 'utf8'))).toMatchObject({ episode: { id: 'one' } })
  })

  it('writes a dangling link’s target, through a chain of links', () => {
    const target = path.join(dir, 'not-yet.html')
    const first = path.join(dir, 'first.html')
    const second = path.join(dir, 'second.html')
    fs.symlinkSync(target, second)
    fs.symlinkSync(second, first)
    const run = exported(first, 'html')
    expect(run.stderr).toBe('')
    expect(fs.lstatSync(first).isSymbolicLink() && fs.lstatSync(second).isSymbolicLink()).toBe(true)
    expect(fs.readFileSync(target, 'utf8')).toMatch(/^<!doctype html>/i)
  })

  it('keeps an existing file’s mode', () => {
    const out = path.join(dir, 'private.csv')
    fs.writeFileSync(out, 'old')
    fs.chmodSync(out, 0o600)
    expect(exported(out, 'csv').code).toBe(0)
    expect(fs.statSync(out).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(out, 'utf8')).not.toBe('old')
  })

  it('says in one line that a folder is missing, and writes nothing', () => {
    const out = path.join(dir, 'nowhere', 'one.json')
    const run = exported(out)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      `episcore: cannot write ${out}: the folder ${path.join(dir, 'nowhere')} does not exist\n`,
    )
    expect(fs.existsSync(path.join(dir, 'nowhere'))).toBe(false)
  })
})
