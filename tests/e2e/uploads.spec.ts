import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from './hostFixture'

test('a video picked as the transcript is refused before any of it is uploaded, and nothing is stored', async ({
  page,
  served,
}) => {
  const uploads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/upload') uploads.push(request.url())
  })
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  const form = page.getByRole('form', { name: 'New episode' })
  await form.getByLabel('Transcript').setInputFiles({
    name: 'interview.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.alloc(8 * 1024 * 1024, 7),
  })
  await expect(
    page.getByText('interview.mp4 is not a transcript (it looks like the episode’s audio or video)'),
  ).toBeVisible()
  expect(uploads).toEqual([])
  const stored = path.join(path.dirname(served.databaseFile), 'episcore-media')
  expect(fs.existsSync(stored) ? fs.readdirSync(stored) : []).toEqual([])

  // The right file goes up as before.
  await form.getByLabel('Transcript').setInputFiles({
    name: 'talk.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello.\n'),
  })
  await expect(form.getByText('talk.vtt')).toBeVisible()
  expect(uploads).toHaveLength(1)
})
