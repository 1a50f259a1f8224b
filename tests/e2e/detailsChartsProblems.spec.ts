import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { tempFolder } from '../tempFolder'
import {
  api,
  chapterRows,
  episodeId,
  exportEpisode,
  newSonnetEpisode,
  openTab,
  playhead,
  scoreCell,
} from './analysisPage'
import { expect, test } from './hostFixture'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { INTERVIEW_VTT } from '../sampleTranscripts'

function interviewVtt(): string {
  const file = path.join(tempFolder(), 'interview.vtt')
  fs.writeFileSync(file, INTERVIEW_VTT)
  return file
}

/** Two chapters, 0:00-0:10 and 0:10 to the end, made through the contract; answers their ids. */
async function twoChapters(page: Page): Promise<[string, string]> {
  const { view, chapterId } = await api(page, 'chapters.split', { id: episodeId(page), at: 10 })
  const first = view.chapters.find((c) => c.id !== chapterId)
  if (!first) throw new Error('the split made one chapter')
  return [first.id, chapterId]
}

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true })

test('episode details and participants are edited from the keyboard and exported', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /^Details/)
  const details = region(page, 'Episode details')

  const title = details.getByLabel('Title', { exact: true })
  await title.fill('Sonnet 1')
  await page.keyboard.press('Tab')
  // The header's title is the same field of the episode: it follows at once.
  await expect(page.getByLabel('Episode title')).toHaveValue('Sonnet 1')
  await expect(details.getByLabel('Show', { exact: true })).toBeFocused()
  await page.keyboard.type('librivox')
  await page.keyboard.press('Enter')
  await details.getByLabel('Air date').fill('2025-05-09')
  await details.getByLabel('Air date').press('Enter')

  const url = details.getByLabel('Source URL')
  await url.fill('youtube.com/watch?v=sonnet')
  await url.press('Enter')
  await expect(details.getByRole('alert')).toHaveText(/starts with http/)
  await expect(url).toHaveAttribute('aria-invalid', 'true')
  await url.fill('https://www.youtube.com/watch?v=sonnet')
  await url.press('Enter')
  await expect(details.getByRole('alert')).toHaveCount(0)

  const summary = details.getByLabel('Summary', { exact: true })
  await summary.fill('The first of the sonnets, read aloud.')
  // A multi-line field saves on Ctrl+Enter (Enter is a new line there).
  await summary.press('Control+Enter')
  // Each field is saved as its own edit: the last one is what Undo would take back.
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', /^Undo Edit summary/)

  const newName = details.getByLabel('New participant name')
  await newName.fill('Alice Reader')
  await details.getByLabel('New participant role').selectOption('host')
  await details.getByLabel('New participant affiliation').fill('LibriVox')
  await details.getByLabel('New participant affiliation').press('Enter')
  await expect(newName).toHaveValue('')
  await newName.fill('Will Brown')
  await newName.press('Enter')
  await newName.fill('Stage Manager')
  await details.getByLabel('New participant role').selectOption('other')
  await newName.press('Enter')

  const participants = details.getByRole('table', { name: 'Participants' })
  await expect(participants.locator('tbody tr')).toHaveCount(3)
  const affiliation = participants.getByLabel('Affiliation of Will Brown')
  await affiliation.fill('Prime Intellect')
  await affiliation.press('Enter')
  const name = participants.getByLabel('Name of Will Brown')
  await name.fill('')
  await name.press('Enter')
  await expect(participants.getByRole('alert')).toHaveText('a participant needs a name')
  await name.fill('Will Brown (guest)')
  await name.press('Tab')
  await expect(participants.getByLabel('Name of Will Brown (guest)')).toHaveValue('Will Brown (guest)')

  // Removing asks in the row; the confirm button takes the focus, so Enter confirms.
  await participants.getByRole('button', { name: 'Remove Stage Manager' }).click()
  const confirm = participants.getByRole('group', { name: 'Confirm removing Stage Manager' })
  await expect(confirm.getByRole('button', { name: 'Remove', exact: true })).toBeFocused()
  await confirm.getByRole('button', { name: 'Keep' }).click()
  await expect(participants.locator('tbody tr')).toHaveCount(3)
  await participants.getByRole('button', { name: 'Remove Stage Manager' }).click()
  await page.keyboard.press('Enter')
  await expect(participants.locator('tbody tr')).toHaveCount(2)

  const doc = await exportEpisode(page)
  expect(doc.episode).toMatchObject({
    title: 'Sonnet 1',
    show: 'librivox',
    publishedOn: '2025-05-09',
    sourceUrl: 'https://www.youtube.com/watch?v=sonnet',
    summary: 'The first of the sonnets, read aloud.',
  })
  expect(doc.participants.map(({ name, role, affiliation }) => ({ name, role, affiliation }))).toEqual([
    { name: 'Alice Reader', role: 'host', affiliation: 'LibriVox' },
    { name: 'Will Brown (guest)', role: 'guest', affiliation: 'Prime Intellect' },
  ])

  // Without a transcript there is no speaking balance to draw: the charts say so.
  await openTab(page, /^Charts/)
  await expect(region(page, 'Charts')).toContainText('No speaking balance')
})

test('charts: scores per chapter with their reasoning, averages and the speaking balance by role', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url, interviewVtt())
  const dialog = page.getByRole('dialog', { name: 'Map speakers' })
  await dialog.getByLabel('Role of Alice').selectOption('host')
  await dialog.getByLabel('Role of Bob').selectOption('guest')
  await dialog.getByLabel('Role of SPEAKER_2').selectOption('other')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()

  const id = episodeId(page)
  const [first, second] = await twoChapters(page)
  await api(page, 'chapters.update', { id, chapterId: first, patch: { title: 'Welcome' } })
  await api(page, 'scores.set', {
    id,
    chapterId: first,
    dimension: 'guestTeaching',
    value: 3,
    reasoning: 'Bob sets out why multi-agent systems fail.',
  })
  await api(page, 'scores.set', {
    id,
    chapterId: second,
    dimension: 'guestTeaching',
    value: 6,
    reasoning: 'The algorithms are explained.',
  })
  await api(page, 'scores.set', {
    id,
    chapterId: second,
    dimension: 'guestDisagreement',
    value: 2,
    reasoning: 'A mild no.',
  })
  await page.reload()
  await openTab(page, /^Charts/)
  const charts = region(page, 'Charts')

  await expect(charts.getByLabel('Average score per dimension')).toHaveText(
    'The hosts as informed peer — Guest teaching 4.5 Guest disagreement 2.0 The hosts pushing back —',
  )
  await expect(charts.getByRole('list', { name: 'Dimensions' })).toContainText('Guest teaching')

  const point = (chapter: string, dimension: string): Locator =>
    charts.locator(`.score-point[data-chapter="${chapter}"][data-dimension="${dimension}"]`)
  await expect(charts.locator('.score-point')).toHaveCount(3)
  await point(first, 'guestTeaching').hover()
  const tooltip = charts.getByRole('tooltip')
  await expect(tooltip).toContainText('Welcome')
  await expect(tooltip).toContainText('Guest teaching: 3 / 10')
  await expect(tooltip).toContainText('Bob sets out why multi-agent systems fail.')
  await page.mouse.move(0, 0)
  await expect(tooltip).toHaveCount(0)

  // From the keyboard: focus walks the points and each shows its own reasoning.
  await point(first, 'guestTeaching').focus()
  await expect(tooltip).toContainText('Bob sets out')
  await page.keyboard.press('Tab')
  await expect(tooltip).toContainText('Guest teaching: 6 / 10')
  await expect(tooltip).toContainText('The algorithms are explained.')

  // A click goes to the chapter: the playhead moves to its start and the chapter is selected.
  await point(second, 'guestDisagreement').click()
  await expect(playhead(page)).toHaveText('0:10.0')
  await expect(point(second, 'guestTeaching')).toHaveClass(/selected/)
  await expect(point(first, 'guestTeaching')).not.toHaveClass(/selected/)

  // Speaking balance: one 3-minute bin (the sonnet is 53 s), hosts gold, the guest purple, others grey.
  const balance = charts.locator('.balance-chart')
  await expect(balance).toContainText('gold')
  await expect(balance.locator('.balance-bin')).toHaveCount(1)
  await expect(balance.locator('.bin-label')).toHaveText(['0:00'])
  await expect(balance.locator('[data-role="host"]')).toHaveAttribute('fill', '#c9a227')
  await expect(balance.locator('[data-role="guest"]')).toHaveAttribute('fill', '#6b3fa0')
  await expect(balance.locator('[data-role="other"]')).toHaveAttribute('fill', /^#[0-9a-f]{6}$/)
  const heights = await balance
    .locator('rect.balance-bar')
    .evaluateAll((bars) =>
      Object.fromEntries(bars.map((b) => [b.dataset.role, Number(b.getAttribute('height'))])),
    )
  // Alice (host) spoke 7.5 s, SPEAKER_2 (other) 5.5 s, Bob (guest) 4.5 s.
  expect(heights.host).toBeGreaterThan(heights.other ?? Infinity)
  expect(heights.other).toBeGreaterThan(heights.guest ?? Infinity)

  // The details list each participant's speaking time.
  await openTab(page, /^Details/)
  await expect(region(page, 'Episode details').getByLabel('Speaking time of Alice')).toHaveText(
    '0:07 (2 lines)',
  )
})

test('problems: a score without reasoning is listed, goes to its chapter, and leaves when fixed', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /^Problems/)
  const problems = region(page, 'Problems')
  const tab = page.getByRole('tab', { name: /^Problems/ })
  // A new episode has no chapters, which Publish would refuse: the panel says so.
  const perChapter = 1 + 2 * SEED_DIMENSIONS.length
  // And the seed rubric's dimensions have no description for the published page: a warning.
  const undescribed = 1
  await expect(tab).toHaveText(`Problems ${1 + undescribed}`)
  await expect(problems.getByRole('button', { name: /No chapters yet/ })).toBeVisible()

  const id = episodeId(page)
  const [, second] = await twoChapters(page)
  await api(page, 'scores.set', { id, chapterId: second, dimension: 'guestDisagreement', value: 5 })
  await page.reload()
  await openTab(page, /^Problems/)
  // Two chapters, one score of the second given: its "not scored" is gone, its reasoning is still missing.
  await expect(tab).toHaveText(`Problems ${2 * perChapter - 1 + undescribed}`)
  const problem = problems.getByRole('button', { name: /Guest disagreement” score \(5\)/ })
  await expect(problem).toHaveText(/^0:10 .*has no reasoning/)

  await problem.click()
  await expect(playhead(page)).toHaveText('0:10.0')
  await expect(problem).toHaveAttribute('aria-current', 'true')
  await openTab(page, /^Chapters/)
  await expect(chapterRows(page).nth(1)).toHaveClass(/selected/)
  await expect(chapterRows(page).nth(0)).not.toHaveClass(/selected/)

  // Undoing the score: the list follows the view at once.
  await openTab(page, /^Problems/)
  await page.keyboard.press('Control+z')
  await expect(problem).toBeHidden()
  await expect(tab).toHaveText(`Problems ${2 * perChapter + undescribed}`)
  await page.keyboard.press('Control+Shift+z')
  await expect(problem).toBeVisible()

  // Fixed by writing the reasoning in the chapters table.
  await openTab(page, /^Chapters/)
  await scoreCell(page, 'Guest disagreement', 2).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.type('The guest says no to the premise.')
  await page.keyboard.press('Control+Enter')
  await openTab(page, /^Problems/)
  await expect(problem).toBeHidden()
  // Two errors fewer, and a note: the new reasoning has no evidence yet.
  await expect(tab).toHaveText(`Problems ${2 * perChapter - 1 + undescribed}`)
  await expect(problems.getByRole('button', { name: /has reasoning but no evidence/ })).toHaveCount(1)
})
