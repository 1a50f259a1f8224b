import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { episcore } from '../episcoreCli'
import { libraryWithMachineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

let dir: string
let db: string
beforeAll(() => {
  ;({ dir, db } = libraryWithMachineEpisode())
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

  it('says in one line that a site folder’s path runs through a file, as for a file named as the folder', () => {
    const file = path.join(dir, 'notes.txt')
    fs.writeFileSync(file, 'mine')
    const site = (out: string): ReturnType<typeof episcore> =>
      episcore([
        '--db',
        db,
        'export',
        'one',
        '--format',
        'site',
        '--media-url',
        'https://cdn.example.com/one.mp3',
        '--out',
        out,
      ])
    expect(site(file)).toEqual({
      code: 1,
      stdout: '',
      stderr: `episcore: ${file} is a file, not a folder; nothing was written\n`,
    })
    for (const out of [path.join(file, 'site'), path.join(file, 'a', 'site')])
      expect(site(out)).toEqual({
        code: 1,
        stdout: '',
        stderr: `episcore: ${file} is a file, not a folder (on the way to ${out}); nothing was written\n`,
      })
    expect(fs.readFileSync(file, 'utf8')).toBe('mine')
    // Where the path is free the folder is made, parts of its path with it.
    const made = path.join(dir, 'sites', 'one')
    expect(site(made)).toEqual({ code: 0, stdout: `${made}\n`, stderr: '' })
    expect(fs.readdirSync(made)).toContain('index.html')
  })

  it('says in one line that a site folder cannot be made where the system makes none (under /proc)', () => {
    // Node's recursive mkdir looped for ever here; the kill after 60 s only keeps a regression from
    // hanging the suite.
    const run = spawnSync(
      BIN,
      [
        '--db',
        db,
        'export',
        'one',
        '--format',
        'site',
        '--media-url',
        'https://cdn.example.com/one.mp3',
        '--out',
        '/proc/episcore-site',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(
      'episcore: cannot make the folder /proc/episcore-site (ENOENT); nothing was written\n',
    )
  }, 90_000)

  it('writes into a FIFO a program reads, and leaves it a FIFO', async () => {
    const fifo = madeFifo('reader.fifo')
    // Held open for reading and writing: the reader's open returns at once, and its end of file comes
    // only when this is closed, after the command is done, so what it reads is all the command wrote.
    const held = fs.openSync(fifo, fs.constants.O_RDWR)
    const reader = await fs.promises.open(fifo, 'r')
    const read = reader.readFile('utf8')
    let run: Awaited<ReturnType<typeof episcoreRun>>
    try {
      run = await episcoreRun(['--db', db, 'export', 'one', '--out', fifo])
    } finally {
      fs.closeSync(held)
    }
    const text = await read
    await reader.close()
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(text)).toMatchObject({ episode: { id: 'one' } })
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true)
  })

  it('refuses a FIFO nothing reads in one line, and leaves it a FIFO', () => {
    const fifo = madeFifo('unread.fifo')
    const run = exported(fifo)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      `episcore: cannot write ${fifo}: no program is reading it (a FIFO); start its reader first, nothing was written\n`,
    )
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true)
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('writes /dev/stdout in place: the export goes down the shell’s pipe', () => {
    // Through a shell's pipe, as a user runs it: Node's own child stdout is a socket, which no path opens.
    const bin = path.resolve(__dirname, '..', '..', 'bin', 'episcore')
    const args = ['--db', db, 'export', 'one', '--format', 'csv', '--out', '/dev/stdout']
    const run = spawnSync('sh', ['-c', '"$0" "$@" | cat', bin, ...args], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^chapter,start,end,dimension,score,reasoning,evidence\r?\n/)
  })

  const device = nullDevice()
  it.skipIf(device === null)(
    `writes a character device in place, never replacing it (${device === null ? 'skipped: running as root where mknod is refused, and /dev/null must not be risked' : device.how})`,
    () => {
      if (device === null) return
      const run = exported(device.path)
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(fs.statSync(device.path).isCharacterDevice()).toBe(true)
      expect(fs.lstatSync(device.path).isSymbolicLink()).toBe(device.how.startsWith('a link'))
    },
  )
})

/** A FIFO in the test's folder. */
function madeFifo(name: string): string {
  const fifo = path.join(dir, name)
  const made = spawnSync('mkfifo', [fifo], { encoding: 'utf8' })
  if (made.status !== 0) throw new Error(`mkfifo could not make a FIFO: ${made.stderr}`)
  return fifo
}

/**
 * A character device to export to that no fault can damage: a null device made in a temporary folder
 * (mknod, as root), else, where mknod is refused to a user who cannot replace /dev/null anyway, a link
 * to /dev/null.
 */
function nullDevice(): { path: string; how: string } | null {
  const folder = tempFolder()
  const node = path.join(folder, 'null')
  if (spawnSync('mknod', [node, 'c', '1', '3']).status === 0)
    return { path: node, how: 'a null device made with mknod' }
  if (process.getuid?.() === 0) return null
  const link = path.join(folder, 'null-link')
  fs.symlinkSync('/dev/null', link)
  return { path: link, how: 'a link to /dev/null' }
}

/** `bin/episcore` run without holding up this process, so that the test can read what it writes. */
function episcoreRun(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.resolve(__dirname, '..', '..', 'bin', 'episcore'), args)
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}
