import type { Page } from '@playwright/test'
import { api, chapterRows, episodeId, newSonnetEpisode, openTab, playhead } from './analysisPage'
import { expect, test } from './hostFixture'

async function goTo(page: Page, typed: string): Promise<void> {
  await page.keyboard.press('Control+g')
  const field = page.getByRole('textbox', { name: 'Go to time' })
  await field.fill(typed)
  await field.press('Enter')
  await expect(field).toBeHidden()
}

const statementTitles = async (page: Page): Promise<string[]> =>
  (await api(page, 'episodes.open', { id: episodeId(page) })).statements.map((s) => s.title)

const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true })

test('Escape in a new statement’s title keeps the text as one undo step, which Ctrl+Z takes back', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await goTo(page, '2')
  await page.keyboard.press('[')
  await goTo(page, '5')
  await page.keyboard.press(']')
  const title = page.getByRole('table', { name: 'Statements' }).getByRole('textbox', { name: 'Title' })
  await expect(title).toBeFocused()
  await title.pressSequentially('Beauty’s rose')
  await title.press('Escape')
  await expect(title).not.toBeFocused()
  await expect(title).toHaveValue('Beauty’s rose')
  expect(await statementTitles(page)).toEqual(['Beauty’s rose'])
  await expect(undoButton(page)).toHaveAttribute('title', /^Undo Rename statement/)

  // The keyboard is the editor's again: Ctrl+Z brings back the title before, and only that.
  await page.keyboard.press('Control+z')
  await expect.poll(() => statementTitles(page)).toEqual([''])
  await expect(title).toHaveValue('')
})

test('Tab and leaving save a chapter title; Enter is a new line in the summary and Ctrl+Enter saves it', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await api(page, 'chapters.split', { id: episodeId(page), at: 20 })
  await page.reload()
  await openTab(page, /Chapters/)
  const firstTitle = chapterRows(page).first().getByRole('textbox', { name: /title/i })
  await firstTitle.click()
  await page.keyboard.type('Opening')
  await page.keyboard.press('Tab')
  await expect(firstTitle).not.toBeFocused()
  await expect
    .poll(async () => (await api(page, 'episodes.open', { id: episodeId(page) })).chapters[0]?.title)
    .toBe('Opening')

  await openTab(page, /Details/)
  const summary = page.getByLabel('Summary', { exact: true })
  await summary.click()
  await page.keyboard.type('First line')
  await page.keyboard.press('Enter')
  await page.keyboard.type('second line')
  await expect(summary).toBeFocused()
  await expect(undoButton(page)).not.toHaveAttribute('title', /Edit summary/)
  await page.keyboard.press('Control+Enter')
  await expect(summary).not.toBeFocused()
  await expect(undoButton(page)).toHaveAttribute('title', /^Undo Edit summary/)
  expect((await api(page, 'episodes.open', { id: episodeId(page) })).details.summary).toBe(
    'First line\nsecond line',
  )
})

test('Escape in the go-to-time dialog closes it without going there', async ({ page, served }) => {
  await newSonnetEpisode(page, served.host.url)
  await goTo(page, '3')
  await page.keyboard.press('Control+g')
  const field = page.getByRole('textbox', { name: 'Go to time' })
  await field.fill('0:30')
  await field.press('Escape')
  await expect(field).toBeHidden()
  await expect(playhead(page)).toHaveText('0:03.0')
})
