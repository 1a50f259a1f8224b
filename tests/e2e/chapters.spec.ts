import type { Page } from '@playwright/test'
import { SONNET_VTT } from '../fixtureFiles'
import {
  chapterRows,
  chaptersTable,
  exportEpisode,
  newSonnetEpisode,
  openTab,
  playhead,
  scoreCell,
  seekTo,
} from './analysisPage'
import { expect, test } from './hostFixture'

const titleOf = (page: Page, chapter: number): ReturnType<Page['getByLabel']> =>
  page.getByLabel(`Title of chapter ${chapter}`, { exact: true })
const whyOf = (page: Page, chapter: number): ReturnType<Page['getByLabel']> =>
  page.getByLabel(`Why, chapter ${chapter}`, { exact: true })
const average = (page: Page, dimension: string): ReturnType<Page['getByLabel']> =>
  chaptersTable(page).getByLabel(`Average ${dimension}`, { exact: true })

test('chapters are split, titled, scored and reasoned from the keyboard, merged, and undone one step at a time', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  await openTab(page, /Chapters & scores/)
  await expect(page.getByText('No chapters yet')).toBeVisible()

  // The first split makes the bands that cover the media; each later one cuts the chapter under the playhead.
  await seekTo(page, 10)
  await page.keyboard.press('c')
  await expect(chapterRows(page)).toHaveCount(2)
  await seekTo(page, 20)
  await page.keyboard.press('c')
  await expect(chapterRows(page)).toHaveCount(3)
  await expect(chapterRows(page).nth(2)).toHaveClass(/selected/)
  await seekTo(page, 30)
  await page.getByRole('button', { name: 'Split at playhead (C)' }).click()
  const spans = chapterRows(page).locator('button.time')
  await expect(spans).toHaveText(['0:00–0:10', '0:10–0:20', '0:20–0:30', '0:30–0:53'])

  await titleOf(page, 1).click()
  await page.keyboard.type('Opening')
  await page.keyboard.press('Enter')
  await titleOf(page, 2).click()
  await page.keyboard.type('Middle')
  await page.keyboard.press('Tab')

  // A digit on a focused cell is its score; the arrows move between cells and do not seek.
  const teaching1 = scoreCell(page, 'Guest teaching', 1)
  await teaching1.click()
  await expect(chapterRows(page).first()).toHaveClass(/selected/)
  await page.keyboard.press('7')
  await expect(teaching1).toHaveText('7')
  await expect(teaching1).toHaveClass(/needs-reasoning/)
  await expect(teaching1).toHaveAttribute('title', 'score without reasoning')
  await page.keyboard.press('ArrowRight')
  const disagreement = (n: number): ReturnType<typeof scoreCell> => scoreCell(page, 'Guest disagreement', n)
  await expect(disagreement(1)).toBeFocused()
  await expect(playhead(page)).toHaveText('0:30.0')
  await page.keyboard.press('1')
  await page.keyboard.press('0')
  await expect(disagreement(1)).toHaveText('10')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('t')
  await expect(disagreement(2)).toHaveText('10')
  await page.keyboard.press('ArrowDown')
  // A lone 1 waits for a possible 0, then stands.
  await page.keyboard.press('1')
  await expect(disagreement(3)).toHaveText('1', { timeout: 3000 })
  await expect(disagreement(3)).toHaveClass(/needs-reasoning/)

  // Enter writes the reasoning; Ctrl+Enter saves it and gives the focus back to the cell.
  await teaching1.focus()
  await page.keyboard.press('Enter')
  const reasoning = page.getByLabel('Reasoning for Guest teaching, chapter 1')
  await expect(reasoning).toBeFocused()
  await page.keyboard.type('The guest walks through the scaling curve step by step.')
  await page.keyboard.press('Control+Enter')
  await expect(reasoning).toBeHidden()
  await expect(teaching1).toBeFocused()
  await expect(teaching1).not.toHaveClass(/needs-reasoning/)
  await expect(teaching1).toHaveAttribute('title', 'The guest walks through the scaling curve step by step.')
  // Escape saves the reasoning too (one rule for every field), and gives the focus back to the cell.
  await disagreement(3).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.type('Kept on Escape.')
  await page.keyboard.press('Escape')
  await expect(page.getByLabel('Reasoning for Guest disagreement, chapter 3')).toBeHidden()
  await expect(disagreement(3)).toBeFocused()
  await expect(disagreement(3)).toHaveAttribute('title', 'Kept on Escape.')

  // Backspace clears a score (and is not the screen's "delete the selection").
  const pushing4 = scoreCell(page, 'The hosts pushing back', 4)
  await pushing4.focus()
  await page.keyboard.press('5')
  await expect(pushing4).toHaveText('5')
  await page.keyboard.press('Backspace')
  await expect(pushing4).toHaveText('')
  await expect(chapterRows(page)).toHaveCount(4)

  await whyOf(page, 1).click()
  await page.keyboard.type('The guest teaches; nobody pushes back.')
  await page.keyboard.press('Tab')
  await expect(average(page, 'Guest teaching')).toHaveText('7.0')
  await expect(average(page, 'Guest disagreement')).toHaveText('7.0')
  await expect(average(page, 'The hosts pushing back')).toHaveText('—')

  // M merges the selected chapter (a focused cell selects its chapter) with the next.
  await teaching1.focus()
  await page.keyboard.press('m')
  await expect(spans).toHaveText(['0:00–0:20', '0:20–0:30', '0:30–0:53'])
  await expect(titleOf(page, 1)).toHaveValue('Opening')
  await expect(disagreement(1)).toHaveText('10')

  // Undo walks back one edit per press, in order.
  const undo = async (): Promise<void> => {
    await teaching1.focus()
    await page.keyboard.press('Control+z')
  }
  await undo()
  await expect(spans).toHaveText(['0:00–0:10', '0:10–0:20', '0:20–0:30', '0:30–0:53'])
  await expect(titleOf(page, 2)).toHaveValue('Middle')
  await undo()
  await expect(whyOf(page, 1)).toHaveValue('')
  await undo()
  await expect(pushing4).toHaveText('5')
  await undo()
  await expect(pushing4).toHaveText('')
  await undo()
  await expect(disagreement(3)).toHaveClass(/needs-reasoning/)
  await undo()
  await expect(teaching1).toHaveClass(/needs-reasoning/)
  await undo()
  await expect(disagreement(3)).toHaveText('')
  await undo()
  await expect(disagreement(2)).toHaveText('')
  // 1 then 0 was one edit: undone, the cell is empty, not 1.
  await undo()
  await expect(disagreement(1)).toHaveText('')
  await expect(teaching1).toHaveText('7')
  await page.keyboard.press('Control+Shift+z')
  await expect(disagreement(1)).toHaveText('10')

  // Delete leaves a gap where the chapter was.
  await chapterRows(page).nth(3).getByRole('button', { name: 'Delete' }).click()
  await expect(spans).toHaveText(['0:00–0:10', '0:10–0:20', '0:20–0:30'])
  // A click on a chapter's time goes there and selects it.
  await spans.nth(1).click()
  await expect(playhead(page)).toHaveText('0:10.0')
  await expect(chapterRows(page).nth(1)).toHaveClass(/selected/)
})

/** The published page's table ("How this conversation actually went"), on the 53 s sonnet. */
const PUBLISHED = [
  {
    title: 'Tool Use and the Concept of Ten-Minute AGI',
    scores: [0, 0, 1, 0],
    why: 'Solo lecture segment where Will Brown lays out the technical vision for multi-turn RL, 10-minute AGI, and the engineering bottlenecks of credit assignment and context blowup. No host participation occurs.',
  },
  {
    title: 'Scaling Curves in Tool Calls and Search Agents',
    scores: [0, 0, 3, 0],
    why: 'Brown examines scaling curves for search agents and critiques naive end-to-end multimodal CoT and basic multi-agent group chats, arguing programmatic tool manipulation is far more effective. Monologue delivery without host pushback.',
  },
  {
    title: 'Sub-Agents and Modular Context Optimization',
    scores: [0, 0, 2, 0],
    why: 'Brown details using sub-agents as tool calls to manage context windows and explains how discarding thinking tokens breaks standard RL math. The monologue format features zero host interaction.',
  },
  {
    title: 'Intermediary Step Verification and Reasoning Reward Models',
    scores: [0, 0, 1, 0],
    why: 'Presentation on turn-level reward models and treating verifiers as reasoning models to enable inference-time scaling. Pure technical exposition with no host present.',
  },
  {
    title: 'Asynchronous Reinforcement Learning and Off-Policy Stability',
    scores: [0, 0, 1, 0],
    why: 'Brown covers asynchronous RL, off-policy stability, and decentralized capability merging across orthogonal domains. No host engagement occurs during the talk.',
  },
  {
    title: 'Synthesis and Roadmap for Decentralized N-Minute AGI',
    scores: [0, 0, 0, 0],
    why: 'Brown concludes his synthesis on open-source agentic RL roadmap before the event MC steps in to manage stage transitions.',
  },
]
const DIMENSIONS = ['hostsInformedPeer', 'guestTeaching', 'guestDisagreement', 'hostsPushingBack'] as const
const REASONING: Record<(typeof DIMENSIONS)[number], (score: number) => string> = {
  hostsInformedPeer: () => 'No host speaks in this segment of the keynote.',
  guestTeaching: () => 'A talk to an audience, not teaching in conversation with a host.',
  guestDisagreement: (s) =>
    s === 0 ? 'Nothing the guest argues against here.' : `The guest pushes against received views (${s}).`,
  hostsPushingBack: () => 'No host is there to push back.',
}
/** Scaled from the page's 6:55, 7:30 and 16:39 of 17 minutes. */
const HIGHLIGHTS = [
  {
    digit: '3',
    at: 21,
    label: 'Sharpest disagreement',
    title: 'Debunking multi-agent group chat systems',
    description:
      "Brown bluntly dismisses popular multi-agent frameworks like crewAI as 'silly' and unworkable because the underlying models and algorithms were never trained for cooperative multi-agent dynamics.",
  },
  {
    digit: '2',
    at: 23,
    label: 'Biggest teaching moment',
    title: 'Explaining sub-agent tool call context offloading',
    description:
      'Brown methodically breaks down why running hundred-website scrapes directly in primary model context fails and proves why delegating to smaller, frozen helper models as tool calls is the mathematically sound alternative.',
  },
  {
    digit: '4',
    at: 51,
    label: 'Hardest push from the hosts',
    title: 'Event host transition cut',
    description:
      'In a monologue talk lacking direct host challenges, the sole moderation event is the event host pausing the stream for a speaker changeover.',
  },
  {
    digit: '1',
    at: 51,
    label: 'The host holds their own',
    title: 'Stage manager handoff',
    description:
      'The presentation is a solo keynote with no host technical rebuttals, leaving the logistical handoff as the only host intervention.',
  },
]

test('the published example is reproduced from the keyboard and exported as valid episode JSON', async ({
  page,
  served,
}) => {
  test.setTimeout(180_000)
  await newSonnetEpisode(page, served.host.url, SONNET_VTT)
  await openTab(page, /Chapters & scores/)
  for (const at of [9, 18, 27, 36, 45]) {
    await seekTo(page, at)
    await page.keyboard.press('c')
  }
  await expect(chapterRows(page)).toHaveCount(6)

  for (const [i, chapter] of PUBLISHED.entries()) {
    await titleOf(page, i + 1).fill(chapter.title)
    await titleOf(page, i + 1).press('Enter')
    // Each score typed on its cell, then its reasoning; Ctrl+Enter comes back to the cell.
    await scoreCell(page, 'The hosts as informed peer', i + 1).focus()
    for (const [d, score] of chapter.scores.entries()) {
      if (d > 0) await page.keyboard.press('ArrowRight')
      await page.keyboard.press(String(score))
      await page.keyboard.press('Enter')
      await page.keyboard.type(REASONING[DIMENSIONS[d] ?? 'hostsInformedPeer'](score))
      await page.keyboard.press('Control+Enter')
    }
    await whyOf(page, i + 1).fill(chapter.why)
    await whyOf(page, i + 1).press('Control+Enter')
  }
  await expect(chaptersTable(page).locator('td.score.needs-reasoning')).toHaveCount(0)
  await expect(chaptersTable(page).locator('td.average')).toHaveText(['0.0', '0.0', '1.3', '0.0'])

  // H, then the dimension's number, sets its highlight at the playhead.
  for (const h of HIGHLIGHTS) {
    await seekTo(page, h.at)
    await page.keyboard.press('h')
    await expect(page.getByRole('dialog', { name: 'Highlight which dimension' })).toBeVisible()
    await page.keyboard.press(h.digit)
    await expect(page.getByRole('dialog', { name: 'Highlight which dimension' })).toBeHidden()
  }
  await openTab(page, /Highlights/)
  for (const h of HIGHLIGHTS) {
    await expect(page.getByRole('button', { name: `Go to ${h.label}` })).toHaveText(`▶ 0:${h.at}`)
    await page.getByLabel(`Title of ${h.label}`, { exact: true }).fill(h.title)
    await page.getByLabel(`Title of ${h.label}`, { exact: true }).press('Enter')
    await page.getByLabel(`Description of ${h.label}`, { exact: true }).fill(h.description)
    await page.getByLabel(`Description of ${h.label}`, { exact: true }).press('Control+Enter')
  }
  await expect(page.getByLabel(`Description of ${HIGHLIGHTS[3]?.label}`)).toHaveValue(
    HIGHLIGHTS[3]?.description ?? '',
  )

  const doc = await exportEpisode(page)
  expect(doc.chapters.map((c) => c.title)).toEqual(PUBLISHED.map((c) => c.title))
  expect(doc.chapters.map((c) => c.why)).toEqual(PUBLISHED.map((c) => c.why))
  expect(doc.chapters.map((c) => DIMENSIONS.map((d) => c.scores[d]?.value))).toEqual(
    PUBLISHED.map((c) => c.scores),
  )
  for (const chapter of doc.chapters)
    for (const d of DIMENSIONS)
      expect(chapter.scores[d]?.reasoning).toBe(REASONING[d](chapter.scores[d]?.value ?? 0))
  expect(doc.chapters.map((c) => Math.round(c.start))).toEqual([0, 9, 18, 27, 36, 45])
  expect(doc.scoreSummary).toEqual({
    hostsInformedPeer: 0,
    guestTeaching: 0,
    guestDisagreement: 1.3,
    hostsPushingBack: 0,
  })
  const byDimension = new Map(doc.highlights.map((h) => [h.dimension, h]))
  for (const h of HIGHLIGHTS) {
    const d = DIMENSIONS[Number(h.digit) - 1] ?? ''
    expect(byDimension.get(d)).toMatchObject({ title: h.title, description: h.description })
    expect(Math.floor(byDimension.get(d)?.time ?? -1)).toBe(h.at)
  }
  expect(doc.rubric.dimensions.map((d) => d.highlightLabel)).toEqual([
    'The host holds their own',
    'Biggest teaching moment',
    'Sharpest disagreement',
    'Hardest push from the hosts',
  ])
})
