import fs from 'node:fs'
import path from 'node:path'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'
import { openTab } from './analysisPage'
import { expect, test } from './hostFixture'

test('a media file cut short makes an episode as long as what decodes, and the editor is told both lengths', async ({
  page,
  served,
}) => {
  // The first 10 KB of a 3-minute mp3: its header still says 3:00, about a second decodes.
  const cut = path.join(tempFolder('episcore-e2e-cut-'), 'interview.mp3')
  fs.writeFileSync(cut, fs.readFileSync(speechMp3(180)).subarray(0, 10_240))
  const told =
    'The media file interview.mp3 declares 3:00, but only 0:01 of its audio decodes (is it cut short?): the episode is 0:01 long.'

  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'New episode from media…' }).click()
  await page.getByLabel('Media (audio or video)').setInputFiles(cut)
  await page.getByRole('button', { name: 'Create episode' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('interview')
  await expect(page.getByRole('alert').filter({ hasText: told })).toBeVisible()
  await openTab(page, /^Problems/)
  await expect(page.getByRole('region', { name: 'Problems', exact: true })).toContainText(told)
})
