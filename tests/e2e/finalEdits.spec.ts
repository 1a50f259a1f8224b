import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { api, episodeId, exportEpisode, newSonnetEpisode, openTab, scoreCell } from './analysisPage'
import { expect, test } from './hostFixture'

test('a score typed into a published episode puts it back in review, says so once, and undo makes it final again', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  const status = page.locator('.bar .review-status')
  await expect(status).toHaveText('Review status: Draft')
  const { view } = await api(page, 'chapters.split', { id, at: 20 })
  for (const chapter of view.chapters) {
    await api(page, 'chapters.update', { id, chapterId: chapter.id, patch: { why: 'The sonnet, read.' } })
    for (const d of SEED_DIMENSIONS)
      await api(page, 'scores.set', {
        id,
        chapterId: chapter.id,
        dimension: d.key,
        value: 2,
        reasoning: 'A reading.',
      })
  }
  await page.reload()
  await page.getByRole('button', { name: 'Publish…' }).click()
  await expect(page.getByText(/^Published .*\.episode\.json$/)).toBeVisible()
  await expect(status).toHaveText('Review status: Final')

  await openTab(page, /Chapters/)
  const cell = scoreCell(page, 'Guest teaching', 1)
  await cell.click()
  await page.keyboard.press('7')
  await expect(status).toHaveText('Review status: In review')
  const notice = page.getByRole('status').filter({ hasText: 'published as final' })
  await expect(notice).toHaveText(/this change puts it back in review/)
  expect((await api(page, 'episodes.list', {})).find((e) => e.id === id)?.reviewStatus).toBe('inReview')
  // The file no longer claims what it was published as.
  expect((await exportEpisode(page)).review.status).toBe('inReview')

  // Said once: the next edit is of an episode in review.
  await page.getByRole('button', { name: 'Dismiss notice' }).click()
  await cell.click()
  await page.keyboard.press('5')
  await expect(cell).toContainText('5')
  await expect(notice).toHaveCount(0)

  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  await undo.click()
  await undo.click()
  await expect(status).toHaveText('Review status: Final')
  await expect(notice).toHaveCount(0)
})
