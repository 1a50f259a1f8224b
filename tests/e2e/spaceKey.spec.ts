import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { speechMp3 } from '../generateMedia'
import { expect, test } from './hostFixture'

test('Space plays and pauses after a click on a toolbar button, and a button reached by Tab still takes it', async ({
  page,
  served,
}) => {
  const media = speechMp3(30)
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath: media, title: path.basename(media) })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  const overview = page.getByLabel('Overview of the whole episode')
  const viewSpan = async (): Promise<number> =>
    Number(await overview.getAttribute('data-view-end')) -
    Number(await overview.getAttribute('data-view-start'))
  const paused = () => page.locator('audio').evaluate((m: HTMLMediaElement) => m.paused)

  const zoomIn = page.getByRole('button', { name: /^Zoom in/ })
  await zoomIn.click()
  await expect.poll(viewSpan).toBeLessThan(29)
  const zoomed = await viewSpan()
  await page.keyboard.press(' ')
  await expect.poll(paused).toBe(false)
  // The button clicked is not pressed again: the view keeps its zoom.
  expect(await viewSpan()).toBeCloseTo(zoomed, 1)
  await page.keyboard.press(' ')
  await expect.poll(paused).toBe(true)

  // A keyboard user who tabs to a button presses it with Space, as everywhere else.
  await zoomIn.focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(zoomIn).toBeFocused()
  await page.keyboard.press(' ')
  await expect.poll(viewSpan).toBeLessThan(zoomed - 0.5)
  expect(await paused()).toBe(true)
})
