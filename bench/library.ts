import type { Browser, Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/core/db/openDatabase'
import { PeaksCache } from '../src/core/media/peaksCache'
import { FileRefs } from '../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../src/core/service/handlers'
import { startHost } from '../src/host/startHost'
import type { EpisodeDocument } from '../src/shared/episodeFormat'
import { inChromium, launch, newPage, percentile, tenths, type Log, type Row } from './common'
import { scaleEpisode } from './scaleEpisode'
import { spokenLabel, type Sizes } from './sizes'

const BIN = path.resolve(__dirname, '..', 'bin', 'episcore')
export const SHOW = 'The Long Show'

const DAY_MS = 24 * 60 * 60 * 1000

/** The library's n-th episode: its own words and scores, a week after the one before. */
export function libraryEpisode(n: number, sizes: Sizes): EpisodeDocument {
  const { episode } = sizes.library
  const doc = scaleEpisode({
    id: `library-${String(n).padStart(4, '0')}`,
    durationSeconds: episode.pieceSeconds * episode.pieces,
    // Each episode its own media file, named by hash (none is linked): one shared hash made the whole
    // library one episode of n analyses, as the library groups analyses by their media.
    media: {
      fileName: `long-show-${n}.mp3`,
      sha256: createHash('sha256').update(`long-show-${n}`).digest('hex'),
    },
    scale: episode,
    seed: 1000 + n,
  })
  doc.episode.title = `Episode ${n}: ${doc.chapters[0]?.title.replace(/^Chapter 1: /, '') ?? ''}`
  doc.episode.show = SHOW
  doc.episode.publishedOn = new Date(Date.UTC(2007, 0, 1) + n * 7 * DAY_MS).toISOString().slice(0, 10)
  doc.review.status = n % 3 === 0 ? 'draft' : 'inReview'
  return doc
}

/**
 * The library file per episode-hour, and its parts: the search index (search_text with its key, the
 * FTS5 tables), the segments' packed word times, and the rest (the transcript's text, the analyses,
 * their keys). Read from SQLite's dbstat (the pages each table and index holds) on the file as loaded.
 */
export function sizeRows(databaseFile: string, sizes: Sizes, input: string): Row[] {
  const { library } = sizes
  const hours = (library.episodes * library.episode.pieceSeconds * library.episode.pieces) / 3600
  const db = new Database(databaseFile, { readonly: true })
  try {
    const pages = db.prepare(`SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name`).all() as {
      name: string
      bytes: number
    }[]
    const total = pages.reduce((sum, p) => sum + p.bytes, 0)
    const index = pages
      .filter((p) => p.name.startsWith('search_') || p.name === 'sqlite_autoindex_search_text_1')
      .reduce((sum, p) => sum + p.bytes, 0)
    const words = db
      .prepare(`SELECT coalesce(sum(length(CAST(words AS BLOB))), 0) FROM transcript_segments`)
      .pluck()
      .get() as number
    const perHour = (bytes: number): number => Math.round((bytes / 1e6 / hours) * 100) / 100
    const part = (what: string, bytes: number): Row => ({
      measure: `database size per episode-hour: ${what}`,
      value: perHour(bytes),
      unit: 'MB',
      target: 'reported',
      pass: null,
      against: 'nothing: a part of the row above',
      input,
      note: `${Math.round((100 * bytes) / total)} % of the file`,
    })
    const perEpisodeHour = perHour(total)
    return [
      {
        measure: `database size per episode-hour, library of ${library.episodes.toLocaleString('en')} episodes`,
        value: perEpisodeHour,
        unit: 'MB',
        target: sizes.name === 'full' ? '<= 0.7' : 'reported (the target is for hour-long episodes)',
        pass: sizes.name === 'full' ? perEpisodeHour <= 0.7 : null,
        against: 'the target',
        input,
        note: `${Math.round(total / 1e6)} MB of pages over ${Math.round(hours).toLocaleString('en')} episode-hours`,
      },
      part('the search index (its text, key and FTS5 tables)', index),
      part("the transcript's packed word times", words),
      part("everything else (the transcript's text, the analyses, their keys)", total - index - words),
    ]
  } finally {
    db.close()
  }
}

/** Writes the episodes as files and loads them `batch` at a time with `episcore load A.json B.json …`. */
export function loadLibrary(log: Log, databaseFile: string, dir: string, sizes: Sizes): number {
  const { episodes, batch } = sizes.library
  // Measured again on a busy machine: each time into a library of its own.
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(databaseFile + suffix, { force: true })
  let loadMs = 0
  for (let first = 1; first <= episodes; first += batch) {
    const files: string[] = []
    for (let n = first; n < first + batch && n <= episodes; n++) {
      const file = path.join(dir, `episode-${n}.json`)
      fs.writeFileSync(file, JSON.stringify(libraryEpisode(n, sizes)))
      files.push(file)
    }
    const started = performance.now()
    const run = spawnSync(process.execPath, [BIN, '--db', databaseFile, 'load', ...files], {
      encoding: 'utf8',
    })
    loadMs += performance.now() - started
    if (run.status !== 0) throw new Error(`episcore load failed: ${run.stderr}`)
    for (const file of files) fs.rmSync(file)
    if ((first - 1) % (batch * 5) === 0) log(`library: ${first - 1 + files.length} of ${episodes} loaded…`)
  }
  return loadMs
}

/** What editors look for: a word, a rarer one, a phrase, a prefix, two words, a show, and nothing. */
const QUERIES = [
  { query: 'reinforcement' },
  { query: 'verifiable' },
  { query: '"open source"' },
  { query: 'bench*' },
  { query: 'reward model' },
  { query: 'latency', show: SHOW },
  { query: '"Chapter 3"' },
  { query: 'qwertyuiop' },
]

export async function searchRows(databaseFile: string, sizes: Sizes, input: string): Promise<Row[]> {
  const db = openDatabase(databaseFile)
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(os.tmpdir()) })
  try {
    const times: number[] = []
    let hits = 0
    for (let round = 0; round <= sizes.library.searchRounds; round++)
      for (const request of QUERIES) {
        const started = performance.now()
        const reply = await dispatch(handlers, 'library.search', request)
        const ms = performance.now() - started
        if (!reply.ok) throw new Error(`search ${request.query}: ${reply.error.message}`)
        // The first round warms SQLite's page cache, as an editor's first search after the start does.
        if (round > 0) times.push(ms)
        hits += (reply.value as { hits: unknown[] }).hits.length
      }
    const p95 = tenths(percentile(times, 0.95))
    return [
      {
        measure: `search p95 in the core, library of ${sizes.library.episodes.toLocaleString('en')} episodes`,
        value: p95,
        unit: 'ms',
        target: '<= 100',
        pass: p95 <= 100,
        against: 'the target',
        input,
        note: `${times.length} searches (${QUERIES.map((q) => q.query).join(', ')}), 20 hits at most each, ${Math.round(hits / (sizes.library.searchRounds + 1))} hits a round; median ${tenths(percentile(times, 0.5))} ms, max ${tenths(Math.max(...times))} ms`,
      },
    ]
  } finally {
    db.close()
  }
}

/** Resolves, in the page's time, once `selector` is in the document and the frame showing it has run. */
const shownAt = (page: Page, selector: string): Promise<number> =>
  page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const done = (): void => {
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
        }
        if (document.querySelector(wanted)) {
          done()
          return
        }
        const observer = new MutationObserver(() => {
          if (!document.querySelector(wanted)) return
          observer.disconnect()
          done()
        })
        observer.observe(document, { childList: true, subtree: true })
      }),
    selector,
  )

const FIRST_ROW = 'table.episodes tbody tr'
const FIRST_POINT = '.trend-chart circle'

/** Opens the library (a new page load each time) and the show page from it, timing both. */
export async function openRows(browser: Browser, url: string, sizes: Sizes, input: string): Promise<Row[]> {
  const page = await newPage(browser)
  try {
    const library: number[] = []
    const show: number[] = []
    for (let run = 0; run <= sizes.library.opens; run++) {
      await page.goto(url, { waitUntil: 'commit' })
      // From the navigation's start (the page's time origin) to the first rows on screen.
      const rowsAt = await shownAt(page, FIRST_ROW)
      // An editor reads the rows before choosing a show: by then the other screens' code is fetched.
      await page.waitForTimeout(1500)
      const started = await page.evaluate((name) => {
        const at = performance.now()
        window.location.hash = `#/show/${encodeURIComponent(name)}`
        return at
      }, SHOW)
      const pointsAt = await shownAt(page, FIRST_POINT)
      // The first run fills the caches an editor's first open of the day also fills: kept apart.
      if (run === 0) continue
      library.push(rowsAt)
      show.push(pointsAt - started)
    }
    const episodes = `library of ${sizes.library.episodes.toLocaleString('en')} episodes`
    const libraryP95 = Math.round(percentile(library, 0.95))
    const showMax = Math.round(Math.max(...show))
    return [
      {
        measure: `open the ${episodes}: first rows shown, p95`,
        value: libraryP95,
        unit: 'ms',
        target: '<= 300',
        pass: libraryP95 <= 300,
        against: 'the target',
        input,
        note: `${library.length} page loads after a first, from the navigation's start to the frame after the first row; median ${Math.round(percentile(library, 0.5))} ms`,
      },
      {
        measure: `show page of the ${episodes}: every chart drawn, slowest of ${show.length}`,
        value: showMax,
        unit: 'ms',
        target: '<= 500',
        pass: showMax <= 500,
        against: 'the target',
        input,
        note: `from the route's change, 1.5 s after the library's rows (its code fetched meanwhile), to the frame after the first point of the trend chart; median ${Math.round(percentile(show, 0.5))} ms`,
      },
    ]
  } finally {
    await page.close()
  }
}

const megabytes = (bytes: number): number => Math.round(bytes / 2 ** 20)

/**
 * The library at a show's scale: episodes generated, loaded with the multi-file load, then its search,
 * its open and its show page measured, and the database's size said.
 */
export async function libraryBench(
  log: Log,
  rendererDir: string,
  sizes: Sizes,
  measure: (name: string, run: () => Promise<Row[]>) => Promise<void>,
): Promise<void> {
  const { library } = sizes
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-library-'))
  const databaseFile = path.join(dir, 'library.sqlite')
  const count = library.episodes.toLocaleString('en')
  const input = `${count} episodes of one show, each ${spokenLabel(library.episode.pieceSeconds * library.episode.pieces)} (${library.episode.words.toLocaleString('en')} transcript words with word times, ${library.episode.chapters} scored chapters, ${library.episode.statements} statements), loaded ${library.batch} files to an episcore load`
  try {
    log(`library: generating and loading ${count} episodes…`)
    await measure('library: load and size', async () => {
      const loadMs = loadLibrary(log, databaseFile, dir, sizes)
      const size = fs.statSync(databaseFile).size
      const rate = Math.round((library.episodes / loadMs) * 1000 * 10) / 10
      return [
        {
          measure: `database file size, library of ${count} episodes`,
          value: megabytes(size),
          unit: 'MB',
          target: 'reported',
          pass: null,
          against: 'nothing: said for the record',
          input,
          note: `${Math.round(size / library.episodes / 1024)} KB an episode, the search index included`,
        },
        ...sizeRows(databaseFile, sizes, input),
        {
          measure: `episcore load of ${count} episode JSON files, ${library.batch} a command`,
          value: rate,
          unit: 'episodes/s',
          target: sizes.name === 'full' ? '>= 50' : 'reported (the target is at full sizes)',
          pass: sizes.name === 'full' ? rate >= 50 : null,
          against: 'the target',
          input,
          note: `${Math.round(loadMs / 1000)} s in all, ${Math.round(loadMs / library.episodes)} ms an episode, each command's start included`,
        },
      ]
    })
    log('library: search in the core…')
    await measure('library: search', () => searchRows(databaseFile, sizes, input))
    log('library: open and show page in Chromium…')
    const host = await startHost({ databaseFile, rendererDir })
    const browser = await launch()
    try {
      await measure(
        'library: open',
        inChromium(() => openRows(browser, host.url, sizes, input)),
      )
    } finally {
      await browser.close()
      await host.close()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
