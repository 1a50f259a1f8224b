import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { longSpeechMp3 } from '../generateMedia'
import { expect, test } from './hostFixture'

test('a long file opened for the first time shows its waveform arriving, and seeks meanwhile', async ({
  page,
  served,
}) => {
  const mediaPath = longSpeechMp3(40)
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath, title: path.basename(mediaPath) })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)

  // Not a progress bar alone: the waves decoded so far are drawn, with the progress and Cancel over them.
  const waveform = page.getByRole('region', { name: 'Waveform' })
  await expect(waveform).toHaveAttribute('data-state', 'filling')
  await expect(waveform.locator('canvas.waveform-layer[data-presented-at]')).toBeAttached()
  await expect(waveform.getByLabel('Waveform progress')).toBeVisible()
  await expect(waveform.getByRole('button', { name: 'Cancel' })).toBeVisible()

  // The editor is not kept waiting: a click on the waves (the whole episode in view) seeks there.
  const stack = waveform.locator('.waveform-stack')
  const box = await stack.boundingBox()
  if (!box) throw new Error('the waveform is not drawn')
  await stack.click({ position: { x: box.width * 0.5, y: box.height / 2 } })
  const audio = page.locator('audio')
  await expect
    .poll(() => audio.evaluate((m: HTMLMediaElement) => m.currentTime))
    .toBeGreaterThan(40 * 60 * 0.4)

  await expect(waveform).toHaveAttribute('data-state', 'ready', { timeout: 60_000 })
  await expect(waveform.getByLabel('Waveform progress')).toHaveCount(0)
})
