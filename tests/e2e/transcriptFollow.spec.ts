import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'
import { expect, test } from './hostFixture'

test('the transcript follows a seek into the pause between two segments', async ({ page, served }) => {
  // Two seconds of speech every five: most of the timeline is pauses between segments.
  const vttTime = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(11, 23)
  const cues = Array.from({ length: 120 }, (_, i) => {
    const start = i * 5
    return `${vttTime(start)} --> ${vttTime(start + 2)}\nLine number ${i} at ${start} seconds.\n`
  })
  const transcript = path.join(tempFolder(), 'gaps.vtt')
  fs.writeFileSync(transcript, `WEBVTT\n\n${cues.join('\n')}`)
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, { mediaPath: speechMp3(600), transcriptPath: transcript, title: 'Gaps' })
  db.close()
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  const panel = page.getByRole('region', { name: 'Transcript' })
  await expect(panel.getByText('Line number 0 at 0 seconds.')).toBeVisible()

  // 402.5 s lies in the pause after the line at 400 s: that line comes into view, none is lit.
  await page.locator('audio').evaluate((media: HTMLMediaElement) => (media.currentTime = 402.5))
  await expect(panel.getByText('Line number 80 at 400 seconds.')).toBeInViewport()
  await expect(panel.locator('.segment.current')).toHaveCount(0)
  await expect(panel.getByText('Line number 0 at 0 seconds.')).not.toBeInViewport()
})
