import fs from 'node:fs'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { SONNET_MP3, SONNET_VTT } from '../fixtureFiles'
import { expect, test } from './hostFixture'

const cueCount = (): number =>
  fs
    .readFileSync(SONNET_VTT, 'utf8')
    .split('\n')
    .filter((l) => l.includes('-->')).length

test('an editor creates an episode from media and VTT, plays it, seeks from the transcript and exports valid JSON', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
  await expect(page.getByText('No episodes yet')).toBeVisible()

  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  await page.getByLabel('Transcript (VTT, SRT, JSON or text)').setInputFiles(SONNET_VTT)
  await expect(page.getByText('sonnet001.vtt')).toBeVisible()
  await page.getByRole('textbox', { name: 'Title' }).fill('Sonnet 1')
  await page.getByRole('textbox', { name: 'Show' }).fill('librivox')
  await page.getByRole('button', { name: 'Create episode' }).click()

  // The waveform is drawn from the core's peaks: its canvas has ink on it.
  await expect(page.getByLabel('Episode title')).toHaveValue('Sonnet 1')
  const waveform = page.getByRole('region', { name: 'Waveform' })
  await expect(waveform).toHaveAttribute('data-state', 'ready')
  const inked = await page.locator('canvas.waveform-layer').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? []
    let n = 0
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++
    return n
  })
  expect(inked).toBeGreaterThan(1000)

  const transcript = page.getByRole('region', { name: 'Transcript' })
  await expect(transcript.locator('[data-segments]')).toHaveAttribute('data-segments', String(cueCount()))

  // Play: the playhead moves.
  const media = page.locator('audio')
  await page.keyboard.press('Space')
  await expect
    .poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.3)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible()

  // Click a transcript line: the playhead jumps to its start and the line is current.
  const line = transcript.locator('.segment', { hasText: "That thereby beauty's rose might never die" })
  await line.locator('.text').click()
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeCloseTo(5.88, 1)
  await expect(page.getByRole('status', { name: 'Playhead' })).toHaveText('0:05.8')
  await expect(transcript.locator('[aria-current="true"]')).toContainText(
    "That thereby beauty's rose might never die",
  )

  // Export: the downloaded file is episode JSON v1 that the validator accepts.
  const download = page.waitForEvent('download')
  await page.getByText('Export ▾').click()
  await page.getByRole('menuitem', { name: 'Episode JSON (for publishing)' }).click()
  const file = await (await download).path()
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
  const check = validateEpisodeDocument(doc)
  expect(check.ok ? [] : check.problems).toEqual([])
  expect(doc).toMatchObject({ episode: { title: 'Sonnet 1', show: 'librivox' } })
  expect((doc as { transcript: { segments: unknown[] } }).transcript.segments).toHaveLength(cueCount())
})

test('a renamed title is undone with Ctrl+Z and the history survives a restart of the host', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  await expect(page.getByText('audio.mp3')).toBeVisible()
  await page.getByRole('button', { name: 'Create episode' }).click()

  const title = page.getByLabel('Episode title')
  await expect(title).toHaveValue('audio')
  await title.fill('Sonnet one')
  await title.press('Enter')
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled()
  await page.keyboard.press('Control+z')
  await expect(title).toHaveValue('audio')
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled()

  const host = await served.restart()
  await page.goto(host.url)
  await page.getByRole('button', { name: 'audio' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('audio')
  await page.keyboard.press('Control+Shift+z')
  await expect(page.getByLabel('Episode title')).toHaveValue('Sonnet one')
})

test('a transcript that is not one is refused with the reason, and nothing is created', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(SONNET_MP3)
  await page.getByLabel('Transcript (VTT, SRT, JSON or text)').setInputFiles({
    name: 'broken.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00:01.000 --> nonsense\nHello\n'),
  })
  await expect(page.getByText('broken.vtt')).toBeVisible()
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByRole('alert')).toContainText('broken.vtt: line 3: malformed cue timing')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('No episodes yet')).toBeVisible()
})

test('dropping the media and transcript on the library starts a new episode with both', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  const files = [
    { name: 'audio.mp3', type: 'audio/mpeg', base64: fs.readFileSync(SONNET_MP3).toString('base64') },
    { name: 'sonnet001.vtt', type: 'text/vtt', base64: fs.readFileSync(SONNET_VTT).toString('base64') },
  ]
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer()
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
      transfer.items.add(new File([bytes], f.name, { type: f.type }))
    }
    return transfer
  }, files)
  await page.locator('main.library').dispatchEvent('drop', { dataTransfer })
  const form = page.getByRole('form', { name: 'New episode' })
  await expect(form.getByText('audio.mp3')).toBeVisible()
  await expect(form.getByText('sonnet001.vtt')).toBeVisible()
  await form.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByRole('region', { name: 'Transcript' }).locator('[data-segments]')).toHaveAttribute(
    'data-segments',
    String(cueCount()),
  )
})
