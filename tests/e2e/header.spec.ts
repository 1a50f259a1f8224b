import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument } from './analysisPage'
import { expect, test } from './hostFixture'

test('the episode title takes the header’s free space and shows in full on hover', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const doc = machineEpisode()
  doc.episode.title = `${doc.episode.title}: ${Array(4).fill('a very long subtitle that goes on').join(', ')}`
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)
  const title = page.getByLabel('Episode title')
  await expect(title).toHaveAttribute('title', doc.episode.title)
  // The header leaves no free space beside a long title: the spacer before the buttons is empty, and the
  // field is wider than the 250 px it was once cut at.
  const spacer = page.locator('header.bar .spacer')
  const field = (await title.boundingBox())!
  expect((await spacer.boundingBox())!.width).toBeLessThan(1)
  expect(field.width).toBeGreaterThan(300)
  // A wider window gives the title all of the new room.
  await page.setViewportSize({ width: 1840, height: 900 })
  await expect.poll(async () => (await title.boundingBox())!.width).toBeGreaterThan(field.width + 390)
})
