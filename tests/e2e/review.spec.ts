import fs from 'node:fs'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument } from './analysisPage'
import { expect, test } from './hostFixture'

test('a machine analysis is loaded, triaged from the keyboard (N, A, X), compared and published', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)
  const progress = page.getByRole('status', { name: 'Review progress' })
  await expect(progress).toContainText('5 left')

  // Publishing now is refused, naming what is unreviewed.
  await page.getByRole('button', { name: 'Publish…' }).click()
  const refusal = page.getByRole('dialog')
  await expect(refusal).toContainText(/chapter “Why multi-agent.*is not reviewed yet/)
  await refusal.getByRole('button', { name: /close/i }).click()

  const playhead = page.getByRole('status', { name: 'Playhead' })
  await page.keyboard.press('n') // the first chapter, at 0:00
  await page.getByRole('tab', { name: /^Review/ }).click()
  const comparison = page.getByRole('table', { name: /Machine and reviewer scores of Why multi-agent/ })
  await expect(comparison.locator('[data-dimension="guestTeaching"]')).toContainText('7')
  await page.keyboard.press('a') // accepted; on to the statement at 0:05
  // The first decision asks who reviews, once; the name is kept for every episode.
  const who = page.getByRole('dialog', { name: 'Who is reviewing' })
  await who.getByLabel('Reviewer name').fill('Ada Reviewer')
  await who.getByLabel('Reviewer name').press('Enter')
  await expect(who).toBeHidden()
  await expect(progress).toContainText('4 left')
  await expect(playhead).toHaveText('0:05.0')
  await page.keyboard.press('x') // the statement is rejected; on to the second chapter
  await expect(progress).toContainText('3 left')
  await expect(page.getByRole('tab', { name: /^Statements/ })).toContainText('0')
  await expect(playhead).toHaveText('3:20.0')
  // A A A typed faster than the answers come back decides each of the three items once.
  await page.route('**/api/review.accept', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await page.keyboard.press('a')
  await page.keyboard.press('a')
  await page.keyboard.press('a')
  await expect(progress).toBeHidden()
  await page.unroute('**/api/review.accept')

  const report = page.getByRole('region', { name: 'Review report' })
  await expect(report).toContainText('4 accepted · 0 edited · 1 rejected · 0 unreviewed')
  await expect(report.locator('[data-dimension="guestTeaching"]')).toContainText('0.00')

  // One undo brings the rejected statement back... and redo rejects it again.
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  await expect(page.getByRole('tab', { name: /^Statements/ })).toContainText('1')
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+Shift+z')
  await expect(page.getByRole('tab', { name: /^Statements/ })).toContainText('0')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Publish…' }).click()
  const published = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8')) as typeof doc
  expect(validateEpisodeDocument(published).ok).toBe(true)
  expect(published.review.status).toBe('final')
  expect(published.review.reviewer).toBe('Ada Reviewer')
  expect(published.chapters.map((c) => c.status)).toEqual(['accepted', 'accepted', 'accepted'])
  expect(published.statements).toEqual([])
  expect(published.highlights.map((h) => [h.id, h.status])).toEqual([['h1', 'accepted']])
})
