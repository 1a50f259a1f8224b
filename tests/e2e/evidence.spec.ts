import type { Page } from '@playwright/test'
import { machineEpisode } from '../machineEpisode'
import { api, episodeId, newSonnetEpisode, openEpisodeDocument, openTab, scoreCell } from './analysisPage'
import { expect, test } from './hostFixture'

const mediaTime = (page: Page): Promise<number> =>
  page
    .locator('audio, video')
    .first()
    .evaluate((m: HTMLMediaElement) => m.currentTime)

test('Ctrl+Shift+E in a reasoning cites the statement selected last; its chip plays it, × removes it, undo brings it back', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  await api(page, 'chapters.split', { id, at: 20 })
  await api(page, 'statements.create', { id, start: 5, end: 9, title: 'The first line', quote: '' })
  await page.reload()

  // The statement, selected in its table.
  await openTab(page, /^Statements/)
  await page
    .getByRole('row', { name: /The first line/ })
    .locator('td')
    .first()
    .click()

  // The score's reasoning open, the key pressed inside the field.
  await openTab(page, /^Chapters/)
  await scoreCell(page, 'Guest teaching', 1).focus()
  await page.keyboard.press('Enter')
  const reasoning = page.getByRole('textbox', { name: /Reasoning for Guest teaching/ })
  await expect(reasoning).toBeFocused()
  await reasoning.fill('The sonnet opens on it.')
  await reasoning.press('Control+Enter')
  await expect(scoreCell(page, 'Guest teaching', 1)).toHaveAttribute('title', 'The sonnet opens on it.')
  await page.keyboard.press('Enter')
  await expect(reasoning).toBeFocused()
  await page.keyboard.press('Control+Shift+E')
  const chips = page.locator('.reasoning-row').getByRole('list', { name: 'Evidence' })
  const chip = chips.getByRole('button', { name: '▶ 0:05 The first line' })
  await expect(chip).toBeVisible()
  // The field kept the focus and what was typed in it.
  await expect(reasoning).toBeFocused()
  await expect(reasoning).toHaveValue('The sonnet opens on it.')
  const saved = await api(page, 'episodes.open', { id })
  expect(saved.chapters[0]?.scores['guestTeaching']?.evidence).toEqual([
    { statement: saved.statements[0]?.id },
  ])

  // A second press cites nothing new.
  await page.keyboard.press('Control+Shift+E')
  await expect(page.getByText('Already cited there')).toBeVisible()

  await chip.click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(5)

  await chips.getByRole('button', { name: 'Remove citation 0:05 The first line' }).click()
  await expect(chip).toBeHidden()
  // The field took the focus back, its text as it was.
  await expect(reasoning).toBeFocused()
  await expect(reasoning).toHaveValue('The sonnet opens on it.')
  const evidence = async (): Promise<unknown> =>
    (await api(page, 'episodes.open', { id })).chapters[0]?.scores['guestTeaching']?.evidence
  await expect.poll(evidence).toEqual([])
  // Removing was one step: Undo brings the citation back.
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect.poll(evidence).toEqual([{ statement: saved.statements[0]?.id }])
})

test('words selected in the transcript are cited into a chapter’s why as their time range', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode('citing-words'))
  const id = episodeId(page)
  const words = page.getByRole('region', { name: 'Transcript' }).getByText('Welcome to the show, everybody.')
  await words.selectText()
  await openTab(page, /^Chapters/)
  await page
    .getByRole('textbox', { name: /^Why, / })
    .first()
    .click()
  await page.keyboard.press('Control+Shift+E')
  const why = page.locator('td.why').first().getByRole('list', { name: 'Evidence' })
  // The chip says what was said there.
  await expect(
    why.getByRole('button', { name: /^▶ 0:01–0:0\d Welcome to the show, everybody\.$/ }),
  ).toBeVisible()
  const saved = await api(page, 'episodes.open', { id })
  expect(saved.chapters[0]?.evidence?.[0]).toMatchObject({ start: 1 })
})

test('the review card shows a machine chapter’s citations as chips beside its scores', async ({
  page,
  served,
}) => {
  const doc = machineEpisode('machine-evidence')
  doc.chapters[0]!.scores['guestTeaching']!.evidence = [{ start: 1, end: 4, note: 'the welcome' }]
  doc.chapters[0]!.evidence = [{ statement: 's1' }]
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('n')
  const card = page.getByRole('region', { name: 'Under review' })
  await expect(card).toContainText('Chapter')
  const evidence = card.locator('.chapter-evidence')
  await expect(evidence).toContainText('Why:')
  await expect(
    evidence.getByRole('button', { name: '▶ 0:05 Multi-agent systems mostly do not work' }),
  ).toBeVisible()
  await expect(
    evidence.getByRole('button', { name: '▶ 0:01–0:04 Welcome to the show, everybody.' }),
  ).toHaveAttribute('title', 'the welcome')
  // Shown, not changed here: no × on the card.
  await expect(evidence.getByRole('button', { name: /^Remove citation/ })).toHaveCount(0)
})
