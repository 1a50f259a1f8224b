import type { Locator, Page } from '@playwright/test'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
import { machineEpisode } from '../machineEpisode'
import { seriousViolations } from './axeCheck'
import { loadAnalyses, openTab } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * Issue 42, "Layout at 1280 px": with two analyses of an episode the editor's bar, its tables and the
 * library fit a 1280x800 window (and 1440), with the scrollbars a desktop draws (headless Chromium hides
 * them unless told): nothing behind a sideways scroll, nothing drawn that is closed.
 */
test.use({
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
})

/** The machine's analysis, its first chapter named with a long word, and Ada's pass over it. */
function twoAnalyses(): [EpisodeDocument, EpisodeDocument] {
  const machine = machineEpisode()
  const first = machine.chapters[0]
  if (first) first.title = 'Why multiagent systems fail'
  const ada = structuredClone(machine)
  ada.episode.id = 'agentic-rl-ada'
  ada.review.reviewer = 'Ada'
  return [machine, ada]
}

const overflow = (el: Locator) =>
  el.evaluate((e) => ({
    client: e.clientWidth,
    scroll: e.scrollWidth,
    clientH: e.clientHeight,
    scrollH: e.scrollHeight,
  }))

async function axeInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('with two analyses the episode bar keeps every action in the window on one line, at 1280 and 1440 px', async ({
  page,
  served,
}) => {
  await loadAnalyses(page, served.host.url, ...twoAnalyses())
  const bar = page.locator('header.bar')
  await expect(bar.getByRole('button', { name: 'Score blind' })).toBeVisible()
  await expect(bar.getByLabel('Analysis')).toBeVisible()
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    // No sideways scroll of the page, and the bar one row of buttons (it grew to 129 px).
    const page_ = await page.evaluate(() => ({
      client: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth,
    }))
    expect(page_.scroll, `${width}px`).toBeLessThanOrEqual(page_.client)
    expect((await bar.boundingBox())!.height, `${width}px`).toBeLessThan(56)
    // Every action whole inside the window, its words on one line.
    const actions = bar.locator(':scope > button, :scope > details > summary, :scope select')
    expect(await actions.count()).toBeGreaterThanOrEqual(10)
    for (const action of await actions.all()) {
      const box = (await action.boundingBox())!
      const name = (await action.textContent()) ?? ''
      expect(box.x, name).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, `${name} at ${width}px`).toBeLessThanOrEqual(page_.client)
      expect(box.height, `${name} at ${width}px`).toBeLessThan(34)
    }
    // The meta line is one line (cut, whole in its tooltip); the tabs are one row.
    const meta = bar.locator('.meta')
    expect((await meta.boundingBox())!.height, `${width}px`).toBeLessThan(24)
    await expect(meta).toHaveAttribute('title', /latent-space · 2025-05-09 · 10:00/)
    const tops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().top))
    expect(new Set(tops).size, `${width}px`).toBe(1)
  }
  // The picker cut to its room says the open analysis whole on hover.
  await expect(bar.getByLabel('Analysis')).toHaveAttribute('title', /Ada/)
  await page.setViewportSize({ width: 1280, height: 800 })
  await axeInBothThemes(page)
})

test('at 1280x800 the chapters table shows its actions and the statements table its chapters whole', async ({
  page,
  served,
}) => {
  await loadAnalyses(page, served.host.url, ...twoAnalyses())
  await openTab(page, /^Chapters/)
  const panel = page.locator('.chapters-panel')
  const fit = await overflow(panel)
  expect(fit.scroll).toBeLessThanOrEqual(fit.client)
  const edge = (await panel.boundingBox())!
  for (const button of await panel.getByRole('button', { name: /^(Merge with next|Delete)$/ }).all()) {
    const box = (await button.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(edge.x + fit.client)
    const cut = await overflow(button)
    expect(cut.scroll, (await button.textContent()) ?? '').toBeLessThanOrEqual(cut.client)
  }
  await axeInBothThemes(page)

  await openTab(page, /^Statements/)
  const table = page.locator('.statements-table')
  await expect(table.locator('tr[data-statement]').first()).toBeVisible()
  // The headers each inside their cell: "Chapter" did not fit and ran into "Flags".
  for (const th of await table.locator('th').all()) {
    const cut = await overflow(th)
    expect(cut.scroll, (await th.textContent()) ?? '').toBeLessThanOrEqual(cut.client)
  }
  // A chapter's name breaks between words only: each word (hyphens apart) on one line.
  const chapter = table.locator('tbody td.col-chapter span').first()
  await expect(chapter).toHaveText('Why multiagent systems fail')
  const brokenWords = await chapter.evaluate((span) => {
    const text = span.firstChild
    if (!text?.textContent) return ['no text']
    const broken: string[] = []
    for (const match of text.textContent.matchAll(/[^\s-]+/g)) {
      const range = document.createRange()
      range.setStart(text, match.index)
      range.setEnd(text, match.index + match[0].length)
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
      if (lines.size > 1) broken.push(match[0])
    }
    return broken
  })
  expect(brokenWords).toEqual([])
  await axeInBothThemes(page)
})

test('at 1280x800 the library draws no closed menu and shows its rows whole, without a vertical scrollbar', async ({
  page,
  served,
}) => {
  await loadAnalyses(page, served.host.url, ...twoAnalyses())
  await page.getByRole('button', { name: 'Back to the library' }).click()
  const rows = page.getByRole('table', { name: 'Episodes' }).locator('tbody tr')
  // One row or two (the analyses of an episode may be listed under it): each whole.
  await expect(rows.first()).toBeVisible()
  // A closed Actions menu is not drawn: it was, in fragments under every button.
  for (const menu of await page.locator('.row-actions[popover]').all()) {
    expect(await menu.evaluate((el) => el.getClientRects().length)).toBe(0)
  }
  const scroller = page.locator('.episodes-scroller')
  // Nothing below the rows: the closed menus made a 30 px overflow, and with it a vertical scrollbar.
  const fit = await overflow(scroller)
  expect(fit.scrollH).toBeLessThanOrEqual(fit.clientH)
  const box = (await scroller.boundingBox())!
  const last = (await rows.last().boundingBox())!
  expect(last.y + last.height).toBeLessThanOrEqual(box.y + fit.clientH + 1)
  // An open menu still shows, whole, under its button.
  await rows.first().getByRole('button', { name: 'Actions', exact: true }).click()
  const menu = page.getByRole('group', { name: /^Actions for/ })
  await expect(menu.getByRole('button', { name: 'Duplicate' })).toBeVisible()
  await axeInBothThemes(page)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
})

test('a restore from the trash takes its Undo banner away, and the status line tells the last action', async ({
  page,
  served,
}) => {
  const [machine, ada] = twoAnalyses()
  await loadAnalyses(page, served.host.url, machine, ada)
  await page.getByRole('button', { name: 'Back to the library' }).click()
  const title = machine.episode.title
  const rows = page.getByRole('table', { name: 'Episodes' }).locator('tbody tr')
  await rows.first().getByRole('button', { name: 'Actions', exact: true }).click()
  await page
    .getByRole('group', { name: /^Actions for/ })
    .getByRole('button', { name: 'Duplicate' })
    .click()
  await expect(page.locator('.notice-region')).toContainText('Duplicated')

  await rows.first().getByRole('button', { name: 'Actions', exact: true }).click()
  await page
    .getByRole('group', { name: /^Actions for/ })
    .getByRole('button', { name: 'Move to trash' })
    .click()
  const banner = page.locator('.trash-undo')
  await expect(banner).toContainText('Moved to the trash.')
  await expect(page.locator('.notice-region')).toContainText(`Moved “${title}” to the trash.`)

  await page.getByRole('button', { name: 'Trash', exact: true }).click()
  await page.getByRole('table', { name: 'Trashed episodes' }).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('The trash is empty.')).toBeVisible()
  // Restored: no Undo left to answer "… is not in the trash", and the status line says so.
  await expect(banner).toBeHidden()
  await expect(page.locator('.notice-region')).toContainText(`Restored “${title}” from the trash.`)
  await expect(page.getByRole('alert')).toHaveCount(0)
})
