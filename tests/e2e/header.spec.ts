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
  const header = (await title.locator('xpath=..').boundingBox())!
  const field = (await title.boundingBox())!
  // Far wider than the 250 px it was cut at: the header leaves no free space beside it.
  expect(field.width).toBeGreaterThan(header.width / 3)
})
