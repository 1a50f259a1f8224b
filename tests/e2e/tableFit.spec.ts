import type { Page } from '@playwright/test'
import { MISSING_PAGE, havePage } from '../publishedExample'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
import { openTab } from './analysisPage'
import { expect, test } from './hostFixture'
import { openPublishedEpisode } from './publishedEpisode'

/*
 * At 1280x800, with the scrollbars a desktop draws (headless Chromium hides them unless told), the
 * statements table fits its panel: every column, Delete included, in view without a sideways scroll, its
 * flags read whole; the Details fields hold the published episode's title and URL.
 */
test.skip(!havePage, MISSING_PAGE)
test.use({
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
})

async function closeSpeakerDialog(page: Page): Promise<void> {
  const speakers = page.getByRole('dialog', { name: 'Map speakers' })
  await expect(speakers).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(speakers).toBeHidden()
}

test('at 1280x800 the tabs hold one line, the statements table fits its panel with its flags readable, and Details shows the whole title', async ({
  page,
  served,
}) => {
  await openPublishedEpisode(page, served)
  await closeSpeakerDialog(page)
  await openTab(page, /^Statements/)
  // Every tab on one line.
  const tops = await page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().top))
  expect(new Set(tops).size).toBe(1)
  const scroller = page.locator('.statements-scroller')
  await expect(scroller.locator('tr[data-statement]').first()).toBeVisible()
  const fit = await scroller.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }))
  // The panel's own scrollbar is drawn: the room is what is left beside it.
  expect(fit.client).toBeLessThan(800)
  expect(fit.scroll).toBeLessThanOrEqual(fit.client)
  const edge = (await scroller.boundingBox())!
  for (const button of (await scroller.getByRole('button', { name: 'Delete' }).all()).slice(0, 4)) {
    const box = (await button.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(edge.x + fit.client)
  }
  const flags = scroller.locator('td.col-flags .badge, td.col-flags button')
  expect(await flags.count()).toBeGreaterThan(0)
  for (const flag of (await flags.all()).slice(0, 6)) {
    const clipped = await flag.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    )
    expect(clipped, (await flag.textContent()) ?? '').toBe(false)
  }

  await openTab(page, /Details/)
  for (const name of ['Title', 'Source URL']) {
    const field = page.getByLabel(name, { exact: true })
    await expect(field).not.toHaveValue('')
    const room = await field.evaluate((el: HTMLInputElement) => ({
      client: el.clientWidth,
      scroll: el.scrollWidth,
    }))
    expect(room.scroll, name).toBeLessThanOrEqual(room.client)
  }
})
