import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium'

import type { Row } from './rowRunner'

export type { Row } from './rowRunner'

export type Log = (line: string) => void

export const seconds = (ms: number): number => Math.round(ms) / 1000
export const tenths = (ms: number): number => Math.round(ms * 10) / 10

/** The value below which a share `q` of the values fall (nearest rank). */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN
}

/** A measure whose rows were timed in Chromium: their multiple of the calibration is against its. */
export const inChromium = (run: () => Promise<Row[]>) => async (): Promise<Row[]> =>
  (await run()).map((row) => ({ ...row, timedIn: 'chromium' as const }))

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Frames as fast as the work allows, so frame times measure work rather than the display's rate.
    args: [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
  })
}

export type FrameTimes = Array<[string, number]>

declare global {
  interface Window {
    /**
     * Calls `step` once per animation frame until it returns null; each frame's time (from the frame that
     * ran a step to the next) is labelled with what that step did.
     */
    benchFrames(step: (index: number, elapsedMs: number) => string | null): Promise<FrameTimes>
  }
}

function installFrameLoop(): void {
  window.benchFrames = (step) =>
    new Promise((resolve) => {
      const times: FrameTimes = []
      let begin = 0
      let last = 0
      let label = ''
      let index = 0
      const frame = (now: number): void => {
        if (index === 0) begin = now
        else times.push([label, now - last])
        last = now
        const next = step(index++, now - begin)
        if (next === null) return resolve(times)
        label = next
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
}

/** A page; tsx (esbuild) names functions with a `__name` helper that page.evaluate bodies would miss. */
export async function newPage(browser: Browser, viewport = { width: 1600, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport })
  await page.addInitScript('globalThis.__name = (f) => f')
  await page.addInitScript(installFrameLoop)
  return page
}

/** p95, median, max and the count over 16 ms of frame times, for a row's note. */
export function frameSummary(times: readonly number[]): string {
  return `${times.length} frames, median ${tenths(percentile(times, 0.5))} ms, max ${Math.round(
    Math.max(...times),
  )} ms, over 16 ms: ${times.filter((t) => t > 16).length}`
}
