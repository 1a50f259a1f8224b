import { newSonnetEpisode, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

test('the Export menu takes the arrows, closes on Escape and on a click outside', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const button = page.getByText('Export ▾')
  const menu = page.getByRole('menu')
  const items = menu.getByRole('menuitem')
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await expect(items.first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(items.nth(1)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await expect(items.last()).toBeFocused()
  await page.keyboard.press('Home')
  await expect(items.first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(button).toBeFocused()

  await button.click()
  await expect(menu).toBeVisible()
  // Empty space in the transcript column, far from the menu.
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 }
  await page.mouse.click(viewport.width - 40, viewport.height - 120)
  await expect(menu).toBeHidden()
})

test('an episode that does not exist offers the way back to the library', async ({ page, served }) => {
  await page.goto(served.host.url)
  await page.goto(new URL('/#/episode/gone-for-good', served.host.url).href)
  await expect(page.getByRole('alert')).toContainText('does not exist')
  await page.getByRole('button', { name: '← Back to the library' }).click()
  await expect(page.getByRole('button', { name: 'New episode from media…' })).toBeVisible()
})

test('the editor’s column keeps its width whether or not its content needs a scrollbar', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 1800 })
  await newSonnetEpisode(page, served.host.url)
  const column = page.locator('.player-column')
  const fits = await column.evaluate((el) => ({
    width: el.clientWidth,
    scrolls: el.scrollHeight > el.clientHeight,
  }))
  expect(fits.scrolls).toBe(false)
  await page.setViewportSize({ width: 1280, height: 500 })
  await expect.poll(() => column.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  const scrolled = await column.evaluate((el) => el.clientWidth)
  expect(Math.abs(scrolled - fits.width)).toBeLessThanOrEqual(2)
})

test('Alt+↑ moves a rubric dimension from its fields and buttons too, not only from the row', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /Rubric/)
  const keys = page.getByRole('table', { name: 'Rubric' }).locator('tbody td.key')
  const second = (await keys.nth(1).textContent()) ?? ''
  const row = page.getByRole('table', { name: 'Rubric' }).locator(`tbody tr[data-key="${second}"]`)
  // From the dimension's Move-down button.
  await row.locator('button[data-move="down"]').focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(keys.first()).toHaveText(second)
  // From one of its text fields.
  await row.locator('textarea, input').first().focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(keys.nth(1)).toHaveText(second)
})

test('Ctrl+PageDown and Ctrl+PageUp walk the editor’s panels from the keyboard, the shown tab focused', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const tab = (name: RegExp) => page.getByRole('tab', { name })
  await expect(tab(/^Statements/)).toHaveAttribute('aria-selected', 'true')
  await page.locator('section.waveform[data-state="ready"]').click()
  const focused = (): Promise<string> =>
    page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? '')
  const before = await focused()
  await page.keyboard.press('Control+PageDown')
  await expect(tab(/^Chapters & scores/)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: /^Chapters & scores/ })).toBeVisible()
  // The focus stays where the editor left it, outside the panels.
  expect(await focused()).toBe(before)
  await page.keyboard.press('Control+PageUp')
  await page.keyboard.press('Control+PageUp')
  await expect(tab(/^Review/)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Control+PageDown')
  await expect(tab(/^Statements/)).toHaveAttribute('aria-selected', 'true')

  // From a field of a panel: Escape hands the keyboard back, and the next panel's tab takes the focus.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+PageDown')
  await expect(tab(/^Details/)).toHaveAttribute('aria-selected', 'true')
  await page.getByLabel('Source URL').focus()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Control+PageDown')
  await expect(tab(/^Charts/)).toHaveAttribute('aria-selected', 'true')
  await expect(tab(/^Charts/)).toBeFocused()

  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: /Keyboard shortcuts/ })
  await expect(sheet).toContainText('Show the next panel')
  await expect(sheet).toContainText('Ctrl+PageDown')
})
