import type { Page } from '@playwright/test'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { api, chapterRows, episodeId, newSonnetEpisode, openTab, playhead, scoreCell } from './analysisPage'
import { expect, test } from './hostFixture'

/** Types a time into "go to time" (Ctrl+G), as an editor does. */
async function goTo(page: Page, typed: string): Promise<void> {
  await page.keyboard.press('Control+g')
  const field = page.getByRole('textbox', { name: 'Go to time' })
  await expect(field).toBeFocused()
  await field.fill(typed)
  await field.press('Enter')
  await expect(field).toBeHidden()
}

const statements = async (page: Page): Promise<{ id: string; start: number; end: number }[]> =>
  (await api(page, 'episodes.open', { id: episodeId(page) })).statements.map(({ id, start, end }) => ({
    id,
    start,
    end,
  }))

const statementRows = (page: Page): ReturnType<Page['locator']> =>
  page.getByRole('table', { name: 'Statements' }).locator('tbody tr')

/** Selects a statement by a click on its row, then leaves the field the click opened (keys are the editor's). */
async function selectRow(page: Page, row: ReturnType<Page['locator']>): Promise<void> {
  await row.locator('td').first().click()
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

test('go to time takes 7:30-style, seconds and relative times; the clock shows tenths and is a field', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await goTo(page, '0:30')
  await expect(playhead(page)).toHaveText('0:30.0')
  await goTo(page, '+10')
  await expect(playhead(page)).toHaveText('0:40.0')
  await goTo(page, '-2.5')
  await expect(playhead(page)).toHaveText('0:37.5')
  await goTo(page, '12')
  await expect(playhead(page)).toHaveText('0:12.0')
  await goTo(page, '0:00:03.5')
  await expect(playhead(page)).toHaveText('0:03.5')
  await expect
    .poll(() => page.locator('audio').evaluate((m: HTMLMediaElement) => m.currentTime))
    .toBeCloseTo(3.5, 2)

  // The clock itself is the field; what cannot be read is said, and the playhead stays.
  await playhead(page).click()
  const field = page.getByRole('textbox', { name: 'Go to time' })
  await field.fill('soon')
  await field.press('Enter')
  await expect(page.getByRole('alert')).toContainText('"soon" is not a time: write 7:30')
  await field.press('Escape')
  await expect(playhead(page)).toHaveText('0:03.5')
})

test('[ and ] always make a new statement; Shift+[ and Shift+] move the selected one’s edges', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  // Without a selection.
  await goTo(page, '2')
  await page.keyboard.press('[')
  await expect(page.locator('p.notice')).toContainText('press ] at its end')
  await goTo(page, '5')
  await page.keyboard.press(']')
  await expect(statementRows(page)).toHaveCount(1)
  // The notice that asked for ] has done its job.
  await expect(page.locator('p.notice')).toBeHidden()
  // The new statement's title is typed next; Enter hands the keyboard back to the waveform.
  const title = statementRows(page).first().getByRole('textbox', { name: 'Title' })
  await expect(title).toBeFocused()
  await title.fill('Beauty’s rose')
  await title.press('Enter')
  await expect(title).not.toBeFocused()
  const [first] = await statements(page)
  expect(first).toMatchObject({ start: 2, end: 5 })

  // With that statement selected, [ and ] make another one; the selected one is left as it was.
  await expect(statementRows(page).first()).toHaveAttribute('aria-selected', 'true')
  await goTo(page, '10')
  await page.keyboard.press('[')
  await goTo(page, '14.5')
  await page.keyboard.press(']')
  await expect(statementRows(page)).toHaveCount(2)
  const made = await statements(page)
  expect(made.find((s) => s.id === first?.id)).toEqual(first)
  expect(made.find((s) => s.id !== first?.id)).toMatchObject({ start: 10, end: 14.5 })

  // Escape abandons a marked start, and its notice goes with it.
  await page.keyboard.press('Escape')
  await page.keyboard.press('[')
  await expect(page.locator('p.notice')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.locator('p.notice')).toBeHidden()
  await page.keyboard.press(']')
  await expect(page.locator('p.notice')).toContainText('Press [ at the start of the new statement first')
  await expect(statementRows(page)).toHaveCount(2)

  // Moving an edge to the playhead is its own command, on the selected statement only.
  await page.keyboard.press('Shift+]')
  await expect(page.locator('p.notice')).toContainText('Select a statement to move its end')
  // Rows are in the order of their start: the first is the one titled above.
  await selectRow(page, statementRows(page).first())
  await goTo(page, '1.5')
  await page.keyboard.press('Shift+[')
  await expect.poll(async () => (await statements(page)).find((s) => s.id === first?.id)?.start).toBe(1.5)
  await goTo(page, '6')
  await page.keyboard.press('Shift+]')
  await expect.poll(async () => (await statements(page)).find((s) => s.id === first?.id)?.end).toBe(6)
  await expect(statementRows(page)).toHaveCount(2)
})

test('a click on empty waveform or table space clears the selection, so Delete then does nothing', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'statements.create', { id, start: 20, end: 24 })
  await page.reload()
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  const row = statementRows(page).first()
  await selectRow(page, row)
  // Empty waves at 40 s, far from the statement.
  const box = (await page.locator('canvas.waveform-layer').boundingBox())!
  await page.mouse.click(box.x + box.width * (40 / 53), box.y + box.height / 2)
  await expect(row).toHaveAttribute('aria-selected', 'false')
  await page.keyboard.press('Delete')
  await expect(statementRows(page)).toHaveCount(1)

  // The same from the table's empty space.
  await selectRow(page, row)
  const scroller = page.locator('.statements-scroller')
  const area = (await scroller.boundingBox())!
  await page.mouse.click(area.x + area.width / 2, area.y + area.height - 4)
  await expect(row).toHaveAttribute('aria-selected', 'false')
})

test('a double-click on Merge with next merges once; Delete and Split act once per press', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  for (const at of [10, 20, 30]) await api(page, 'chapters.split', { id, at })
  await page.reload()
  await openTab(page, /^Chapters/)
  await expect(chapterRows(page)).toHaveCount(4)
  await chapterRows(page).first().getByRole('button', { name: 'Merge with next' }).dblclick()
  await expect(chapterRows(page)).toHaveCount(3)
  // Settled: still three, and one undo step brings back the four.
  await page.waitForTimeout(500)
  await expect(chapterRows(page)).toHaveCount(3)
  const view = await api(page, 'episodes.open', { id })
  expect(view.history.undoLabel).toMatch(/merge/i)
  expect(view.chapters.map((c) => c.start)).toEqual([0, 20, 30])

  await chapterRows(page).first().getByRole('button', { name: 'Delete' }).dblclick()
  await expect(chapterRows(page)).toHaveCount(2)
  await page.waitForTimeout(500)
  await expect(chapterRows(page)).toHaveCount(2)

  await goTo(page, '40')
  await page.getByRole('button', { name: /^Split at playhead/ }).dblclick()
  await expect(chapterRows(page)).toHaveCount(3)
  await page.waitForTimeout(500)
  await expect(chapterRows(page)).toHaveCount(3)
})

test('a refused edit puts the saved text back and says why in words; a field with a limit says so first', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'statements.create', { id, start: 20, end: 24, title: 'Kept' })
  await page.reload()
  const row = statementRows(page).first()
  await row.locator('td').first().click()
  const title = row.getByRole('textbox', { name: 'Title' })
  await title.fill('x'.repeat(460))
  await expect(row).toContainText('460 of at most 500 characters')
  await title.fill('x'.repeat(501))
  await title.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('The title can be at most 500 characters')
  await expect(title).toHaveValue('Kept')
  expect((await api(page, 'episodes.open', { id })).statements[0]?.title).toBe('Kept')
})

test('the Problems panel lists what Publish refuses, and the refusal lists the same sentences, clickable', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'chapters.split', { id, at: 20 })
  await page.reload()
  const perChapter = 1 + 2 * SEED_DIMENSIONS.length
  // The seed rubric's dimensions have no description: one warning more, which does not block.
  await expect(page.getByRole('tab', { name: /^Problems/ })).toHaveText(`Problems ${2 * perChapter + 1}`)
  await openTab(page, /^Problems/)
  const shown = await page.getByRole('region', { name: 'Problems' }).getByRole('button').allTextContents()
  // Each with its severity, named as the CLI names it: the errors block publishing, the warning not.
  const errors = shown.filter((t) => /^\d+:\d\d error /.test(t))
  expect(errors).toHaveLength(2 * perChapter)
  expect(shown.filter((t) => !errors.includes(t))).toEqual([
    expect.stringMatching(/ warning .*no description/),
  ])
  const panel = errors.map((t) => t.replace(/^\d+:\d\d error /, ''))

  await page.getByRole('button', { name: 'Publish…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cannot publish yet' })
  const items = dialog.getByRole('list', { name: 'Problems' }).getByRole('listitem')
  await expect(items).toHaveCount(2 * perChapter)
  // Numbered from 1, as a list the editor reads.
  expect(await dialog.locator('ol').evaluate((ol) => (ol as HTMLOListElement).start)).toBe(1)
  expect([...(await items.allTextContents())].sort()).toEqual([...panel].sort())
  // A click goes to the item.
  await items.filter({ hasText: 'chapter 2' }).first().getByRole('button').click()
  await expect(dialog).toBeHidden()
  await expect(playhead(page)).toHaveText('0:20.0')
  await openTab(page, /^Chapters/)
  await expect(chapterRows(page).nth(1)).toHaveClass(/selected/)
})

test('Alt+Right nudges the selected statement’s nearer edge by 0.1 s, a run of presses one undo step', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'statements.create', { id, start: 20, end: 24 })
  await page.reload()
  await selectRow(page, statementRows(page).first())
  await goTo(page, '19')
  for (let i = 0; i < 3; i++) await page.keyboard.press('Alt+ArrowRight')
  await page.keyboard.press('Shift+Alt+ArrowRight')
  await expect.poll(async () => (await statements(page))[0]?.start).toBe(21.3)
  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  await undo.click()
  await expect.poll(async () => (await statements(page))[0]?.start).toBe(20)
})

test('the shortcut sheet is made from the declared commands, written the platform’s way', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  const keys = (label: RegExp): ReturnType<Page['locator']> =>
    sheet.locator('.shortcut', { hasText: label }).locator('kbd')
  await expect(keys(/^.*Go to a time/)).toHaveText('Ctrl+G')
  await expect(keys(/Move the selected statement’s start/)).toHaveText('Shift+[')
  await expect(keys(/Nudge the selected edge 0.1 s later/)).toHaveText('Alt+→')
  await expect(keys(/^.*Start a new statement/)).toHaveText('[')
  await expect(keys(/^.*Publish/)).toHaveText('Shift+Ctrl+P')
  // Every line has a key; the commands without one are named apart, reached from the menus.
  const lines = sheet.locator('.shortcut')
  for (let i = 0; i < (await lines.count()); i++)
    await expect(lines.nth(i).locator('kbd').first()).toBeVisible()
  // The score table's own keys are there too.
  await expect(keys(/Score 10, one undo step/)).toHaveText(['1', '0'])
  await expect(keys(/^T\s*Score 10$/)).toHaveText('T')
  await expect(keys(/Clear the score/)).toHaveText('Backspace')
  await expect(keys(/Save the reasoning/)).toHaveText('Ctrl+Enter')
})

test('chapter boundaries are typed in the chapters table, moving the neighbour with them', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'chapters.split', { id, at: 20 })
  await page.reload()
  await openTab(page, /^Chapters/)
  const end = page.getByRole('textbox', { name: 'End of chapter 1' })
  await end.fill('0:15.250')
  await end.press('Enter')
  await expect
    .poll(async () => (await api(page, 'episodes.open', { id })).chapters.map((c) => [c.start, c.end]))
    .toEqual([
      [0, 15.25],
      [15.25, expect.any(Number)],
    ])
  await expect(page.getByRole('textbox', { name: 'Start of chapter 2' })).toHaveValue('0:15.250')
})

test('a score digit is written at once; 1 then 0 on the cell makes 10, one undo step', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'chapters.split', { id, at: 20 })
  await page.reload()
  await openTab(page, /^Chapters/)
  const score = async (): Promise<number | null | undefined> =>
    (await api(page, 'episodes.open', { id })).chapters[0]?.scores.guestTeaching?.value
  const cell = scoreCell(page, 'Guest teaching', 1)
  await cell.focus()
  await page.keyboard.press('1')
  // Written without waiting for a possible second digit.
  await expect.poll(score, { timeout: 600 }).toBe(1)
  await page.keyboard.press('0')
  await expect.poll(score).toBe(10)
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect.poll(score).toBeNull()
  // A 1 typed later on is a score of its own.
  await cell.focus()
  await page.keyboard.press('7')
  await expect.poll(score).toBe(7)
})

test('zooming in with "Follow playhead" on keeps the playhead in view', async ({ page, served }) => {
  await newSonnetEpisode(page, served.host.url)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await goTo(page, '45')
  const overview = page.getByLabel('Overview of the whole episode')
  for (let i = 0; i < 6; i++) await page.keyboard.press('+')
  await expect.poll(async () => Number(await overview.getAttribute('data-view-end'))).toBeLessThan(40 + 45)
  const start = Number(await overview.getAttribute('data-view-start'))
  const end = Number(await overview.getAttribute('data-view-end'))
  expect(end - start).toBeLessThan(20)
  expect(start).toBeLessThanOrEqual(45)
  expect(end).toBeGreaterThanOrEqual(45)
})

test('P auditions the selected statement from a second before it to a second after, then stops', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'statements.create', { id, start: 20, end: 21.5 })
  await page.reload()
  await selectRow(page, statementRows(page).first())
  await page.keyboard.press('p')
  const media = page.locator('audio')
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => !m.paused)).toBe(true)
  expect(await media.evaluate((m: HTMLMediaElement) => m.currentTime)).toBeGreaterThanOrEqual(18.9)
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.paused), { timeout: 10_000 }).toBe(true)
  const stopped = await media.evaluate((m: HTMLMediaElement) => m.currentTime)
  expect(stopped).toBeGreaterThanOrEqual(22.4)
  expect(stopped).toBeLessThan(23.5)
})

test('a right click on the waveform offers the declared commands, with their keys, and runs them', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await goTo(page, '20')
  const box = (await page.locator('canvas.waveform-layer').boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' })
  const menu = page.getByRole('menu', { name: 'Commands' })
  const split = menu.getByRole('menuitem', { name: /Split the chapter at the playhead/ })
  await expect(split).toContainText('C')
  // Nothing to undo yet: the rule that disables the key disables the item.
  await expect(menu.getByRole('menuitem', { name: /^Undo/ })).toBeDisabled()
  await split.click()
  await expect(menu).toBeHidden()
  await expect(page.getByRole('tab', { name: /^Chapters/ })).toContainText('2')
  const chapters = (await api(page, 'episodes.open', { id: episodeId(page) })).chapters.map((c) => c.start)
  expect(chapters).toEqual([0, 20])
})
