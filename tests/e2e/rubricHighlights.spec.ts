import type { Locator, Page } from '@playwright/test'
import {
  chapterRows,
  exportEpisode,
  newSonnetEpisode,
  openTab,
  playhead,
  scoreCell,
  seekTo,
} from './analysisPage'
import { expect, test } from './hostFixture'

const rubricKeys = (page: Page): Locator =>
  page.getByRole('table', { name: 'Rubric' }).locator('tbody td.key')
const rubricRow = (page: Page, key: string): Locator =>
  page.getByRole('table', { name: 'Rubric' }).locator(`tbody tr[data-key="${key}"]`)

test('the rubric is added to, renamed, reordered and pruned, and saved as the default of a new episode', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /Rubric/)
  await expect(rubricKeys(page)).toHaveText([
    'hostsInformedPeer',
    'guestTeaching',
    'guestDisagreement',
    'hostsPushingBack',
  ])

  await page.getByLabel('New dimension label').fill('Host humour')
  await page.getByLabel('New dimension label').press('Enter')
  await expect(rubricKeys(page)).toHaveText([
    'hostsInformedPeer',
    'guestTeaching',
    'guestDisagreement',
    'hostsPushingBack',
    'hostHumour',
  ])
  await expect(page.getByLabel('New dimension label')).toHaveValue('')

  // The label and highlight label change; the key, under which scores are filed, stays.
  await page.getByLabel('Label of hostHumour', { exact: true }).fill('Hosts joking')
  await page.getByLabel('Label of hostHumour', { exact: true }).press('Enter')
  await page.getByLabel('Highlight label of hostHumour').fill('Funniest moment')
  await page.getByLabel('Highlight label of hostHumour').press('Tab')
  await expect(rubricRow(page, 'hostHumour')).toHaveAccessibleName('Dimension 5: Hosts joking')

  await page.getByRole('button', { name: 'Move Hosts joking up' }).click()
  await expect(rubricKeys(page).nth(3)).toHaveText('hostHumour')
  // Alt+↑ on a focused row moves it, and the focus stays with it.
  await rubricRow(page, 'hostHumour').focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(rubricKeys(page).nth(2)).toHaveText('hostHumour')
  await expect(rubricRow(page, 'hostHumour')).toBeFocused()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(rubricKeys(page)).toHaveText([
    'hostsInformedPeer',
    'hostHumour',
    'guestTeaching',
    'guestDisagreement',
    'hostsPushingBack',
  ])
  await expect(rubricRow(page, 'hostHumour')).toBeFocused()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(rubricKeys(page).nth(2)).toHaveText('hostHumour')
  await expect(rubricRow(page, 'hostHumour')).toBeFocused()
  await page.keyboard.press('Control+z')
  await expect(rubricKeys(page).nth(1)).toHaveText('hostHumour')

  // Removing asks first; No keeps it, Yes removes it, and undo brings it back in its place.
  const teaching = rubricRow(page, 'guestTeaching')
  await teaching.getByRole('button', { name: 'Remove' }).click()
  await teaching.getByRole('button', { name: 'No' }).click()
  await expect(rubricKeys(page)).toHaveCount(5)
  await teaching.getByRole('button', { name: 'Remove' }).click()
  await teaching.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(rubricKeys(page)).toHaveText([
    'hostsInformedPeer',
    'hostHumour',
    'guestDisagreement',
    'hostsPushingBack',
  ])
  await page.keyboard.press('Control+z')
  await expect(rubricKeys(page).nth(2)).toHaveText('guestTeaching')
  const pushing = rubricRow(page, 'hostsPushingBack')
  await pushing.getByRole('button', { name: 'Remove' }).click()
  await pushing.getByRole('button', { name: 'Yes, remove' }).click()
  const saved = ['hostsInformedPeer', 'hostHumour', 'guestTeaching', 'guestDisagreement']
  await expect(rubricKeys(page)).toHaveText(saved)

  // The chapters table scores on the rubric in its order.
  await openTab(page, /Chapters & scores/)
  await page.keyboard.press('c')
  await expect(page.locator('table.chapters thead th.dimension')).toHaveText([
    'The hosts as informed peer',
    'Hosts joking',
    'Guest teaching',
    'Guest disagreement',
  ])

  await openTab(page, /Rubric/)
  await page.getByRole('button', { name: 'Save as default for new episodes' }).click()
  await expect(page.locator('.rubric-panel').getByRole('status')).toHaveText('Saved')

  await page.getByRole('button', { name: 'Back to the library' }).click()
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /Rubric/)
  await expect(rubricKeys(page)).toHaveText(saved)
  await expect(page.getByLabel('Label of hostHumour', { exact: true })).toHaveValue('Hosts joking')
  await expect(page.getByLabel('Highlight label of hostHumour')).toHaveValue('Funniest moment')
  const doc = await exportEpisode(page)
  expect(doc.rubric.dimensions.map((d) => d.key)).toEqual(saved)
})

/** Where a moment's flag starts on the waveform, on the page. */
const flagPoint = (page: Page, seconds: number): Promise<{ x: number; y: number }> =>
  page.evaluate((at) => {
    const canvas = document.querySelector('canvas.waveform-layer') as HTMLCanvasElement
    const overview = document.querySelector('[aria-label="Overview of the whole episode"]') as HTMLElement
    const start = Number(overview.dataset.viewStart)
    const end = Number(overview.dataset.viewEnd)
    const inCanvas = ((at - start) / (end - start)) * canvas.clientWidth
    const box = canvas.getBoundingClientRect()
    // Under the chapter strip (16 px), inside the flag.
    return { x: box.left + inCanvas, y: box.top + 20 }
  }, seconds)

/** The colour of the highlight flag (a label over the waveform) just right of a moment, or none. */
async function flagColour(page: Page, seconds: number): Promise<string> {
  const { x, y } = await flagPoint(page, seconds)
  return page.evaluate(
    ({ x, y }) => {
      const flag = [...document.querySelectorAll<HTMLElement>('.wave-label-highlight')].find((label) => {
        const box = label.getBoundingClientRect()
        return box.left <= x + 2 && x + 2 <= box.right && box.top <= y && y <= box.bottom
      })
      if (!flag) return 'none'
      const rgb = getComputedStyle(flag).backgroundColor.match(/\d+/g) ?? []
      return `#${rgb
        .slice(0, 3)
        .map((v) => Number(v).toString(16).padStart(2, '0'))
        .join('')}`
    },
    { x, y },
  )
}

const goTo = (page: Page, label: string): Locator => page.getByRole('button', { name: `Go to ${label}` })
const highlightRow = (page: Page, key: string): Locator =>
  page.getByRole('table', { name: 'Highlights' }).locator(`tr[data-dimension="${key}"]`)

test('highlights are set with H and a digit, moved, titled, suggested from the scores, warned about and deleted', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /Chapters & scores/)
  await seekTo(page, 10)
  await page.keyboard.press('c')
  await seekTo(page, 30)
  await page.keyboard.press('c')
  await expect(chapterRows(page)).toHaveCount(3)
  await page.getByLabel('Title of chapter 2', { exact: true }).fill('The argument')
  await page.getByLabel('Title of chapter 2', { exact: true }).press('Enter')
  await scoreCell(page, 'Guest disagreement', 2).focus()
  await page.keyboard.press('8')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('3')
  await scoreCell(page, 'Guest teaching', 3).focus()
  await page.keyboard.press('6')
  await expect(scoreCell(page, 'Guest teaching', 3)).toHaveText('6')

  await openTab(page, /Highlights/)
  await seekTo(page, 15)
  await page.keyboard.press('h')
  const picker = page.getByRole('dialog', { name: 'Highlight which dimension' })
  await expect(picker).toContainText('Highlight at 0:15')
  await page.keyboard.press('3')
  await expect(picker).toBeHidden()
  await expect(goTo(page, 'Sharpest disagreement')).toHaveText('▶ 0:15')
  // The highest-scoring chapter is suggested unless the highlight is in it already.
  const disagreement = highlightRow(page, 'guestDisagreement')
  await expect(disagreement.locator('.suggestion')).toHaveCount(0)
  const teaching = highlightRow(page, 'guestTeaching')
  await expect(teaching).toContainText('not set')
  await expect(teaching.locator('.suggestion')).toHaveText('Suggested: the chapter at 0:30 (score 6) — Use')
  await teaching.getByRole('button', { name: 'Use' }).click()
  await expect(goTo(page, 'Biggest teaching moment')).toHaveText('▶ 0:30')

  await seekTo(page, 40)
  await disagreement.getByRole('button', { name: 'Set at playhead' }).click()
  await expect(goTo(page, 'Sharpest disagreement')).toHaveText('▶ 0:40')
  await expect(disagreement.locator('.suggestion')).toHaveText('Suggested: The argument (score 8) — Use')
  await disagreement.getByRole('button', { name: 'Use' }).click()
  await expect(goTo(page, 'Sharpest disagreement')).toHaveText('▶ 0:10')
  await expect(page.getByLabel('Title of Sharpest disagreement')).toHaveValue('The argument')
  await page
    .getByLabel('Description of Sharpest disagreement')
    .fill('The guest calls group-chat agents silly.')
  await page.getByLabel('Description of Sharpest disagreement').press('Control+Enter')

  // A title written where there is no highlight yet makes one at the playhead.
  await page.getByLabel('Title of The host holds their own').fill('Stage handoff')
  await page.getByLabel('Title of The host holds their own').press('Enter')
  await expect(goTo(page, 'The host holds their own')).toHaveText('▶ 0:40')

  await goTo(page, 'Sharpest disagreement').click()
  await expect(playhead(page)).toHaveText('0:10.0')
  await expect(disagreement).toHaveClass(/selected/)
  // The waveform flags each highlight at its moment, the selected one darker.
  await expect(page.locator('canvas.waveform-layer')).toHaveAttribute('data-highlights', '3')
  await expect.poll(() => flagColour(page, 10)).toBe('#4f1f6e')
  await expect.poll(() => flagColour(page, 30)).toBe('#7b3fa0')
  await expect.poll(() => flagColour(page, 20)).not.toBe('#7b3fa0')
  // A click on a flag goes to its highlight's moment exactly and selects it.
  const flag = await flagPoint(page, 30)
  await page.mouse.click(flag.x + 20, flag.y)
  await expect(playhead(page)).toHaveText('0:30.0')
  await expect(teaching).toHaveClass(/selected/)
  await expect.poll(() => flagColour(page, 30)).toBe('#4f1f6e')
  await goTo(page, 'Sharpest disagreement').click()

  // Without the last chapter, the highlights after 0:30 lie in no chapter.
  await openTab(page, /Chapters & scores/)
  await chapterRows(page).nth(2).getByRole('button', { name: 'Delete' }).click()
  await expect(chapterRows(page)).toHaveCount(2)
  await openTab(page, /Highlights/)
  await expect(highlightRow(page, 'hostsInformedPeer').getByRole('note')).toHaveText(
    '0:40 is outside every chapter',
  )
  await expect(disagreement.getByRole('note')).toHaveCount(0)

  await highlightRow(page, 'hostsInformedPeer').getByRole('button', { name: 'Delete' }).click()
  await expect(highlightRow(page, 'hostsInformedPeer')).toContainText('not set')
  // Delete also removes the selected highlight.
  await goTo(page, 'Biggest teaching moment').click()
  await page.keyboard.press('Delete')
  await expect(teaching).toContainText('not set')

  const doc = await exportEpisode(page)
  expect(doc.highlights).toEqual([
    expect.objectContaining({
      dimension: 'guestDisagreement',
      time: 10,
      title: 'The argument',
      description: 'The guest calls group-chat agents silly.',
    }),
  ])
})
