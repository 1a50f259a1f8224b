import fs from 'node:fs'
import path from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import type { MethodName, RequestOf, ResponseOf } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import type { Reply } from '../../src/shared/result'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { SONNET_MP3 } from '../fixtureFiles'

/** Opens an episode JSON document as an editor does (the library's file input) and waits for its editor. */
export async function openEpisodeDocument(page: Page, doc: EpisodeDocument): Promise<void> {
  await page.getByLabel('Open episode JSON').setInputFiles({
    name: 'machine.episode.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  })
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
}

/** Two analyses of one episode in the library, loaded one after the other from the library; the second open. */
export async function loadAnalyses(
  page: Page,
  url: string,
  first: EpisodeDocument,
  second: EpisodeDocument,
): Promise<void> {
  await page.goto(url)
  await openEpisodeDocument(page, first)
  await page.getByRole('button', { name: 'Back to the library' }).click()
  await openEpisodeDocument(page, second)
}

/** Creates an episode from the 53 s sonnet (and a transcript, if given) and waits until its media has loaded. */
export async function newSonnetEpisode(page: Page, url: string, transcript?: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  if (transcript) {
    await page.getByLabel('Transcript (VTT, SRT, JSON or text)').setInputFiles(transcript)
    // The file is uploaded first: created before that, the episode would have no transcript.
    await expect(page.getByText(path.basename(transcript), { exact: true })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toBeVisible()
  // Seeking waits for the media element. The whole waveform is waited for too: its peaks come over the
  // socket, so a test that holds the core's answers would otherwise hold them (and the labels drawn on it).
  await expect
    .poll(() => page.locator('audio').evaluate((m: HTMLMediaElement) => m.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0)
  await expect(page.locator('section.waveform[data-state="ready"]')).toBeVisible({ timeout: 20_000 })
}

export const openTab = (page: Page, name: RegExp): Promise<void> => page.getByRole('tab', { name }).click()

export const playhead = (page: Page): Locator => page.getByRole('status', { name: 'Playhead' })

/** Moves the playhead from the keyboard to a whole second: 5 s steps, then 1 s steps, from the start. */
export async function seekTo(page: Page, seconds: number): Promise<void> {
  // A score cell or a field would take these keys itself.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Home')
  for (let i = 0; i < Math.floor(seconds / 5); i++) await page.keyboard.press('ArrowRight')
  for (let i = 0; i < seconds % 5; i++) await page.keyboard.press('Shift+ArrowRight')
  const m = Math.floor(seconds / 60)
  // The clock shows tenths.
  await expect(playhead(page)).toHaveText(`${m}:${String(seconds % 60).padStart(2, '0')}.0`)
}

export const chaptersTable = (page: Page): Locator => page.getByRole('table', { name: 'Chapters and scores' })

export const chapterRows = (page: Page): Locator => chaptersTable(page).locator('tbody tr[data-chapter]')

/** The score cell of a dimension (by label) in a chapter (1-based). */
export const scoreCell = (page: Page, dimension: string, chapter: number): Locator =>
  chaptersTable(page).getByRole('cell', { name: `${dimension}, chapter ${chapter}`, exact: true })

/** Exports the episode JSON through the Export menu and answers it, checked against the format. */
export async function exportEpisode(page: Page): Promise<EpisodeDocument> {
  const download = page.waitForEvent('download')
  await page.getByText('Export ▾').click()
  await page.getByRole('menuitem', { name: 'Episode JSON (for publishing)' }).click()
  const file = await (await download).path()
  const check = validateEpisodeDocument(JSON.parse(fs.readFileSync(file, 'utf8')))
  expect(check.ok ? [] : check.problems).toEqual([])
  if (!check.ok) throw new Error('invalid episode JSON')
  return check.document
}

/** The id of the episode the page shows, from its address. */
export const episodeId = (page: Page): string =>
  decodeURIComponent(new URL(page.url()).hash.replace(/^#\/episode\//, ''))

/** One call through the browser host, with the cookie the page already holds, as the app makes it. */
export async function api<K extends MethodName>(
  page: Page,
  method: K,
  request: RequestOf<K>,
): Promise<ResponseOf<K>> {
  const reply = await page.evaluate(
    async ({ method, request }) => {
      const response = await fetch(`/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
      return (await response.json()) as Reply<unknown>
    },
    { method, request },
  )
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`)
  return reply.value as ResponseOf<K>
}
