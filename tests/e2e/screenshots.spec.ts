import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Locator, Page } from '@playwright/test'
import { longVideoWithSpeech } from '../generateMedia'
import { LONG_REVIEW } from '../longReviewEpisode'
import { MISSING_PAGE, havePage } from '../publishedExample'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'
import { openLongReviewOn } from './longReviewPage'
import { openPublishedEpisode } from './publishedEpisode'

/*
 * Every screen in the OS's light and dark settings, pictured at 1440x900 with the published reference
 * analysis, each checked as shown (a key element visible) and by axe-core (no serious or critical
 * violation). `npm run screenshots` writes the pictures into docs/screens for the README and the guides; otherwise
 * they go to the test's output folder and the repository stays as it was.
 */

test.skip(!havePage, MISSING_PAGE)

const THEMES = ['light', 'dark'] as const

let video = ''
test.beforeAll(() => {
  video = longVideoWithSpeech(LONG_REVIEW.durationSeconds / 60)
})
const DOCS = path.resolve(__dirname, '..', '..', 'docs', 'screens')

for (const theme of THEMES)
  test(`every screen pictured and checked (${theme})`, async ({ page, served }, testInfo) => {
    test.setTimeout(240_000)
    const folder = process.env.EPISCORE_SCREENSHOTS === 'docs' ? DOCS : testInfo.outputPath('screens')
    fs.mkdirSync(folder, { recursive: true })
    await page.emulateMedia({ colorScheme: theme })
    await page.setViewportSize({ width: 1440, height: 900 })
    const found: Record<string, string[]> = {}
    const shot = async (screen: string, shown: Locator): Promise<void> => {
      await expect(shown).toBeVisible()
      // Nothing half-drawn: web fonts and the frame after the last change.
      await page.evaluate(() => document.fonts.ready)
      await page.screenshot({ path: path.join(folder, `${screen}-${theme}.png`) })
      const violations = await seriousViolations(page)
      if (violations.length > 0) found[screen] = violations
    }

    await page.goto(served.host.url)
    await shot('library-empty', page.getByRole('heading', { name: 'Episcore' }))

    await openPublishedEpisode(page, served)
    const speakers = page.getByRole('dialog', { name: 'Map speakers' })
    await expect(speakers.getByLabel('Role of Will Brown')).toHaveValue('guest')
    await speakers.getByLabel('Affiliation of Will Brown').fill('Prime Intellect')
    await shot('speakers', speakers)
    await speakers.getByRole('button', { name: 'Apply' }).click()
    await expect(speakers).toBeHidden()
    await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
    await expect(page.locator('.wave-label-highlight')).toHaveCount(4)
    const hint = page.getByRole('complementary', { name: 'Getting started' })
    await shot('first-run', hint)
    await hint.getByRole('button', { name: 'Got it' }).click()
    await expect(hint).toBeHidden()

    // Each tab by its id (its label carries a count).
    const tabs = page.getByRole('tab')
    const ids = await tabs.evaluateAll((all) => all.map((tab) => tab.id.replace(/^tab-/, '')))
    expect(ids.length).toBeGreaterThan(5)
    for (const [i, id] of ids.entries()) {
      await tabs.nth(i).click()
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true')
      await shot(`episode-${id}`, page.getByRole('tabpanel'))
    }
    await tabs.first().click()

    // The waveform zoomed in on two highlights (6:55, 7:30), overlapping statements and a chapter's start.
    const wave = page.getByTestId('waveform')
    await goTo(page, '7:40')
    for (let i = 0; i < 5; i++) await page.keyboard.press('+')
    await shot('waveform-zoomed', wave)

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    await shot('shortcuts', page.getByRole('dialog', { name: 'Keyboard shortcuts' }))
    await page.keyboard.press('Escape')

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+g')
    await shot('go-to-time', page.getByLabel('Go to time'))
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Publish…' }).click()
    const refusal = page.getByRole('dialog', { name: 'Cannot publish yet' })
    await shot('publish-refusal', refusal)
    await refusal.getByRole('button', { name: 'Close' }).click()

    // The published page as readers get it: exported as a folder, opened from disk.
    await page.getByText('Export ▾').click()
    await page.getByRole('menuitem', { name: 'Web page folder with player (for publishing)…' }).click()
    const siteDialog = page.getByRole('dialog', { name: 'Export the web page' })
    await expect(siteDialog.getByRole('button', { name: 'Export' })).toBeEnabled()
    await shot('publish-site', siteDialog)
    await siteDialog.getByRole('button', { name: 'Export' }).click()
    const exported = page.getByText(/^Exported the web page to .*: \d+ files/)
    await expect(exported).toBeVisible()
    const siteFolder = /^Exported the web page to (.*): \d+ files/.exec(
      (await exported.textContent()) ?? '',
    )?.[1]
    // The page has one look (a published page follows the publisher's style, not the reader's theme).
    if (theme === 'light' && siteFolder) {
      const site = await page.context().newPage()
      await site.setViewportSize({ width: 1440, height: 900 })
      await site.goto(pathToFileURL(path.join(siteFolder, 'index.html')).href)
      await site.getByRole('button', { name: 'Captions' }).click()
      const bands = site.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button')
      await bands.nth(7).click()
      await site.getByRole('button', { name: 'Pause' }).click()
      await bands.nth(7).hover()
      await expect(site.getByRole('tooltip')).toBeVisible()
      await site.evaluate(() => document.fonts.ready)
      await site.screenshot({ path: path.join(folder, 'published-page.png') })
      const violations = await seriousViolations(site)
      if (violations.length > 0) found['published-page'] = violations
      await site.close()
    }

    await page.getByRole('button', { name: 'Back to the library' }).click()
    await shot('library', page.getByRole('table', { name: 'Episodes' }))
    const showLink = page.getByRole('table', { name: 'Episodes' }).locator('button.show-link').first()
    await showLink.click()
    await shot('show', page.getByRole('heading', { level: 1 }))
    await page.goBack()

    // A machine's analysis under review: the item beside the video, a chapter with both columns of scores.
    await openLongReviewOn(page, served, video)
    await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready', {
      timeout: 60_000,
    })
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('n')
    await shot('review-chapter', page.getByRole('region', { name: 'Under review' }))
    await page.keyboard.press('a')
    await shot('review-statement', page.getByRole('region', { name: 'Under review' }))

    expect(found).toEqual({})
  })

/** Types a time into the transport's go-to field. */
async function goTo(page: Page, time: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('Control+g')
  await page.keyboard.type(time)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status', { name: 'Playhead' })).toHaveText(`${time}.0`)
}
