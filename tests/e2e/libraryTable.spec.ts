import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { readPreferences } from '../../src/core/settings/preferences'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { FIRST_EPISODES } from '../../src/shared/contract'
import { machineEpisode, withOwnMedia } from '../machineEpisode'
import { SHOW, expectedAverages, otherShowEpisode, showEpisodes } from '../showEpisodes'
import { expect, test, type HostHandle } from './hostFixture'

const table = (page: Page) => page.getByRole('table', { name: 'Episodes' })
const rows = (page: Page) => table(page).locator('tbody tr')
/** The titles of the rows drawn, top to bottom. */
const titles = (page: Page) => rows(page).locator('button.episode-title')

function load(served: HostHandle, docs: readonly EpisodeDocument[]): void {
  const db = openDatabase(served.databaseFile)
  for (const doc of docs) loadEpisodeDocument(db, doc)
  db.close()
}

function library(): EpisodeDocument[] {
  const docs = [...showEpisodes(), otherShowEpisode()]
  const [first] = docs
  if (first) Object.assign(first.review, { status: 'inReview', reviewer: 'Ada Lovelace' })
  // Every date its own, so an order by date has one answer.
  const other = docs.at(-1)
  if (other) other.episode.publishedOn = '2025-06-01'
  return docs
}

const [dimension] = SEED_DIMENSIONS

/** The table's state as the library keeps it (a moment after the last change). */
function keptTable(served: HostHandle) {
  const db = openDatabase(served.databaseFile)
  try {
    return readPreferences(db).libraryTable
  } finally {
    db.close()
  }
}

test('the table sorts on a header, filters under a column, and keeps both across a restart', async ({
  page,
  served,
}) => {
  const docs = library()
  load(served, docs)
  await page.goto(served.host.url)
  await expect(rows(page)).toHaveCount(docs.length)
  // One column per dimension, named by its label; statuses in words.
  for (const d of SEED_DIMENSIONS)
    await expect(table(page).getByRole('columnheader', { name: d.label })).toBeVisible()
  await expect(rows(page).filter({ hasText: 'Ada Lovelace' })).toContainText('In review')
  await expect(table(page)).not.toContainText('inReview')

  await table(page).getByRole('button', { name: 'Aired' }).click()
  const byDate = [...docs].sort((a, b) =>
    (a.episode.publishedOn ?? '').localeCompare(b.episode.publishedOn ?? ''),
  )
  await expect(titles(page)).toHaveText(byDate.map((d) => d.episode.title))
  await expect(table(page).getByRole('columnheader', { name: 'Aired' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await table(page).getByRole('button', { name: 'Aired' }).click()
  await expect(titles(page)).toHaveText(byDate.map((d) => d.episode.title).reverse())

  // The average of the dimension at or over the middle one's: the rows the editor asked for, no others.
  const key = dimension?.key ?? ''
  const averages = docs.map((d) => expectedAverages(d)[key] ?? 0).sort((a, b) => a - b)
  const bound = averages[Math.floor(averages.length / 2)] ?? 0
  const kept = byDate.reverse().filter((d) => (expectedAverages(d)[key] ?? -1) >= bound)
  await page.getByLabel(`Filter ${dimension?.label}`).fill(`>=${bound}`)
  await expect(titles(page)).toHaveText(kept.map((d) => d.episode.title))
  await expect(page.getByText(`${kept.length} of ${docs.length} episodes`)).toBeVisible()
  await page.getByLabel(`Filter ${dimension?.label}`).fill('lots')
  await expect(page.getByLabel(`Filter ${dimension?.label}`)).toHaveAttribute('aria-invalid', 'true')
  await expect(rows(page)).toHaveCount(docs.length)
  await page.getByLabel(`Filter ${dimension?.label}`).fill(`>=${bound}`)
  await page.getByLabel('Filter Review', { exact: true }).selectOption('In review')
  await expect(titles(page)).toHaveText(
    kept.filter((d) => d.review.status === 'inReview').map((d) => d.episode.title),
  )
  await page.getByLabel('Filter Review', { exact: true }).selectOption('')

  // A restart (the page and its host's answers anew) finds the table as it was left.
  await expect.poll(() => keptTable(served).filters.length).toBe(1)
  await page.reload()
  await expect(titles(page)).toHaveText(kept.map((d) => d.episode.title))
  await expect(page.getByLabel(`Filter ${dimension?.label}`)).toHaveValue(`>=${bound}`)
  await expect(table(page).getByRole('columnheader', { name: 'Aired' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rows(page)).toHaveCount(docs.length)
})

test('the id and the last edit are columns to show; a show opens its trends', async ({ page, served }) => {
  const docs = library()
  load(served, docs)
  await page.goto(served.host.url)
  await expect(table(page).getByRole('columnheader', { name: 'Id' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Columns…' }).click()
  await page.getByRole('checkbox', { name: 'Id' }).check()
  await page.getByRole('checkbox', { name: 'Last edited' }).check()
  await page.keyboard.press('Escape')
  for (const doc of docs) await expect(rows(page).filter({ hasText: doc.episode.id })).toHaveCount(1)
  await expect(
    rows(page)
      .first()
      .locator('td')
      .nth(await columnIndex(page, 'Last edited')),
  ).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)

  await table(page).getByRole('button', { name: SHOW, exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: SHOW })).toBeVisible()
})

async function columnIndex(page: Page, name: string): Promise<number> {
  const headers = await table(page).getByRole('columnheader').allTextContents()
  return headers.findIndex((h) => h.replace(/[▲▼]/g, '').trim() === name)
}

test('a long title is cut to its column, left-aligned, the whole of it on hover', async ({
  page,
  served,
}) => {
  const long = structuredClone(machineEpisode('long-title'))
  long.episode.title = `A very long title ${'that goes on and on '.repeat(12)}to the end`
  load(served, [long, machineEpisode('short')])
  await page.goto(served.host.url)
  const title = table(page).getByRole('button', { name: long.episode.title })
  await expect(title).toHaveAttribute('title', long.episode.title)
  const cut = await title.evaluate((e) => ({
    cut: e.scrollWidth > e.clientWidth,
    align: getComputedStyle(e).textAlign,
  }))
  expect(cut).toEqual({ cut: true, align: 'left' })
  // Dates and shows are not broken mid-word.
  const aired = rows(page)
    .first()
    .locator('td')
    .nth(await columnIndex(page, 'Aired'))
  expect(await aired.evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true)
})

test('a library of 400 episodes draws only the rows on screen, and reaches the last by scrolling', async ({
  page,
  served,
}) => {
  const docs = Array.from({ length: 400 }, (_, i) => {
    const doc = structuredClone(machineEpisode(`ep-${String(i).padStart(3, '0')}`))
    doc.episode.title = `Episode ${String(i).padStart(3, '0')}`
    // Four hundred episodes, each its own media (the same media would make them analyses of one).
    if (doc.episode.media) doc.episode.media.sha256 = i.toString(16).padStart(64, '0')
    return doc
  })
  load(served, docs)
  await page.goto(served.host.url)
  await expect(page.getByText('400 episodes')).toBeVisible()
  await table(page).getByRole('button', { name: 'Title' }).click()
  await expect(titles(page).first()).toHaveText('Episode 000')
  expect(await rows(page).count()).toBeLessThan(80)
  await page.locator('.episodes-scroller').evaluate((e) => (e.scrollTop = e.scrollHeight))
  await expect(table(page).getByRole('button', { name: 'Episode 399' })).toBeVisible()
})

test('a library of more episodes than its first rows draws those at once, then every episode, sorted as kept', async ({
  page,
  served,
}) => {
  const count = FIRST_EPISODES + 5
  const docs = Array.from({ length: count }, (_, i) => {
    const doc = withOwnMedia(machineEpisode(`many-${i + 1}`))
    doc.episode.title = `Episode ${String(i + 1).padStart(3, '0')}`
    return doc
  })
  load(served, docs)
  await page.goto(served.host.url)
  await expect(page.getByText(`${count} episodes`, { exact: true })).toBeVisible()
  // Sorted by title, the oldest (which the first rows leave out) comes first: every episode is there.
  await table(page).getByRole('button', { name: 'Title' }).click()
  await expect(titles(page).first()).toHaveText('Episode 001')
  await expect.poll(() => keptTable(served).sorting).toEqual([{ id: 'title', desc: false }])
  // Opened again with the sort kept: nothing drawn out of order meanwhile, then every episode sorted.
  await page.reload()
  await expect(titles(page).first()).toHaveText('Episode 001')
  await expect(page.getByText(`${count} episodes`, { exact: true })).toBeVisible()
})
