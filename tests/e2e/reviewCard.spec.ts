import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { relinkMedia } from '../../src/core/episodes/relinkMedia'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { Dimension, EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_SCALE } from '../../src/shared/rubric'
import { videoWithSpeech } from '../generateMedia'
import { withDerivedFields } from '../machineEpisode'
import { api } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { expect, test, type HostHandle } from './hostFixture'

/*
 * The review card shows all that A accepts (issue 24, point 4): at 1280x800 beside a video, a chapter
 * card holds every score of a rubric of up to 8 dimensions without scrolling; with more, A waits until
 * the card has been scrolled to its end. A score edited in the card is marked so, and the chapter stays
 * unreviewed until it is accepted itself.
 */
test.use({ viewport: { width: 1280, height: 800 } })

const WORDS = ['steady', 'argued', 'careful', 'examples', 'counterpoint', 'evidence', 'framing', 'openly']

const dimensions = (count: number): Dimension[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `dimension${i + 1}`,
    label: `Dimension ${i + 1}: how ${WORDS[i % WORDS.length]} the talk is`,
    description: '',
    highlightLabel: '',
  }))

/** A machine's analysis of a minute of video: two chapters scored on `count` dimensions, long reasonings. */
function scoredDocument(count: number, media: { fileName: string; sha256: string }): EpisodeDocument {
  const rubric = dimensions(count)
  const chapter = (n: number, start: number, end: number): EpisodeDocument['chapters'][number] => ({
    id: `c${n}`,
    title: `Part ${n}`,
    start,
    end,
    why: `Part ${n} turns to a new question, and the guest answers it at length with examples from their own lab work over several years.`,
    scores: Object.fromEntries(
      rubric.map((d, i) => [
        d.key,
        {
          value: (n * 3 + i) % 11,
          reasoning: `Scored ${(n * 3 + i) % 11}/10: part ${n} on ${d.label.toLowerCase()}, with a long explanation that would take several lines if it were shown whole in the card.`,
        },
      ]),
    ),
    origin: 'machine',
    status: 'unreviewed',
  })
  return withDerivedFields({
    format: 'episode-analysis',
    version: 1,
    exportedAt: '2026-01-10T08:00:00.000Z',
    generator: 'scoring-pipeline 2.3',
    episode: {
      id: `card-${count}`,
      title: `A card of ${count} dimensions`,
      show: 'test',
      publishedOn: null,
      durationSeconds: 60,
      sourceUrl: null,
      summary: '',
      media: { ...media, kind: 'video' },
    },
    participants: [],
    rubric: { scale: SEED_SCALE, dimensions: rubric },
    chapters: [chapter(1, 0, 30), chapter(2, 30, 60)],
    highlights: [],
    statements: [],
    transcript: null,
    review: { status: 'draft', reviewer: null, updatedAt: '2026-01-10T08:00:00.000Z' },
  })
}

let video = ''
test.beforeAll(() => {
  video = videoWithSpeech(60)
})

async function openScored(page: Page, served: HostHandle, count: number): Promise<string> {
  const sha256 = createHash('sha256').update(fs.readFileSync(video)).digest('hex')
  const doc = scoredDocument(count, { fileName: path.basename(video), sha256 })
  const db = openDatabase(served.databaseFile)
  const { id } = loadEpisodeDocument(db, doc)
  await relinkMedia(db, id, video)
  db.close()
  // The host's address first: it hands the page the secret the episode's address then uses.
  await page.goto(served.host.url)
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
  await expect(page.locator('video')).toBeVisible()
  return id
}

const card = (page: Page): Locator => page.getByRole('region', { name: 'Under review' })
const title = (page: Page): Locator =>
  card(page)
    .locator('dt', { hasText: /^Title$/ })
    .locator('xpath=following-sibling::dd[1]')

test('a chapter card of 8 dimensions shows every score without scrolling; an edited score is marked, the chapter accepted only by A', async ({
  page,
  served,
}) => {
  const id = await openScored(page, served, 8)
  await page.keyboard.press('n')
  await expect(title(page)).toHaveText('Part 1')
  const box = card(page)
  const { scrollHeight, clientHeight } = await box.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }))
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1)
  // Every line of the grid (dimension, machine's score, reviewer's score) inside the card and the window.
  const cardBox = (await box.boundingBox())!
  expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(800)
  const rows = box.locator('table.machine-vs-own tbody tr')
  await expect(rows).toHaveCount(8)
  for (let i = 0; i < 8; i++) {
    const row = (await rows.nth(i).boundingBox())!
    expect(row.y).toBeGreaterThanOrEqual(cardBox.y)
    expect(row.y + row.height).toBeLessThanOrEqual(cardBox.y + cardBox.height + 1)
    await expect(rows.nth(i).locator('td.machine b')).toHaveText(String((3 + i) % 11))
  }
  await expect(box.getByRole('button', { name: /Accept/ })).toBeInViewport({ ratio: 1 })
  // The machine's reasoning whole on hover.
  await expect(rows.first().locator('td.machine')).toHaveAttribute(
    'title',
    /^Scored 3\/10: part 1 on dimension 1/,
  )

  // One score edited in the card: that score says so; the chapter is still unreviewed.
  const score = rows.nth(2).getByLabel(/reviewer’s score/)
  await score.click()
  await page.keyboard.press('9')
  await expect(rows.nth(2)).toHaveAttribute('data-review', 'edited')
  await expect(rows.nth(2).locator('th')).toContainText('edited')
  await expect(box.locator('h2 .badge')).toHaveText('unreviewed')
  let view = await api(page, 'episodes.open', { id })
  expect(view.chapters[0]?.status).toBe('unreviewed')

  // A, the first decision: the name is asked while the card stays on the chapter being accepted.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('a')
  const who = page.getByRole('dialog', { name: 'Who is reviewing' })
  await expect(who).toBeVisible()
  await expect(title(page)).toHaveText('Part 1')
  await who.getByLabel('Reviewer name').fill('Card Reviewer')
  await who.getByLabel('Reviewer name').press('Enter')
  await expect(title(page)).toHaveText('Part 2')
  view = await api(page, 'episodes.open', { id })
  expect(view.chapters[0]?.status).toBe('accepted')
  expect(view.chapters[0]?.scoreReview).toMatchObject({ dimension3: 'edited', dimension1: 'accepted' })

  // The report says which score the reviewer edited.
  const report = await api(page, 'review.report', { id })
  expect(report.chapters).toMatchObject([
    {
      chapterId: 'c1',
      status: 'accepted',
      dimensions: [{ key: 'dimension3', review: 'edited', reviewer: 9 }],
    },
  ])
})

test('with 10 dimensions A refuses until the card has been scrolled to its end', async ({ page, served }) => {
  const id = await openScored(page, served, 10)
  await api(page, 'reviewer.set', { name: 'Card Reviewer' })
  await page.keyboard.press('n')
  await expect(title(page)).toHaveText('Part 1')
  const box = card(page)
  await page.keyboard.press('a')
  await expect(page.getByText(/^Scroll the card to its end first/)).toBeVisible()
  await expect(title(page)).toHaveText('Part 1')
  expect((await api(page, 'episodes.open', { id })).chapters[0]?.status).toBe('unreviewed')

  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await page.keyboard.press('a')
  await expect(title(page)).toHaveText('Part 2')
  expect((await api(page, 'episodes.open', { id })).chapters[0]?.status).toBe('accepted')
})

test('by keys alone a reviewer’s reasoning replaces the machine’s, or is added to at its end, and Ctrl+Enter gives the focus back to the score (issue 42)', async ({
  page,
  served,
}) => {
  const id = await openScored(page, served, 3)
  await page.keyboard.press('n')
  await expect(title(page)).toHaveText('Part 1')
  const row = card(page).locator('table.machine-vs-own tbody tr').first()
  const score = row.getByLabel(/reviewer’s score/)
  const reasoning = row.getByLabel(/reviewer’s reasoning/)
  await score.focus()
  await page.keyboard.press('7')
  await expect(score).toHaveText('7')
  await page.keyboard.press('Enter')
  await expect(reasoning).toBeFocused()
  await page.keyboard.type('Typed by keyboard only.')
  await page.keyboard.press('Control+Enter')
  // Saved as typed, the machine's text gone; the keyboard back on the score, not the page.
  const saved = async (): Promise<string | undefined> =>
    (await api(page, 'episodes.open', { id })).chapters[0]?.scores.dimension1?.reasoning
  await expect.poll(saved).toBe('Typed by keyboard only.')
  await expect(score).toBeFocused()
  // The reviewer's own text, opened again: typing goes at its end.
  await page.keyboard.press('Enter')
  await page.keyboard.type(' And more.')
  await page.keyboard.press('Escape')
  await expect(score).toBeFocused()
  await expect.poll(saved).toBe('Typed by keyboard only. And more.')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
})
