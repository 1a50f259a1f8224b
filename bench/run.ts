/**
 * `npm run bench`: the speed and memory targets of long media and of scale (bench/scale.ts), measured
 * here on media the bench generates itself. Prints a table and writes bench/results.json.
 */
import type { Browser, Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/core/db/openDatabase'
import { createEpisode } from '../src/core/episodes/createEpisode'
import { computePeaks } from '../src/core/media/computePeaks'
import { PeaksCache, peaksFolderBeside } from '../src/core/media/peaksCache'
import { probeMedia } from '../src/core/media/probeMedia'
import { ffmpegPath } from '../src/core/media/tools'
import { startHost } from '../src/host/startHost'
import { benchMedia } from './benchMedia'
import { launch, newPage, percentile, seconds, tenths, type Row } from './common'
import { scaleBench } from './scale'

const ROOT = path.resolve(__dirname, '..')
const RENDERER_DIR = path.join(ROOT, 'out', 'renderer')
const REGIONS = 500

const rows: Row[] = []
const log = (line: string): void => console.error(`bench: ${line}`)

function timed(run: () => void): number {
  const start = performance.now()
  run()
  return performance.now() - start
}

async function timedAsync(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

function ffmpegDecodeToNull(media: string): number {
  return timed(() => {
    const run = spawnSync(ffmpegPath(), ['-v', 'error', '-nostdin', '-i', media, '-vn', '-f', 'null', '-'])
    if (run.status !== 0) throw new Error(`ffmpeg could not decode ${media}`)
  })
}

async function peaksRatio(label: string, media: string): Promise<void> {
  const probe = await probeMedia(media)
  const out = path.join(os.tmpdir(), `episcore-bench-${process.pid}.dat`)
  // Best of two each, alternating, so both see the same disk cache and machine load.
  let ffmpegMs = Infinity
  let peaksMs = Infinity
  for (let i = 0; i < 2; i++) {
    ffmpegMs = Math.min(ffmpegMs, ffmpegDecodeToNull(media))
    peaksMs = Math.min(
      peaksMs,
      await timedAsync(() =>
        computePeaks(media, out, { sampleRate: probe.sampleRate, durationSeconds: probe.durationSeconds }),
      ),
    )
  }
  fs.rmSync(out, { force: true })
  const ratio = Math.round((peaksMs / ffmpegMs) * 100) / 100
  rows.push({
    measure: `peaks / ffmpeg decode to null, ${label}`,
    value: ratio,
    unit: 'x',
    target: '<= 1.3',
    pass: ratio <= 1.3,
    note: `peaks ${seconds(peaksMs)} s, ffmpeg -vn -f null ${seconds(ffmpegMs)} s`,
  })
}

/** Resident memory of Chromium's renderer processes, from /proc (Linux); the bench runs one page at a time. */
function rendererRssMb(): number | null {
  if (process.platform !== 'linux') return null
  let total = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (!cmdline.includes('--type=renderer') || !/chrom/i.test(cmdline)) continue
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8')
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(total)
}

async function jsHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  // The JS heap plus the typed arrays' memory outside it (where the peaks live).
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number }
  return Math.round((usage.usedSize + (usage.backingStorageSize ?? 0)) / 1024 / 1024)
}

/** Opens the 3-hour episode (peaks cached) and measures until its waveform is painted. */
async function secondOpen(browser: Browser, url: string, id: string): Promise<void> {
  const times: number[] = []
  let heap = 0
  let rss: number | null = null
  for (let i = 0; i < 3; i++) {
    const page = await newPage(browser)
    await page.goto(url)
    // Timed in the page, from the editor's open (the route change) to the frame that shows the waveform.
    const start = await page.evaluate((episode) => {
      const now = performance.now()
      window.location.hash = `#/episode/${episode}`
      return now
    }, id)
    const layer = page.locator('canvas.waveform-layer[data-presented-at]')
    await layer.waitFor({ timeout: 30_000 })
    const presentedAt = Number(await layer.getAttribute('data-presented-at'))
    times.push(presentedAt - start)
    // Memory once the full resolution has arrived too (it follows the first paint).
    await page.locator('canvas.waveform-layer[data-finest="100"]').waitFor({ timeout: 30_000 })
    heap = await jsHeapMb(page)
    rss = rendererRssMb()
    await page.close()
  }
  const median = [...times].sort((a, b) => a - b)[1] as number
  rows.push({
    measure: 'second open of a 3 h episode until the waveform is painted',
    value: seconds(median),
    unit: 's',
    target: '<= 1',
    pass: median <= 1000,
    note: `runs ${times.map((t) => seconds(t)).join(', ')} s (API, overview peaks, first paint)`,
  })
  rows.push({
    measure: 'renderer JS heap (with typed arrays), 3 h episode open (Episcore)',
    value: heap,
    unit: 'MB',
    target: '<= 300',
    pass: heap <= 300,
    note: rss === null ? undefined : `renderer process RSS ${rss} MB`,
  })
}

/** The comparison: wavesurfer.js given the media URL, decoding the whole file in the page. */
async function wavesurferDecoding(browser: Browser, label: string, media: string): Promise<void> {
  const page = await newPage(browser)
  const wavesurfer = path.join(ROOT, 'node_modules', 'wavesurfer.js', 'dist', 'wavesurfer.esm.js')
  await page.route('http://bench.local/**', (route) => {
    const name = new URL(route.request().url()).pathname
    if (name === '/') {
      void route.fulfill({
        contentType: 'text/html',
        body: `<div id="w"></div><script type="module">
          import WaveSurfer from './wavesurfer.esm.js'
          const ws = WaveSurfer.create({ container: '#w', url: './media.mp3' })
          ws.on('ready', () => (document.body.dataset.state = 'ready'))
          ws.on('error', (e) => (document.body.dataset.state = 'error: ' + e))
        </script>`,
      })
    } else if (name === '/wavesurfer.esm.js')
      void route.fulfill({ path: wavesurfer, contentType: 'text/javascript' })
    else void route.fulfill({ path: media, contentType: 'audio/mpeg' })
  })
  let crashed = false
  page.on('crash', () => (crashed = true))
  let peakRss = 0
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rendererRssMb() ?? 0)), 250)
  const start = Date.now()
  let outcome: string
  try {
    await page.goto('http://bench.local/')
    await page.waitForFunction(() => document.body.dataset.state, null, { timeout: 120_000 })
    outcome = (await page.evaluate(() => document.body.dataset.state)) ?? 'unknown'
  } catch (error) {
    outcome = crashed ? 'the page crashed' : `did not finish (${(error as Error).message.split('\n')[0]})`
  }
  clearInterval(sampler)
  const heap = await jsHeapMb(page).catch(() => NaN)
  await page.close().catch(() => undefined)
  rows.push({
    measure: `wavesurfer.js decoding ${label} itself (comparison)`,
    value: outcome === 'ready' ? seconds(Date.now() - start) : outcome,
    unit: outcome === 'ready' ? 's' : '',
    target: 'for comparison',
    pass: null,
    note: `peak renderer RSS ${peakRss} MB, JS heap after ${heap} MB`,
  })
}

/** Zooms and scrolls the 3 h episode with 500 regions, one step per frame, and times every frame. */
async function frameTimes(browser: Browser, url: string, id: string): Promise<void> {
  const page = await newPage(browser)
  await page.goto(url)
  await page.goto(new URL(`/#/episode/${id}`, url).href)
  await page.waitForSelector('[data-ready="true"]', { timeout: 30_000 })
  // As an editor would: start once the full resolution has arrived (a second or so after opening).
  await page.waitForSelector('canvas.waveform-layer[data-finest="100"]', { timeout: 30_000 })
  // ...and once the media element has loaded what it needs to play (its requests cost the page too).
  await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 3, null, {
    timeout: 30_000,
  })
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
  const regions = Number(await page.locator('canvas.waveform-layer').getAttribute('data-statements'))
  const frames = await page.evaluate(async () => {
    const element = document.querySelector('[data-testid="waveform"]') as HTMLElement
    const scroller = element.firstElementChild?.shadowRoot?.querySelector('.scroll') as HTMLElement
    const rect = element.getBoundingClientRect()
    const wheel = (deltaY: number): void => {
      element.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY,
          ctrlKey: true,
          clientX: rect.left + rect.width / 2,
          bubbles: true,
          cancelable: true,
        }),
      )
    }
    // Zoom in step by step to ~140 px/s, scroll through and back, zoom out again: one action per frame.
    const actions: Array<[string, () => void]> = []
    // Every step changes the view: Chromium paces frames that change nothing at 60 Hz (16.7 ms),
    // which would measure the display, not the work.
    for (let i = 0; i < 18; i++) actions.push(['zoom', () => wheel(-100)])
    for (let i = 0; i < 240; i++) actions.push(['scroll', () => (scroller.scrollLeft += 240)])
    for (let i = 0; i < 60; i++) actions.push(['scroll', () => (scroller.scrollLeft -= 400)])
    for (let i = 0; i < 18; i++) actions.push(['zoom', () => wheel(100)])
    return window.benchFrames((step) => {
      const action = actions[step]
      action?.[1]()
      return action?.[0] ?? null
    })
  })
  // Then play three seconds, following the playhead at a close zoom: media time must keep up.
  const playback = await page.evaluate(async () => {
    const media = document.querySelector('audio') as HTMLAudioElement
    const element = document.querySelector('[data-testid="waveform"]') as HTMLElement
    for (let i = 0; i < 18; i++)
      element.dispatchEvent(
        new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, bubbles: true, cancelable: true }),
      )
    media.currentTime = 3600
    await media.play()
    const from = media.currentTime
    const frames = await window.benchFrames((_, elapsed) => (elapsed < 3000 ? 'play' : null))
    media.pause()
    return { advanced: media.currentTime - from, times: frames.map(([, t]) => t) }
  })
  await page.close()
  rows.push({
    measure: 'playing the 3 h episode for 3 s at 100 px/s, following the playhead',
    value: Math.round(playback.advanced * 100) / 100,
    unit: 's of media',
    target: '>= 2.7 (no stall)',
    pass: playback.advanced >= 2.7,
    note: `frame time p95 ${tenths(percentile(playback.times, 0.95))} ms`,
  })
  const of = (kind: string | null, q: number): number =>
    tenths(
      percentile(
        frames.filter(([k]) => kind === null || k === kind).map(([, t]) => t),
        q,
      ),
    )
  const sorted = frames.map(([, t]) => t).sort((a, b) => a - b)
  const p95 = of(null, 0.95)
  const median = of(null, 0.5)
  rows.push({
    measure: `frame time p95, zooming and scrolling a 3 h episode with ${regions} statement spans`,
    value: p95,
    unit: 'ms',
    target: '<= 16',
    pass: p95 <= 16 && regions >= REGIONS,
    note: `${frames.length} frames, median ${median} ms, max ${Math.round(sorted.at(-1) ?? NaN)} ms; p95 zoom steps ${of('zoom', 0.95)} ms, scroll steps ${of('scroll', 0.95)} ms; over 16 ms: ${frames.filter(([, t]) => t > 16).length} (${frames
      .map(([k, t], i) => (t > 16 ? `${i}:${k}` : ''))
      .filter(Boolean)
      .join(' ')})`,
  })
}

function addStatements(databaseFile: string, episodeId: string, durationSeconds: number): void {
  const db = openDatabase(databaseFile)
  const insert = db.prepare(
    `INSERT INTO statements (episode_id, id, title, quote, start, end) VALUES (?, ?, ?, '', ?, ?)`,
  )
  db.transaction(() => {
    for (let i = 0; i < REGIONS; i++) {
      const start = Math.round(((i + 0.2) * durationSeconds * 1000) / REGIONS) / 1000
      insert.run(episodeId, `st${i}`, `Statement ${i + 1}`, start, Math.round((start + 12) * 1000) / 1000)
    }
  })()
  db.close()
}

function printTable(all: readonly Row[]): void {
  const header = ['measure', 'value', 'target', 'ok', 'note']
  const lines = all.map((r) => [
    r.measure,
    `${r.value}${r.unit ? ' ' + r.unit : ''}`,
    r.target,
    r.pass === null ? '' : r.pass ? 'yes' : 'NO',
    r.note ?? '',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
  const format = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')
  console.log(format(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const l of lines) console.log(format(l))
}

/** The long-media measures; `decoding` adds those that decode whole files (peaks, wavesurfer.js). */
async function longMedia(decoding: boolean): Promise<void> {
  const media = benchMedia(log)
  if (decoding) {
    log('peaks vs ffmpeg decode…')
    await peaksRatio('1 h mp3', media.hourMp3)
    await peaksRatio('3 h mp3', media.threeHourMp3)
    await peaksRatio('1 h mp4 (video)', media.hourMp4)
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-bench-'))
  const databaseFile = path.join(dir, 'bench.sqlite')
  const db = openDatabase(databaseFile)
  const id = await createEpisode(db, { mediaPath: media.threeHourMp3, title: 'Three hours' })
  log('first open: computing the 3 h peaks once…')
  await new PeaksCache(peaksFolderBeside(databaseFile)).fileForEpisode(db, id)
  const duration = (await probeMedia(media.threeHourMp3)).durationSeconds
  db.close()
  addStatements(databaseFile, id, duration)

  const host = await startHost({ databaseFile, rendererDir: RENDERER_DIR })
  const browser = await launch()
  try {
    log('second open in Chromium…')
    await secondOpen(browser, host.url, id)
    log('frame times…')
    // A browser of its own, as an editor's would be: not carrying the pages opened above.
    const fresh = await launch()
    await frameTimes(fresh, host.url, id).finally(() => fresh.close())
    if (decoding) {
      log('wavesurfer.js decoding by itself (comparison)…')
      await wavesurferDecoding(browser, 'a 1 h mp3', media.hourMp3)
      await wavesurferDecoding(browser, 'a 3 h mp3', media.threeHourMp3)
    }
  } finally {
    await browser.close()
    await host.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html')))
    throw new Error('build the renderer first (npm run build)')
  // BENCH_ONLY=browser: the page's long-media measures, without decoding; BENCH_ONLY=scale: the scale ones.
  const only = process.env.BENCH_ONLY || null
  if (only !== null && only !== 'browser' && only !== 'scale')
    throw new Error(`BENCH_ONLY is browser or scale, not ${only}`)
  // The machine may be shared: its load says how far to trust a run.
  const loadAverage = (): number[] => os.loadavg().map((l) => Math.round(l * 10) / 10)
  const loadAtStart = loadAverage()
  if (only !== 'scale') await longMedia(only === null)
  const scale = only === 'browser' ? [] : await scaleBench(log, RENDERER_DIR)

  printTable([...rows, ...scale])
  const run = {
    when: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
    },
  }
  log(
    `load average (1, 5, 15 min) at the start ${loadAtStart.join(' ')}, at the end ${run.machine.loadAverage.atEnd.join(' ')}; ${run.machine.cpus} cores`,
  )
  const file = path.join(__dirname, 'results.json')
  // A scale-only run replaces the scale section and keeps the rest of the last full run.
  const kept =
    only === 'scale' && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as object) : {}
  if (only !== 'browser')
    fs.writeFileSync(
      file,
      JSON.stringify(
        only === 'scale'
          ? { ...kept, scale: { ...run, rows: scale } }
          : { ...run, rows, scale: { ...run, rows: scale } },
        null,
        2,
      ) + '\n',
    )
  if ([...rows, ...scale].some((r) => r.pass === false)) process.exitCode = 1
}

main().then(
  // A browser whose page crashed (wavesurfer decoding 3 h) can leave handles open: end here.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
