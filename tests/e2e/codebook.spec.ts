import type { Page } from '@playwright/test'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { openEpisodeDocument } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'

/*
 * The show's codebook where scorers meet it (issue 45): the level descriptor of the score typed, the
 * dimension's definition one key away, the codebook screen (a draft, a gap refused naming the scores,
 * publishing), and an analysis scored under the older version moved to the new one and back, in both
 * themes with axe clean.
 */

const PEER = 'The hosts as informed peer'
const DEFINITION = 'How far the hosts question the guest as someone who knows the field.'

/** The machine's analysis, scored under latent-space's codebook version 1 (descriptors on its first dimension). */
function scoredUnderVersion1(): EpisodeDocument {
  const doc = machineEpisode()
  const [first, ...rest] = doc.rubric.dimensions
  if (!first) throw new Error('the machine episode has no dimensions')
  const levels = [
    { from: 0, to: 3, text: 'the hosts only ask for the story' },
    { from: 4, to: 6, text: 'the hosts ask what a peer would ask' },
    { from: 7, to: 10, text: 'the hosts correct the guest with a source' },
  ]
  return {
    ...doc,
    rubric: {
      ...doc.rubric,
      dimensions: [{ ...first, description: DEFINITION, levels }, ...rest],
      codebook: { show: 'latent-space', version: 1 },
    },
  }
}

async function noViolations(page: Page, screen: string): Promise<void> {
  expect(await seriousViolations(page), screen).toEqual([])
}

const firstScore = (page: Page) =>
  page.getByRole('table', { name: 'Chapters and scores' }).locator('td.score[data-row="0"][data-col="0"]')

async function openCodebookFromLibrary(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Back to the library' }).click()
  const row = page
    .getByRole('table', { name: 'Episodes' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) })
  await row.getByRole('button', { name: 'Actions', exact: true }).click()
  await page
    .getByRole('group', { name: `Actions for “${title}”` })
    .getByRole('button', { name: 'Codebook of latent-space' })
    .click()
  await expect(page.getByRole('heading', { name: 'latent-space: codebook' })).toBeVisible()
}

for (const theme of ['light', 'dark'] as const)
  test(`the codebook from the score cell to a new version and back (${theme})`, async ({ page, served }) => {
    test.setTimeout(180_000)
    await page.emulateMedia({ colorScheme: theme })
    await page.goto(served.host.url)
    const doc = scoredUnderVersion1()
    await openEpisodeDocument(page, doc)
    // Scored under the current version: nothing to say about it.
    await expect(page.getByRole('region', { name: 'Codebook version' })).toHaveCount(0)

    // The descriptor of the score typed, where the eyes are; D shows the definition and descriptors.
    await page.getByRole('tab', { name: /^Chapters/ }).click()
    await firstScore(page).focus()
    await page.keyboard.press('8')
    const line = page.locator('.chapters-panel .level-line')
    await expect(line).toContainText(`${PEER} 8 (7-10): the hosts correct the guest with a source`)
    await expect(firstScore(page)).toHaveAttribute('title', /7-10: the hosts correct the guest/)
    await page.keyboard.press('d')
    const definition = page.getByRole('dialog', { name: PEER })
    await expect(definition).toContainText(DEFINITION)
    await expect(definition).toContainText('4-6: the hosts ask what a peer would ask')
    await expect(definition).toContainText('version 1')
    await noViolations(page, 'definition dialog')
    await page.keyboard.press('Escape')
    await expect(definition).toBeHidden()
    // The shortcut sheet names the key.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(sheet.locator('[data-action="codebook.definition"] kbd')).toHaveText('D')
    await page.keyboard.press('Escape')

    // The codebook screen: the version the analysis was scored under, with its descriptors.
    await openCodebookFromLibrary(page, doc.episode.title)
    await expect(page.getByRole('region', { name: new RegExp(PEER) })).toContainText(DEFINITION)
    await expect(page.getByRole('list', { name: `What each score of ${PEER} means` })).toContainText(
      '7-10: the hosts correct the guest with a source',
    )
    await noViolations(page, 'codebook screen')

    // Edit makes the draft; a scale of 0-5 with a gap at 2 is refused, naming the score.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const draft = page.getByRole('form', { name: 'Draft version 2' })
    await expect(draft).toBeVisible()
    await draft.getByLabel('Highest score').fill('5')
    await draft.getByLabel(`To, ${PEER}, level 1`).fill('1')
    await draft.getByLabel(`From, ${PEER}, level 2`).fill('3')
    await noViolations(page, 'draft editor')
    await draft.getByRole('button', { name: /^Save draft/ }).click()
    await expect(page.getByRole('alert')).toContainText('no level covers 2')
    await draft.getByLabel(`From, ${PEER}, level 2`).fill('2')
    await draft.getByLabel(`To, ${PEER}, level 2`).fill('3')
    await draft.getByLabel(`From, ${PEER}, level 3`).fill('4')
    await draft.getByLabel(`To, ${PEER}, level 3`).fill('5')
    await draft.getByLabel(`Descriptor, ${PEER}, level 3`).fill('the hosts correct the guest')
    await draft.getByRole('button', { name: 'Publish version 2' }).click()
    await expect(page.locator('.notice-region')).toContainText('Version 2 published')
    await expect(page.getByText('version 2, published')).toBeVisible()

    // The analysis scored under version 1 says so, with what changed, and moves in one undoable step.
    await page.getByRole('button', { name: 'Library', exact: true }).click()
    await page.getByRole('button', { name: doc.episode.title, exact: true }).click()
    const banner = page.getByRole('region', { name: 'Codebook version' })
    await expect(banner).toContainText('scored under codebook version 1; version 2 is current')
    await expect(banner).toContainText(`Descriptors changed: ${PEER}`)
    await expect(banner).toContainText('The scale changed')
    await noViolations(page, 'editor with the codebook banner')
    await banner.getByRole('button', { name: 'Move to version 2' }).click()
    await expect(page.locator('.notice-region')).toContainText(
      /Moved to codebook version 2: \d+ scores? flagged/,
    )
    await expect(banner).toHaveCount(0)
    await page.getByRole('tab', { name: /^Chapters/ }).click()
    const marks = page.locator('table.chapters td.score .rescore-mark')
    await expect(marks.first()).toBeVisible()
    await expect(firstScore(page)).toHaveAccessibleName(/to rescore$/)
    await noViolations(page, 'scores flagged for rescoring')
    // Undo brings the analysis back to version 1: the banner again, nothing flagged.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+z')
    await expect(banner).toContainText('scored under codebook version 1')
    await expect(marks).toHaveCount(0)
  })
