import type { Page } from '@playwright/test'
import { sha256File } from '../../src/core/media/hashFile'
import { probeMedia } from '../../src/core/media/probeMedia'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode, withOwnMedia } from '../machineEpisode'
import { SONNET_MP3 } from '../fixtureFiles'
import { newSonnetEpisode } from './analysisPage'
import { expect, test } from './hostFixture'

const asFile = (doc: unknown, name: string): { name: string; mimeType: string; buffer: Buffer } => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(doc, null, 2)),
})

/** Drops files on the library as the desktop's file manager would. */
async function drop(page: Page, files: { name: string; buffer: Buffer }[]): Promise<void> {
  const list = files.map((f) => ({ name: f.name, text: f.buffer.toString('utf8') }))
  const dataTransfer = await page.evaluateHandle((each) => {
    const transfer = new DataTransfer()
    for (const f of each) transfer.items.add(new File([f.text], f.name, { type: 'application/json' }))
    return transfer
  }, list)
  await page.locator('main.library').dispatchEvent('drop', { dataTransfer })
}

test('several episode JSON files dropped on the library load each, and ids already there are kept both from the keyboard', async ({
  page,
  served,
}) => {
  // Two episodes (each its own media), loaded again below as second analyses of each.
  const first = withOwnMedia(machineEpisode('first-analysis'))
  first.episode.title = 'First analysis'
  const second = withOwnMedia(machineEpisode('second-analysis'))
  second.episode.title = 'Second analysis'
  const broken = machineEpisode('broken')
  Object.assign(broken.chapters[1] ?? {}, { start: 150 })
  await page.goto(served.host.url)
  await drop(page, [
    asFile(first, 'first.episode.json'),
    asFile(broken, 'broken.episode.json'),
    asFile(second, 'second.episode.json'),
  ])

  const summary = page.getByRole('region', { name: 'Loaded files' })
  await expect(summary.getByRole('heading')).toHaveText('Loaded 2 of 3 files; 1 refused')
  await expect(summary.getByRole('listitem')).toHaveText([
    'first.episode.json loaded as first-analysis',
    'broken.episode.json refused: broken.episode.json is not a valid episode JSON v1 file (1 problem):',
    'second.episode.json loaded as second-analysis',
  ])
  const episodes = page.getByRole('table', { name: 'Episodes' })
  await expect(episodes.getByRole('button', { name: 'First analysis' })).toBeVisible()
  await expect(episodes.getByRole('button', { name: 'Second analysis' })).toBeVisible()
  await expect(episodes.locator('tbody tr')).toHaveCount(2)

  // Chosen together in the file dialog this time: both ids are taken, and nothing is lost unasked.
  await page
    .getByLabel('Open episode JSON')
    .setInputFiles([asFile(first, 'first.episode.json'), asFile(second, 'second.episode.json')])
  await expect(summary.getByRole('heading')).toHaveText(
    'Loaded 0 of 2 files; 2 episodes already in the library',
  )
  await expect(summary).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(summary.getByRole('button', { name: 'Keep both for all 2 files' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(summary.getByRole('heading')).toHaveText('Loaded 2 of 2 files')
  // Two episodes still, each with two analyses now.
  await expect(episodes.locator('tbody tr')).toHaveCount(2)
  await expect(episodes.getByRole('button', { name: '2 analyses' })).toHaveCount(2)
  await summary.getByRole('button', { name: 'second-analysis-2' }).click()
  await expect(page).toHaveURL(/#\/episode\/second-analysis-2$/)
  await expect(page.getByLabel('Episode title')).toHaveValue('Second analysis')
})

test('an analysis of media already in the library opens with its media playable, not missing', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)

  // A pipeline's analysis of the same recording names it by its hash only.
  const doc: EpisodeDocument = machineEpisode('sonnet-machine')
  doc.episode.title = 'Sonnet, by the machine'
  doc.episode.durationSeconds = (await probeMedia(SONNET_MP3)).durationSeconds
  doc.episode.media = { fileName: 'sonnet.mp3', sha256: await sha256File(SONNET_MP3), kind: 'audio' }
  Object.assign(doc, {
    chapters: [],
    highlights: [],
    statements: [],
    transcript: null,
    speakingBalance: null,
  })
  const other = machineEpisode('elsewhere')
  await page.goto(served.host.url)
  await drop(page, [asFile(doc, 'sonnet.episode.json'), asFile(other, 'elsewhere.episode.json')])
  const summary = page.getByRole('region', { name: 'Loaded files' })
  await expect(summary.getByRole('listitem')).toHaveText([
    'sonnet.episode.json loaded as sonnet-machine, its media found in the library (audio.mp3)',
    'elsewhere.episode.json loaded as elsewhere',
  ])

  await summary.getByRole('button', { name: 'sonnet-machine' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('Sonnet, by the machine')
  await expect
    .poll(() => page.locator('audio').evaluate((m: HTMLMediaElement) => m.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0)
  await expect(page.getByText(/is missing or was moved/)).toBeHidden()
})
