import type { Locator, Page } from '@playwright/test'
import { machineEpisode } from '../machineEpisode'
import { chaptersTable, exportEpisode, openEpisodeDocument, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * Scoring blind (issue 29): a reviewer who asks for it sees none of the machine's scores, reasoning or
 * highlights until they have scored the cell themselves or revealed the chapter; then both show, with
 * the difference. The choice goes into the export as review.blind.
 */

const comparison = (page: Page): Locator =>
  page.getByRole('table', { name: /Machine and reviewer scores of Why multi-agent/ })
const row = (page: Page, dimension: string): Locator =>
  comparison(page).locator(`tr[data-dimension="${dimension}"]`)

test('blind, the machine’s numbers stay off the screen until the reviewer scores; then both show with the difference', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode())
  const toggle = page.getByRole('button', { name: 'Score blind' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')

  // Nothing the machine said of the scores is anywhere on the page: numbers, reasonings, its highlight.
  await openTab(page, /^Chapters/)
  const cells = chaptersTable(page).locator('td.score')
  await expect(cells).toHaveCount(12)
  for (const text of await cells.allTextContents()) expect(text).toBe('')
  await expect(chaptersTable(page).locator('td.score.hidden-score')).toHaveCount(12)
  const body = page.locator('body')
  await expect(body).not.toContainText('opening (')
  await expect(body).not.toContainText('Rewards are not the bottleneck')

  await page.keyboard.press('n') // the first chapter, on the review card
  await openTab(page, /^Review/)
  await expect(page.getByText(/^Scoring blind: each machine score/)).toBeVisible()
  await expect(row(page, 'guestTeaching').locator('td.machine')).toHaveText('hidden until you score')
  await expect(comparison(page)).not.toContainText(/\d/)
  // Its reasoning waits for the score: written first, it would make the machine's number the reviewer's.
  await expect(row(page, 'guestTeaching').locator('td.own-reasoning')).toHaveText('score first')

  // Accepting would take scores not seen: refused in words, nothing decided.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('a')
  await expect(page.getByText(/^Score this chapter’s hidden dimensions/)).toBeVisible()

  // The reviewer's own 4 for Guest teaching: the machine's 7 shows beside it, with the difference.
  await row(page, 'guestTeaching')
    .getByLabel(/reviewer’s score/)
    .click()
  await page.keyboard.press('4')
  await expect(row(page, 'guestTeaching').locator('td.machine')).toContainText('7 you 4 · −3')
  await expect(row(page, 'guestTeaching').locator('td.machine')).toContainText('opening (')
  await expect(row(page, 'hostsInformedPeer').locator('td.machine')).toHaveText('hidden until you score')

  // Revealing the chapter shows the rest of its scores; the other chapters stay hidden.
  await page.getByRole('button', { name: 'Reveal machine scores' }).click()
  await expect(row(page, 'hostsInformedPeer').locator('td.machine')).toContainText('2')
  await expect(row(page, 'hostsPushingBack').locator('td.machine')).toContainText('0')
  await openTab(page, /^Chapters/)
  await expect(chaptersTable(page).locator('td.score.hidden-score')).toHaveCount(8)
  await expect(body).not.toContainText('Rewards are not the bottleneck')

  const exported = await exportEpisode(page)
  expect(exported.review.blind).toBe(true)
  // The core kept every score: the export is the analysis, not what the screen hid.
  expect(exported.chapters[1]?.scores.guestTeaching?.value).toBe(8)
  expect(exported.chapters[0]?.scores.guestTeaching?.value).toBe(4)
})

test('B on an analysis without machine scores says why it hides nothing, and nothing changes', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  const machine = machineEpisode()
  // A reviewer's own analysis: every chapter theirs, so no machine score to hide.
  await openEpisodeDocument(page, {
    ...machine,
    chapters: machine.chapters.map((c) => ({ ...c, origin: 'human' as const })),
  })
  await expect(page.getByRole('button', { name: 'Score blind' })).toHaveCount(0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('b')
  await expect(
    page.locator('.status-line').getByText('Score blind hides a machine’s scores; this analysis has none'),
  ).toBeVisible()
  expect((await exportEpisode(page)).review.blind).toBeFalsy()
})
