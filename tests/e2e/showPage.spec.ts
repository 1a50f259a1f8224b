import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import {
  SHOW,
  expectedAverages,
  expectedCount,
  expectedSeconds,
  otherShowEpisode,
  showEpisodes,
} from '../showEpisodes'
import { MOST_POINTS } from '../../src/renderer/src/show/trendLayout'
import { withDerivedFields, withOwnMedia } from '../machineEpisode'
import { seriousViolations } from './axeCheck'
import { expect, test, type HostHandle } from './hostFixture'

/** The show's three episodes and one of another show in the library, as loads from the CLI leave them. */
async function openShowPage(page: Page, served: HostHandle): Promise<void> {
  const db = openDatabase(served.databaseFile)
  for (const doc of [...showEpisodes(), otherShowEpisode()]) loadEpisodeDocument(db, doc)
  db.close()
  await page.goto(`${served.host.url}#/show/${SHOW}`)
  await expect(page.getByRole('heading', { level: 1, name: SHOW })).toBeVisible()
}

const oldestFirst = (): EpisodeDocument[] =>
  showEpisodes().sort((a, b) => (a.episode.publishedOn ?? '').localeCompare(b.episode.publishedOn ?? ''))

/** What a point is called: the episode, its date, the dimension and the average it has there. */
const pointName = (doc: EpisodeDocument, key: string): string => {
  const label = doc.rubric.dimensions.find((d) => d.key === key)?.label ?? key
  return `${doc.episode.title}, ${doc.episode.publishedOn}: ${label} ${expectedAverages(doc)[key]?.toFixed(1)}`
}

/** The reasoning behind an episode's average: the longest chapter's. */
const reasoningOf = (doc: EpisodeDocument, key: string): string => {
  const longest = [...doc.chapters].sort((a, b) => b.end - b.start - (a.end - a.start))[0]
  return longest?.scores[key]?.reasoning ?? ''
}

test('a show’s page: each dimension’s averages in date order with their reasoning, who speaks, how scores spread', async ({
  page,
  served,
}) => {
  await openShowPage(page, served)
  const docs = oldestFirst()
  const dimensions = docs[0]?.rubric.dimensions ?? []
  const legend = page.getByRole('list', { name: 'Dimensions' })
  for (const d of dimensions) await expect(legend).toContainText(d.label)

  // Every dimension's points stand left to right in date order, each named with its average.
  for (const { key } of dimensions) {
    const points = page.locator(`.trend-chart .series[data-dimension="${key}"] circle`)
    await expect(points).toHaveCount(docs.length)
    const placed = await points.evaluateAll((circles) =>
      circles.map((c) => ({ x: Number(c.getAttribute('cx')), name: c.getAttribute('aria-label') })),
    )
    expect(placed.sort((a, b) => a.x - b.x).map((p) => p.name)).toEqual(docs.map((d) => pointName(d, key)))
  }

  // Hovering a point, or focusing it, shows the reasoning behind it.
  const [first, second] = dimensions
  const middle = docs[1] as EpisodeDocument
  await page.getByRole('button', { name: pointName(middle, first?.key ?? '') }).hover()
  const tooltip = page.getByRole('tooltip')
  await expect(tooltip).toContainText(middle.episode.title)
  await expect(tooltip).toContainText(reasoningOf(middle, first?.key ?? ''))
  const oldest = docs[0] as EpisodeDocument
  // The pointer leaves the chart first: a point under a resting pointer is hovered again whenever the
  // layout moves (Chromium's own mouse move), and would take the tooltip back from the focused one.
  await page.mouse.move(0, 0)
  await page.getByRole('button', { name: pointName(oldest, second?.key ?? '') }).focus()
  await expect(tooltip).toContainText(reasoningOf(oldest, second?.key ?? ''))
  await expect(tooltip).toContainText(oldest.episode.publishedOn ?? '')

  // One speaking balance row per episode of the show, with the hosts' and guests' shares.
  const rows = page.locator('ol.balance-rows button')
  await expect(rows).toHaveCount(docs.length)
  for (const doc of docs) {
    const seconds = expectedSeconds(doc)
    const spoken = seconds.host + seconds.guest + seconds.other
    const row = page.locator(`ol.balance-rows button[data-episode="${doc.episode.id}"]`)
    await expect(row).toContainText(`hosts ${Math.round((seconds.host / spoken) * 100)}%`)
    await expect(row).toContainText(`guests ${Math.round((seconds.guest / spoken) * 100)}%`)
  }

  // Each value's bar counts the show's chapter scores of that value, and none of the other show's.
  for (const { key } of dimensions)
    for (let value = 0; value <= 10; value++)
      await expect(
        page.locator(`.distribution[data-dimension="${key}"] li[data-value="${value}"] .count`),
      ).toHaveText(`${expectedCount(docs, key, value)} scored ${value}`)

  // Both themes read clearly, the table of averages open too.
  await page.getByText('Averages as a table').click()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }

  // A click on a point opens its episode; from the keyboard, Enter does.
  const newest = docs[2] as EpisodeDocument
  await page.getByRole('button', { name: pointName(newest, first?.key ?? '') }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue(newest.episode.title)
  await page.goBack()
  // The pointer still rests where the newest point was clicked: moved off the chart, as above.
  await page.mouse.move(0, 0)
  const point = page.getByRole('button', { name: pointName(middle, second?.key ?? '') })
  await point.focus()
  await expect(page.getByRole('tooltip')).toContainText(reasoningOf(middle, second?.key ?? ''))
  await point.press('Enter')
  await expect(page.getByLabel('Episode title')).toHaveValue(middle.episode.title)
})

test('a show with no episode in the library says so and leads back', async ({ page, served }) => {
  await page.goto(`${served.host.url}#/show/${encodeURIComponent('No such show')}`)
  await expect(page.getByRole('alert')).toHaveText('No episode of the show "No such show" is in the library')
  await page.getByRole('button', { name: 'Back to library' }).click()
  await expect(page.getByRole('heading', { name: 'Episcore' })).toBeVisible()
})

test('a show of one episode, scored on one dimension only, draws a point alone and says what is not scored', async ({
  page,
  served,
}) => {
  const [doc] = showEpisodes()
  if (!doc) throw new Error('no episode')
  const [kept, ...unscored] = doc.rubric.dimensions
  for (const c of doc.chapters)
    for (const d of unscored) {
      const score = c.scores[d.key]
      if (score) score.value = null
    }
  const db = openDatabase(served.databaseFile)
  loadEpisodeDocument(db, withDerivedFields(doc))
  db.close()
  await page.goto(`${served.host.url}#/show/${SHOW}`)
  await expect(page.getByRole('button', { name: pointName(doc, kept?.key ?? '') })).toBeVisible()
  await expect(page.locator('.trend-chart polyline')).toHaveCount(0)
  const legend = page.getByRole('list', { name: 'Dimensions' })
  for (const d of unscored)
    await expect(legend.getByRole('listitem').filter({ hasText: d.label })).toContainText('not scored')
})

test('a show of more episodes than its chart has points draws runs of them, says so, and lists the newest speakers first', async ({
  page,
  served,
}) => {
  const count = MOST_POINTS + 5
  const [template] = showEpisodes()
  if (!template) throw new Error('the show has episodes')
  const db = openDatabase(served.databaseFile)
  for (let n = 1; n <= count; n++) {
    const doc = structuredClone(template)
    doc.episode.id = `run-${n}`
    doc.episode.title = `Episode ${n}`
    doc.episode.publishedOn = new Date(Date.UTC(2020, 0, n)).toISOString().slice(0, 10)
    loadEpisodeDocument(db, withOwnMedia(doc))
  }
  db.close()
  await page.goto(`${served.host.url}#/show/${SHOW}`)
  await expect(page.getByRole('heading', { level: 1, name: SHOW })).toBeVisible()
  const [dimension] = template.rubric.dimensions
  // Two episodes a point: 153 points, each named for its run and its mean.
  const points = page.locator(`.trend-chart .series[data-dimension="${dimension?.key}"] circle`)
  await expect(points).toHaveCount(Math.ceil(count / 2))
  await expect(points.first()).toHaveAttribute(
    'aria-label',
    new RegExp(`^2 episodes, 2020-01-01 to 2020-01-02: ${dimension?.label} \\d+\\.\\d on average$`),
  )
  await points.first().focus()
  await expect(page.getByRole('tooltip')).toContainText('2 episodes')
  // Who speaks: the newest 100, then every episode on asking.
  const rows = page.locator('ol.balance-rows button')
  await expect(rows).toHaveCount(100)
  await expect(rows.last()).toHaveAttribute('data-episode', `run-${count}`)
  await expect(page.getByText(`The newest 100 of ${count} episodes.`)).toBeVisible()
  await page.getByRole('button', { name: `Show all ${count}` }).click()
  await expect(rows).toHaveCount(count)
  expect(await seriousViolations(page)).toEqual([])
})
