import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'

/*
 * Every screen, in the OS's light and dark settings, checked with axe-core (WCAG 2 A and AA rules,
 * colour contrast included): no serious or critical violation.
 */

const THEMES = ['light', 'dark'] as const

for (const theme of THEMES)
  test(`no screen has a serious or critical accessibility violation (${theme})`, async ({ page, served }) => {
    // Some twenty screens, each a full axe run of a few seconds: longer than one ordinary test.
    test.setTimeout(180_000)
    await page.emulateMedia({ colorScheme: theme })
    const found: Record<string, string[]> = {}
    const check = async (screen: string): Promise<void> => {
      const violations = await seriousViolations(page)
      if (violations.length > 0) found[screen] = violations
    }

    await page.goto(served.host.url)
    await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
    await check('library, empty')
    await page.getByRole('button', { name: 'New episode from media…' }).click()
    await check('new episode form')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Restore from backup…' }).click()
    await expect(page.getByRole('dialog', { name: 'Restore from backup' })).toBeVisible()
    await check('restore from backup')
    await page.keyboard.press('Escape')

    const doc = machineEpisode()
    await openEpisodeDocument(page, doc)
    await check('episode')
    const tabs = page.getByRole('tab')
    const names = await tabs.allTextContents()
    expect(names.length).toBeGreaterThan(5)
    for (let i = 0; i < names.length; i++) {
      await tabs.nth(i).click()
      await check(`episode, ${names[i]} tab`)
    }
    // The item under review beside the player: a chapter (its scores and reasoning fields), a statement
    // (its words lit in the transcript).
    const card = page.getByRole('region', { name: 'Under review' })
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('n')
    await expect(card).toContainText('Chapter')
    await check('review card, chapter')
    await page.getByRole('tab', { name: /^Statements/ }).click()
    await page
      .locator('tr[data-statement="s1"]')
      .getByRole('cell', { name: 'Why multi-agent systems fail' })
      .click()
    await expect(card).toContainText('Statement')
    await expect(page.locator('.transcript .word.under-review').first()).toBeVisible()
    await check('review card, statement')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
    await check('keyboard shortcuts')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Back to the library' }).click()
    await expect(page.getByRole('table', { name: 'Episodes' })).toBeVisible()
    await check('library with an episode')

    expect(found).toEqual({})
  })
