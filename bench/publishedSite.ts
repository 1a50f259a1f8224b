import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fs from 'node:fs'
import type { Browser } from '@playwright/test'
import { openDatabase } from '../src/core/db/openDatabase'
import { exportSite } from '../src/core/publish/site/writeSite'
import { newPage, seconds, tenths, type Row } from './common'
import type { Sizes } from './sizes'

const TARGET_MS = 1000

/**
 * The published page of the scale episode (its web page folder, exported by the core) opened from disk
 * in Chromium, as a reader opens it: the time from the navigation's start to the first frame painted
 * with the whole timeline laid out (a band per statement). The worst of a few fresh pages.
 */
export async function publishedSite(
  browser: Browser,
  databaseFile: string,
  episodeId: string,
  sizes: Sizes,
  input: string,
): Promise<Row[]> {
  const folder = path.join(path.dirname(databaseFile), 'site')
  const db = openDatabase(databaseFile)
  const exportStart = performance.now()
  try {
    await exportSite(db, episodeId, folder, {})
  } finally {
    db.close()
  }
  const exportMs = performance.now() - exportStart
  const pageBytes = fs.statSync(path.join(folder, 'index.html')).size
  const url = pathToFileURL(path.join(folder, 'index.html')).href
  const times: number[] = []
  for (let i = 0; i < sizes.pageLoads + 2; i++) {
    const page = await newPage(browser, { width: 1280, height: 800 })
    try {
      await page.addInitScript((statements: number) => {
        const drawn = (): boolean =>
          document.querySelectorAll('.bands .band').length >= statements &&
          (document.querySelector('.lane')?.getBoundingClientRect().width ?? 0) > 0
        // The first frame after the one in which the timeline is complete: it has been painted by then.
        const tick = (): void => {
          if (drawn())
            requestAnimationFrame(() => ((window as { __drawnAt?: number }).__drawnAt = performance.now()))
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }, sizes.scale.statements)
      await page.goto(url, { waitUntil: 'commit' })
      await page.waitForFunction(() => (window as { __drawnAt?: number }).__drawnAt !== undefined, null, {
        timeout: 60_000,
      })
      times.push(await page.evaluate(() => (window as { __drawnAt?: number }).__drawnAt ?? NaN))
    } finally {
      await page.close()
    }
  }
  const worst = tenths(Math.max(...times))
  return [
    {
      measure: `published page opened from disk: timeline drawn (${sizes.scale.statements} bands), worst of ${times.length}`,
      value: worst,
      unit: 'ms',
      target: `<= ${TARGET_MS}`,
      pass: worst <= TARGET_MS,
      against: 'the target',
      input: `${input}, exported with export --format site`,
      note: `loads ${times.map((t) => tenths(t)).join(', ')} ms; index.html ${(pageBytes / 1e6).toFixed(2)} MB; the folder exported in ${seconds(exportMs)} s (media copied)`,
    },
  ]
}
