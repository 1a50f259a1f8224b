import type { Locator, Page } from '@playwright/test'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { seriousViolations } from './axeCheck'
import { api, episodeId, newSonnetEpisode, openTab, playhead, scoreCell } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * Problems as a new user met them (issue 42): what blocks publishing first, whatever its time, under a
 * sentence that calls only errors something to fix.
 */
test.use({ viewport: { width: 1280, height: 800 } })

const problemsRegion = (page: Page): Locator => page.getByRole('region', { name: 'Problems', exact: true })

/**
 * Two chapters: the first (0:00-0:10) finished but for evidence (a note a score), the second (from 0:10)
 * with one score and no reasoning: errors later in the media than the notes.
 */
async function notesThenAnError(page: Page): Promise<void> {
  const id = episodeId(page)
  const { view, chapterId: second } = await api(page, 'chapters.split', { id, at: 10 })
  const first = view.chapters.find((c) => c.id !== second)!.id
  await api(page, 'chapters.update', { id, chapterId: first, patch: { why: 'It opens the sonnet.' } })
  await api(page, 'chapters.update', { id, chapterId: second, patch: { why: 'It closes the sonnet.' } })
  for (const { key } of SEED_DIMENSIONS) {
    await api(page, 'scores.set', {
      id,
      chapterId: first,
      dimension: key,
      value: 6,
      reasoning: `Six on ${key}.`,
    })
    await api(page, 'scores.set', {
      id,
      chapterId: second,
      dimension: key,
      value: 4,
      reasoning: `Four on ${key}.`,
    })
  }
  await api(page, 'scores.set', { id, chapterId: second, dimension: 'guestDisagreement', reasoning: '' })
  await page.reload()
}

test('the one error is listed first, above the notes before it in the media, and notes are never called something to fix', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await notesThenAnError(page)
  await openTab(page, /^Problems/)
  const panel = problemsRegion(page)
  const notes = 2 * SEED_DIMENSIONS.length - 1
  // (A warning another rule may add, e.g. a rubric without descriptions, sits between.)
  await expect(panel.locator('p.hint')).toHaveText(
    new RegExp(
      `^1 error to fix before publishing; (\\d+ warnings? and )?${notes} notes do not block it\\. Click one`,
    ),
  )
  const items = panel.locator('.problem-list li button')
  await expect(items.first()).toHaveText(/^0:10 error .*Guest disagreement” score \(4\) .*has no reasoning/)
  const severities = await panel.locator('.problem-list .severity').allTextContents()
  expect(severities.filter((s) => s === 'note')).toHaveLength(notes)
  const rank = (s: string): number => ['error', 'warning', 'note'].indexOf(s)
  expect(severities.map(rank)).toEqual(severities.map(rank).sort((x, y) => x - y))
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
})

test('a problem picked in “Cannot publish yet” opens the field to fix: the chapter’s reasoning editor, the keyboard in it, the playhead at its time', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await notesThenAnError(page)
  // Elsewhere first: the problem brings its own tab.
  await openTab(page, /^Statements/)
  await page.getByRole('button', { name: 'Publish…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cannot publish yet' })
  await dialog.getByRole('button', { name: /Guest disagreement” score \(4\) .*has no reasoning/ }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('tab', { name: /^Chapters/ })).toHaveAttribute('aria-selected', 'true')
  const reasoning = page.getByRole('textbox', { name: /Reasoning for Guest disagreement/ })
  await expect(reasoning).toBeFocused()
  await expect(playhead(page)).toHaveText('0:10.0')
  // Written there and left by keys: saved, and the keyboard is back on the score.
  await page.keyboard.type('The guest pushes back once.')
  await page.keyboard.press('Control+Enter')
  await expect(scoreCell(page, 'Guest disagreement', 2)).toBeFocused()
  await expect
    .poll(async () => (await api(page, 'episodes.open', { id: episodeId(page) })).chapters[1]?.scores)
    .toMatchObject({ guestDisagreement: { reasoning: 'The guest pushes back once.' } })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
})
