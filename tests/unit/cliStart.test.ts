import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const ROOT = path.resolve(__dirname, '..', '..')
const BIN = path.join(ROOT, 'bin', 'episcore')

describe('bin/episcore', () => {
  it('runs the bundled CLI with plain Node: no TypeScript source or transpiler is loaded', () => {
    // Lists, as the process ends, every module it required.
    const listModules = path.join(tempFolder(), 'listModules.cjs')
    fs.writeFileSync(
      listModules,
      `process.on('exit', () => process.stderr.write('MODULES ' + JSON.stringify(Object.keys(require.cache))))`,
    )
    const run = spawnSync(process.execPath, ['--require', listModules, BIN, '--help'], { encoding: 'utf8' })
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^usage: episcore/)
    const modules = JSON.parse(/MODULES (.*)$/.exec(run.stderr)?.[1] ?? '[]') as string[]
    expect(modules).toContain(path.join(ROOT, 'out', 'cli', 'episcore.js'))
    expect(modules.filter((m) => /[\\/]node_modules[\\/](tsx|esbuild)[\\/]|\.tsx?$/.test(m))).toEqual([])
  })

  it("starts and lists an empty library without starting ICU's number formatting (a tenth of its start)", () => {
    // Counts, as the process ends, the numbers formatted by toLocaleString or Intl.NumberFormat.
    const countFormatting = path.join(tempFolder(), 'countFormatting.cjs')
    fs.writeFileSync(
      countFormatting,
      `let formatted = 0
      const toLocale = Number.prototype.toLocaleString
      Number.prototype.toLocaleString = function (...args) { formatted++; return toLocale.apply(this, args) }
      const NumberFormat = Intl.NumberFormat
      Intl.NumberFormat = function (...args) { formatted++; return new NumberFormat(...args) }
      process.on('exit', () => process.stderr.write('FORMATTED ' + formatted))`,
    )
    const database = path.join(tempFolder(), 'library.sqlite')
    for (const args of [['--help'], ['--db', database, 'list']]) {
      const run = spawnSync(process.execPath, ['--require', countFormatting, BIN, ...args], {
        encoding: 'utf8',
      })
      expect(run.status, run.stderr).toBe(0)
      expect(run.stderr).toContain('FORMATTED 0')
    }
  })

  it('lists a library without loading node-postgres (~20 ms of a start), which only a desk command needs', () => {
    // The command line from its source, so that node-postgres is a module of its own to look for.
    const database = path.join(tempFolder(), 'library.sqlite')
    const script = `const { runCli } = require(${JSON.stringify(path.join(ROOT, 'src', 'cli', 'start.ts'))})
      runCli(['--db', ${JSON.stringify(database)}, 'list'], { out: () => {}, err: (t) => process.stderr.write(t) }).then((code) => {
        const pg = Object.keys(require.cache).filter((m) => /[\\/]node_modules[\\/]pg[\\/]/.test(m))
        process.stdout.write(JSON.stringify({ code, pg }))
      })`
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      encoding: 'utf8',
      cwd: ROOT,
    })
    expect(JSON.parse(run.stdout || '{}'), run.stderr).toEqual({ code: 0, pg: [] })
  })

  it("keeps the loading thread's compiled code between runs, as it keeps its own (a third of the thread's start)", () => {
    // Node keeps its compile cache in the system's temporary folder: one of the test's own here.
    const temporary = tempFolder()
    const dir = tempFolder()
    // Enough files for a load to read and check them on its thread.
    const files = Array.from({ length: 8 }, (_, i) => {
      const file = path.join(dir, `episode-${i}.json`)
      fs.writeFileSync(file, JSON.stringify(machineEpisode(`episode-${i}`)))
      return file
    })
    const database = path.join(tempFolder(), 'library.sqlite')
    const run = spawnSync(process.execPath, [BIN, '--db', database, 'load', ...files], {
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: temporary },
    })
    expect(run.status, run.stderr).toBe(0)
    // Each cached script names the file it was compiled from.
    const cached = fs
      .readdirSync(temporary, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
    for (const bundle of ['episcore.js', 'episodeFileWorker.js'])
      expect(cached.filter((text) => text.includes(bundle)).length, bundle).toBeGreaterThan(0)
  })

  it('without the build says in one line to run `npm run build`, and exits 1', () => {
    // The script alone in a checkout whose out/ was never built.
    const checkout = tempFolder()
    fs.mkdirSync(path.join(checkout, 'bin'))
    fs.copyFileSync(BIN, path.join(checkout, 'bin', 'episcore'))
    const run = spawnSync(process.execPath, [path.join(checkout, 'bin', 'episcore'), 'list'], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^episcore: .*run `npm run build`\n$/)
  })
})
