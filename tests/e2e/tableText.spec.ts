import type { Locator, Page } from '@playwright/test'
import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * The tables' text fields grow to show all their text: nothing scrolls inside a field, nothing is
 * hidden above its first line, and the columns give the texts room.
 */

const LONG = 'The guest explains, at length and with care, why the field went the way it did. '
  .repeat(8)
  .trim()

/** The field shows all of its text, from its first line. */
async function showsAll(field: Locator): Promise<void> {
  const sizes = await field.evaluate((f: HTMLTextAreaElement) => ({
    scroll: f.scrollHeight,
    client: f.clientHeight,
    top: f.scrollTop,
    value: f.value.length,
  }))
  expect(sizes.value).toBeGreaterThan(100)
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client)
  expect(sizes.top).toBe(0)
  // Its first words are on screen once it is scrolled to.
  await field.scrollIntoViewIfNeeded()
  const box = (await field.boundingBox())!
  const viewport = field.page().viewportSize()!
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + 20).toBeLessThanOrEqual(viewport.height)
}

async function open(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(url)
  await openEpisodeDocument(page, machineEpisode())
}

test('a chapter’s long why and title show all their text, and the row’s actions stay in view', async ({
  page,
  served,
}) => {
  await open(page, served.host.url)
  await openTab(page, /^Chapters/)
  const why = page.getByLabel('Why, chapter 1')
  await why.fill(LONG)
  await why.press('Tab')
  await showsAll(why)
  await why.click()
  await showsAll(why)
  const title = page.getByLabel('Title of chapter 1', { exact: true })
  await title.fill(LONG.slice(0, 200))
  await title.press('Enter')
  await showsAll(title)
  // The table fits its panel: the last column's buttons are not cut off.
  const table = page.getByRole('table', { name: 'Chapters and scores' })
  const panel = await table.evaluate((t) => t.parentElement!.getBoundingClientRect().right)
  const merge = (await table.getByRole('button', { name: 'Merge with next' }).first().boundingBox())!
  expect(merge.x + merge.width).toBeLessThanOrEqual(panel)
})

test('a highlight’s title has room, and its title and description show all their text', async ({
  page,
  served,
}) => {
  await open(page, served.host.url)
  await openTab(page, /^Highlights/)
  const title = page.getByLabel('Title of Sharpest disagreement')
  expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(200)
  await title.fill(LONG.slice(0, 180))
  await title.press('Enter')
  await expect(title).toHaveValue(LONG.slice(0, 180).trim())
  await showsAll(title)
  const description = page.getByLabel('Description of Sharpest disagreement')
  await description.fill(LONG)
  await description.press('Tab')
  await showsAll(description)
})

test('a statement being edited shows all of its title and quote', async ({ page, served }) => {
  await open(page, served.host.url)
  const row = page.getByRole('table', { name: 'Statements' }).locator('tbody tr').first()
  await row.locator('td').first().click()
  const title = row.getByRole('textbox', { name: 'Title' })
  await title.fill(LONG.slice(0, 150))
  await showsAll(title)
  const quote = row.getByRole('textbox', { name: 'Quote' })
  await quote.fill(LONG)
  await showsAll(quote)
  // The row grew with them: the quote's bottom is inside the row.
  const rowBox = (await row.boundingBox())!
  const quoteBox = (await quote.boundingBox())!
  expect(quoteBox.y + quoteBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height)
})
