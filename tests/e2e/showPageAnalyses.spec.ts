import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { SHOW, showEpisodes } from '../showEpisodes'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'

test('a show’s page counts each episode once, says through which analysis, and keeps the show’s choice', async ({
  page,
  served,
}) => {
  const docs = showEpisodes()
  const [third] = docs
  if (!third) throw new Error('no episode')
  const db = openDatabase(served.databaseFile)
  for (const doc of docs) loadEpisodeDocument(db, doc)
  // The third episode again: a keep-both copy, and Ada's final pass made of her own items.
  loadEpisodeDocument(db, third, { keepBoth: true })
  const ada = structuredClone(third)
  ada.episode.id = 'ada-pass'
  ada.review = { status: 'final', reviewer: 'Ada', updatedAt: '2026-03-01T10:00:00.000Z' }
  for (const c of ada.chapters) Object.assign(c, { origin: 'human', status: 'edited' })
  for (const s of ada.statements) Object.assign(s, { origin: 'human', status: 'edited' })
  for (const h of ada.highlights) Object.assign(h, { origin: 'human', status: 'edited' })
  loadEpisodeDocument(db, ada)
  db.close()

  await page.goto(`${served.host.url}#/show/${SHOW}`)
  await expect(page.getByRole('heading', { level: 1, name: SHOW })).toBeVisible()
  // Five analyses, three episodes: each drawn once.
  await expect(page.locator('header .meta')).toHaveText('3 episodes')
  const key = third.rubric.dimensions[0]?.key ?? ''
  await expect(page.locator(`.trend-chart .series[data-dimension="${key}"] circle`)).toHaveCount(3)

  await page.getByText('Averages as a table').click()
  const row = page.getByRole('row', { name: new RegExp(third.episode.title) })
  await expect(row).toContainText('Ada · original · 2026-03-01 (the final reviewed analysis, of 3 analyses)')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }

  const choice = page.getByLabel('Count each episode through')
  await choice.selectOption({ label: 'the machine’s analysis' })
  const day = third.review.updatedAt.slice(0, 10)
  await expect(row).toContainText(`machine · original · ${day} (the machine's analysis, as this show chose`)
  // Kept in the library: the page read again says the same.
  await page.reload()
  await expect(page.getByLabel('Count each episode through')).toHaveValue('machine')
  await page.getByText('Averages as a table').click()
  await expect(page.getByRole('row', { name: new RegExp(third.episode.title) })).toContainText(
    `machine · original · ${day}`,
  )
})
