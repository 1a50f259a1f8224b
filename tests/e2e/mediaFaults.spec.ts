import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { longSpeechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'
import { expect, test } from './hostFixture'

test('media deleted while it plays: the page says so, offers a relink and stays editable', async ({
  page,
  served,
}) => {
  const crashes: string[] = []
  page.on('pageerror', (error) => crashes.push(error.message))
  // Long enough that Chromium has buffered only its start when the file goes: a seek must read the disk.
  const media = path.join(tempFolder('episcore-e2e-media-'), 'interview.mp3')
  fs.copyFileSync(longSpeechMp3(30), media)
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath: media, title: 'Interview' })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)

  const audio = page.locator('audio')
  const currentTime = (): Promise<number> => audio.evaluate((m: HTMLMediaElement) => m.currentTime)
  await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled()
  await page.keyboard.press('Space')
  await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(0.3)

  fs.rmSync(media)
  await page.keyboard.press('End')
  await expect(
    page.getByRole('alert').filter({ hasText: 'The media file could not be read (moved or deleted?)' }),
  ).toBeVisible()
  await expect(page.getByText('The media file interview.mp3 is missing or was moved.')).toBeVisible()
  await expect(page.getByLabel('Relink media')).toBeAttached()

  // Still an editor: an edit goes through and survives a reload.
  await page.getByLabel('Episode title').fill('Interview, media gone')
  await page.getByLabel('Episode title').press('Enter')
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled()
  await page.reload()
  await expect(page.getByLabel('Episode title')).toHaveValue('Interview, media gone')
  await expect(page.getByText('The media file interview.mp3 is missing or was moved.')).toBeVisible()
  expect(crashes).toEqual([])
})

test('media replaced on disk by other content: not played, shown as changed with the relink; played again once put back', async ({
  page,
  served,
}) => {
  const media = path.join(tempFolder('episcore-e2e-media-'), 'interview.mp3')
  fs.copyFileSync(longSpeechMp3(1), media)
  const original = fs.readFileSync(media)
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath: media, title: 'Interview' })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled()

  // Another recording of the same length under the same name.
  const other = Buffer.from(original)
  for (let at = 4096; at < other.length; at += 4096) other.writeUInt8(other.readUInt8(at) ^ 0xff, at)
  fs.writeFileSync(media, other)
  await page.reload()
  const changed = page.getByText('The media file interview.mp3 was replaced on disk by other content')
  await expect(changed).toBeVisible()
  await expect(page.getByLabel('Relink media')).toBeAttached()
  await expect(page.locator('audio')).toHaveCount(0)

  fs.writeFileSync(media, original)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled()
  await expect(changed).toBeHidden()
})
