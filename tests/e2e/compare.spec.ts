import { ALPHA_BAND_WORDS, alphaBand } from '../../src/shared/agreement'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { seriousViolations } from './axeCheck'
import { api, loadAnalyses, openEpisodeDocument, openTab, playhead } from './analysisPage'
import { expect, test } from './hostFixture'

const MACHINE = machineEpisode()
const MACHINE_ID = MACHINE.episode.id
/** As every screen names an analysis: who made it (a machine's run stays the machine's), what it is, its day. */
const DAY = MACHINE.review.updatedAt.slice(0, 10)
const MACHINE_NAME = `machine · original · ${DAY}`
const ADA_NAME = `machine, reviewed by Ada · original · ${DAY}`

/** Ada's pass over the machine's analysis, kept as its own analysis: same media, another id, teaching rescored. */
function adasPass(): EpisodeDocument {
  const doc = structuredClone(MACHINE)
  doc.episode.id = 'agentic-rl-ada'
  doc.review.reviewer = 'Ada'
  const teaching = [3, 8, 2]
  doc.chapters.forEach((chapter, i) => {
    chapter.status = 'edited'
    const score = chapter.scores.guestTeaching
    if (score) score.value = teaching[i] ?? null
  })
  return doc
}

test('the analyses of one episode compared: alpha in its band per dimension, strips, a unit opens there', async ({
  page,
  served,
}) => {
  // The machine's analysis and Ada's in the library, Ada's open.
  await loadAnalyses(page, served.host.url, MACHINE, adasPass())
  await page.getByRole('button', { name: 'Compare analyses…' }).click()

  const picker = page.getByRole('group', { name: 'Analyses to compare' })
  await expect(picker.getByRole('checkbox')).toHaveCount(2)
  await expect(picker.getByRole('checkbox', { name: /Ada/ })).toBeChecked()
  // Each named "reviewer · kind · date", never by its bare id.
  await expect(picker.locator('label')).toHaveText([`${MACHINE_NAME} · Draft`, `${ADA_NAME} · Draft`])
  await expect(page.getByText('3 units', { exact: true })).toBeVisible()

  // Both gave the same disagreement scores: perfect agreement, reliable.
  const disagreement = page.getByRole('region', { name: 'Guest disagreement' })
  await expect(disagreement).toContainText('α interval1.000')
  await expect(disagreement).toContainText(ALPHA_BAND_WORDS.reliable)
  // Teaching parts at two units of three: alpha as the core measures it, read in its band.
  const measured = await api(page, 'episodes.agreement', { ids: [MACHINE_ID, 'agentic-rl-ada'] })
  const alpha = measured.dimensions.guestTeaching?.alpha.interval ?? NaN
  const teaching = page.getByRole('region', { name: 'Guest teaching' })
  await expect(teaching).toContainText(`α interval${alpha.toFixed(3)} ${ALPHA_BAND_WORDS[alphaBand(alpha)]}`)
  await expect(teaching).toContainText('2 of 3 differ by 2 or more')

  // A strip per analysis, each unit saying its score and whether the analyses part there.
  const ada = teaching.getByRole('group', { name: `${ADA_NAME}: Guest teaching along the timeline` })
  const machine = teaching.getByRole('group', {
    name: `${MACHINE_NAME}: Guest teaching along the timeline`,
    exact: true,
  })
  await expect(ada.getByRole('button')).toHaveCount(3)
  await expect(
    ada.getByRole('button', { name: `${ADA_NAME}, 0:00–3:20: 3; the analyses differ by 4 here` }),
  ).toBeVisible()
  await expect(machine.getByRole('button', { name: `${MACHINE_NAME}, 3:20–7:00: 8` })).toBeVisible()

  // Readable and named in both themes (WCAG A and AA, contrast included).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }

  // The statements, matched one to one.
  await expect(page.getByRole('table', { name: 'Statements matched per pair' })).toContainText('1.000')

  // The arrow keys walk the units; Enter opens that analysis at the unit's start.
  await machine.getByRole('button').first().focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  // Down to the same unit in the strip below (Ada's), and back up.
  await page.keyboard.press('ArrowDown')
  await expect(page.locator(':focus')).toHaveAccessibleName(
    `${ADA_NAME}, 7:00–10:00: 2; the analyses differ by 4 here`,
  )
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Episode title')).toBeVisible()
  await expect(playhead(page)).toHaveText('7:00.0')
  expect(new URL(page.url()).hash).toBe(`#/episode/${MACHINE_ID}?t=420`)

  // A click on Ada's first unit opens her analysis there.
  await page.goBack()
  await page
    .getByRole('group', { name: `${ADA_NAME}: Guest teaching along the timeline` })
    .getByRole('button')
    .nth(1)
    .click()
  await expect(playhead(page)).toHaveText('3:20.0')
  expect(new URL(page.url()).hash).toBe('#/episode/agentic-rl-ada?t=200')

  // With one analysis ticked there is nothing to compare.
  await page.goBack()
  await page
    .getByRole('group', { name: 'Analyses to compare' })
    .getByRole('checkbox', { name: /Ada/ })
    .uncheck()
  await expect(page.getByText('Tick two analyses or more to compare them.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Guest teaching' })).toBeHidden()
})

test('the review queue sorted by disagreement goes first to the chapter the reviewer moved furthest', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, MACHINE)
  // Only one analysis: nothing to compare with.
  await expect(page.getByRole('button', { name: 'Compare analyses…' })).toBeHidden()
  // The reviewer rescored the last chapter (by 4) and the first (by 1) before deciding on either.
  await api(page, 'scores.set', { id: MACHINE_ID, chapterId: 'c3', dimension: 'guestTeaching', value: 2 })
  await api(page, 'scores.set', { id: MACHINE_ID, chapterId: 'c1', dimension: 'guestTeaching', value: 8 })
  await page.reload()
  await openTab(page, /^Review/)

  await page.keyboard.press('n')
  await expect(playhead(page)).toHaveText('0:00.0')
  await page.getByRole('checkbox', { name: 'Largest disagreement first' }).check()
  await page.keyboard.press('n')
  await expect(playhead(page)).toHaveText('7:00.0')
  await expect(page.getByRole('region', { name: 'Under review' })).toContainText('What to build')
})
