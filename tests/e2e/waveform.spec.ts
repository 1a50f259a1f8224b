import type { Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { longSpeechMp3, speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'
import { expect, test, type HostHandle } from './hostFixture'

/** Creates an episode straight in the host's database, as the CLI would, and opens it in the page. */
async function openEpisode(page: Page, served: HostHandle, mediaPath: string): Promise<string> {
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath, title: path.basename(mediaPath) })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  return id
}

async function viewWindow(page: Page): Promise<{ start: number; end: number }> {
  const overview = page.getByLabel('Overview of the whole episode')
  return {
    start: Number(await overview.getAttribute('data-view-start')),
    end: Number(await overview.getAttribute('data-view-end')),
  }
}

const media = (page: Page) => page.locator('audio')
const currentTime = (page: Page) => media(page).evaluate((m: HTMLMediaElement) => m.currentTime)

test('zoom with +/- and Ctrl+wheel keeps the time under the pointer, and the overview moves the view', async ({
  page,
  served,
}) => {
  await openEpisode(page, served, speechMp3(300))
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await expect.poll(async () => (await viewWindow(page)).end).toBeGreaterThan(299)

  for (let i = 0; i < 3; i++) await page.keyboard.press('+')
  const zoomed = await viewWindow(page)
  expect(zoomed.end - zoomed.start).toBeCloseTo(300 / 1.5 ** 3, -1)
  await page.keyboard.press('-')
  const out = await viewWindow(page)
  expect(out.end - out.start).toBeCloseTo(300 / 1.5 ** 2, -1)

  // The overview: a click at 40% centres the view on 120 s.
  const overview = page.getByLabel('Overview of the whole episode')
  const box = (await overview.boundingBox())!
  await overview.click({ position: { x: box.width * 0.4, y: box.height / 2 } })
  await expect
    .poll(async () => {
      const v = await viewWindow(page)
      return (v.start + v.end) / 2
    })
    .toBeCloseTo(120, 0)

  // Ctrl+wheel over the waveform: one notch is one 1.5x step, centred on the pointer.
  const wave = page.getByTestId('waveform')
  const waveBox = (await wave.boundingBox())!
  const before = await viewWindow(page)
  const pointerX = waveBox.width * 0.25
  const timeUnderPointer = before.start + ((before.end - before.start) * pointerX) / waveBox.width
  await page.mouse.move(waveBox.x + pointerX, waveBox.y + 40)
  await page.keyboard.down('Control')
  await page.mouse.wheel(0, -100)
  await page.keyboard.up('Control')
  await expect
    .poll(async () => {
      const v = await viewWindow(page)
      return v.end - v.start
    })
    .toBeCloseTo((before.end - before.start) / 1.5, 0)
  const after = await viewWindow(page)
  expect(after.start + ((after.end - after.start) * pointerX) / waveBox.width).toBeCloseTo(
    timeUnderPointer,
    0,
  )
})

test('seek keys, playback speed with pitch kept, and the follow toggle', async ({ page, served }) => {
  await openEpisode(page, served, speechMp3(120))
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1)
  await page.keyboard.press('Shift+ArrowRight')
  await expect.poll(() => currentTime(page)).toBeCloseTo(6, 1)
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => currentTime(page)).toBeCloseTo(1, 1)
  await page.keyboard.press('End')
  await expect.poll(() => currentTime(page)).toBeGreaterThan(119)
  await page.keyboard.press('Home')
  await expect.poll(() => currentTime(page)).toBe(0)

  await page.getByLabel('Playback speed').selectOption('2')
  expect(await media(page).evaluate((m: HTMLMediaElement) => [m.playbackRate, m.preservesPitch])).toEqual([
    2,
    true,
  ])
  await page.getByLabel('Playback speed').blur()
  await page.keyboard.press('Space')
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.5)
  // Media time runs about twice as fast as the page's clock (1x would be at most 1).
  const ratio = await media(page).evaluate(async (m: HTMLMediaElement) => {
    const [media0, wall0] = [m.currentTime, performance.now()]
    await new Promise((resolve) => setTimeout(resolve, 1500))
    return (m.currentTime - media0) / ((performance.now() - wall0) / 1000)
  })
  expect(ratio).toBeGreaterThan(1.4)
  await page.keyboard.press('Space')

  const follow = page.getByRole('checkbox', { name: 'Follow playhead' })
  await expect(follow).toBeChecked()
  await follow.uncheck()
  await expect(follow).not.toBeChecked()
})

test('a long file shows the waveform progress and can be cancelled, then computed on request', async ({
  page,
  served,
}) => {
  await openEpisode(page, served, longSpeechMp3(90))
  const progress = page.getByLabel('Waveform progress')
  await expect(progress).toBeVisible()
  // The page stays usable meanwhile: playback works before the waveform exists.
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => currentTime(page)).toBeCloseTo(5, 1)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'cancelled')
  await page.getByRole('button', { name: 'Compute the waveform' }).click()
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready', {
    timeout: 60_000,
  })
})

test('an episode whose media was moved still opens, and relinking warns when the file differs', async ({
  page,
  served,
}) => {
  const dir = tempFolder()
  const original = path.join(dir, 'interview.mp3')
  fs.copyFileSync(speechMp3(20), original)
  const kept = path.join(tempFolder(), 'interview.mp3')
  fs.copyFileSync(original, kept)
  await openEpisode(page, served, original)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  fs.rmSync(original)

  await page.reload()
  await expect(page.getByRole('alert')).toContainText('The media file interview.mp3 is missing or was moved')
  await expect(page.getByLabel('Episode title')).toBeEditable()
  await page.getByLabel('Relink media').setInputFiles(kept)
  await expect(page.locator('p.notice')).toContainText('Media relinked: interview.mp3')
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')

  // The relinked copy lives in the host's upload folder; remove it to be asked again, then give another file.
  const db = openDatabase(served.databaseFile)
  const row = db.prepare('SELECT path FROM media').get() as { path: string }
  db.close()
  fs.rmSync(row.path)
  await page.reload()
  await page.getByLabel('Relink media').setInputFiles(speechMp3(10))
  await expect(page.locator('p.notice')).toContainText('is not the file this episode was made from')
})
