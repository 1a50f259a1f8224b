/**
 * A network's back catalogue on a laptop (issue 46): a library of `sizes.largeLibrary.episodes` one-hour
 * episodes (10,000 in the full bench) made straight into the database, not through JSON files (10 GB
 * of them): each episode is the library bench's (its own words, scores and titles), made into rows and
 * written by the core as a load writes them, in one process. Then what an editor feels on it: its size
 * per episode-hour, search, `episcore list`, the library's first rows and the show page in Chromium
 * through a host of its own (`episcore serve`), and that host's resident memory with the library open.
 * The library is removed afterwards.
 */
import type { Browser } from '@playwright/test'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { withBulkWriteSettings } from '../src/core/db/bulkWriteSettings'
import { openDatabase } from '../src/core/db/openDatabase'
import { documentRows } from '../src/core/load/documentRows'
import { writeEpisodeRows } from '../src/core/load/writeLoaded'
import { inChromium, launch, percentile, type Log, type Row } from './common'
import { libraryEpisode, openRows, searchRows, sizeRows } from './library'
import { spokenLabel, type Sizes } from './sizes'

const BIN = path.resolve(__dirname, '..', 'bin', 'episcore')

/** Writes the episodes into a new library, as loads would; the time it took, in ms. */
async function makeLibrary(log: Log, file: string, sizes: Sizes): Promise<number> {
  const { episodes } = sizes.largeLibrary
  const db = openDatabase(file)
  const started = performance.now()
  try {
    await withBulkWriteSettings(db, async () => {
      for (let n = 1; n <= episodes; n++) {
        writeEpisodeRows(db, documentRows(libraryEpisode(n, sizes), new Date().toISOString()), {})
        if (n % 1000 === 0)
          log(`large library: ${n.toLocaleString('en')} of ${episodes.toLocaleString('en')} written…`)
      }
    })
  } finally {
    db.close()
  }
  return performance.now() - started
}

/** `episcore list` on the library, as a user runs it: the median of `runs`, each a new process. */
function listRow(file: string, sizes: Sizes, input: string): Row {
  const runs = 3
  const times: number[] = []
  let lines = 0
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const run = spawnSync(process.execPath, [BIN, '--db', file, 'list'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    })
    times.push(performance.now() - started)
    if (run.status !== 0) throw new Error(`episcore list failed: ${run.stderr}`)
    lines = run.stdout.split('\n').filter(Boolean).length
  }
  const median = Math.round(percentile(times, 0.5))
  return {
    measure: `episcore list, library of ${sizes.largeLibrary.episodes.toLocaleString('en')} episodes, median of ${runs}`,
    value: median,
    unit: 'ms',
    target: '<= 1000',
    pass: median <= 1000,
    against: 'the target',
    input,
    note: `${lines.toLocaleString('en')} lines; each a new process, its start included; max ${Math.round(Math.max(...times))} ms`,
  }
}

/** The host of its own (`episcore serve`) on the library, and its URL. */
async function serve(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, '--db', file, 'serve'], { stdio: ['ignore', 'pipe', 'pipe'] })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString()
      const found = /Episcore is at (\S+)/.exec(out)
      if (found?.[1]) resolve(found[1])
    })
    child.once('exit', (code) => reject(new Error(`episcore serve ended (${code}) before it served`)))
  })
  return { child, url }
}

/** A process's resident memory, in MB, from Linux's /proc. */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN)
  return Math.round(kb / 1024)
}

export async function largeLibraryBench(
  log: Log,
  sizes: Sizes,
  measure: (name: string, run: () => Promise<Row[]>) => Promise<void>,
): Promise<void> {
  const { largeLibrary, library } = sizes
  const count = largeLibrary.episodes.toLocaleString('en')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-large-library-'))
  const file = path.join(dir, 'library.sqlite')
  const input = `${count} episodes of one show, each ${spokenLabel(library.episode.pieceSeconds * library.episode.pieces)} (${library.episode.words.toLocaleString('en')} transcript words with word times, ${library.episode.chapters} scored chapters, ${library.episode.statements} statements), written straight into the database`
  // The library rows' measures, at this library's size.
  const atSize: Sizes = { ...sizes, library: { ...library, episodes: largeLibrary.episodes } }
  try {
    log(`large library: writing ${count} episodes straight into the database…`)
    let madeMs = 0
    await measure('large library: size', async () => {
      madeMs = await makeLibrary(log, file, sizes)
      const rows = sizeRows(file, atSize, input)
      const first = rows[0]
      if (first)
        first.note = `${first.note ?? ''}; written in ${Math.round(madeMs / 1000)} s (${Math.round(madeMs / largeLibrary.episodes)} ms an episode, rows made and written by the core in one process)`
      return rows
    })
    log('large library: search and episcore list…')
    await measure('large library: search', () => searchRows(file, atSize, input))
    await measure('large library: list', async () => [listRow(file, sizes, input)])
    log('large library: open, show page and the host’s memory in Chromium…')
    const host = await serve(file)
    const browser: Browser = await launch()
    try {
      await measure(
        'large library: open',
        inChromium(async () => {
          const rows = await openRows(browser, host.url, atSize, input)
          const pid = host.child.pid as number
          const rss = residentMb(pid)
          return [
            ...rows,
            {
              measure: `the host's and core's resident memory with the library of ${count} episodes open (episcore serve)`,
              value: rss,
              unit: 'MB',
              target: '<= 300',
              pass: rss <= 300,
              against: 'the target',
              input,
              note: 'VmRSS of the serving process after the library and the show page were opened and drawn, as the rows above did',
            },
          ]
        }),
      )
    } finally {
      await browser.close()
      host.child.kill('SIGTERM')
      await new Promise((resolve) => host.child.once('exit', resolve))
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
