import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { seriousViolations } from './axeCheck'
import { expect, test, type HostHandle } from './hostFixture'

const table = (page: Page) => page.getByRole('table', { name: 'Episodes' })
const rows = (page: Page) => table(page).locator('tbody tr')

/** A reviewer's own analysis of the machine episode's media: every item made by a person. */
function reviewersAnalysis(id: string, reviewer: string): EpisodeDocument {
  const doc = structuredClone(machineEpisode(id))
  doc.review = { status: 'final', reviewer, updatedAt: '2026-03-01T10:00:00.000Z' }
  for (const c of doc.chapters) Object.assign(c, { origin: 'human', status: 'edited' })
  for (const s of doc.statements) Object.assign(s, { origin: 'human', status: 'edited' })
  for (const h of doc.highlights) Object.assign(h, { origin: 'human', status: 'edited' })
  return doc
}

/** `talk`: the machine's run, a keep-both copy of it and Ada's final analysis; `other`, an episode alone. */
function load(served: HostHandle): { day: string } {
  const db = openDatabase(served.databaseFile)
  loadEpisodeDocument(db, machineEpisode('talk'))
  loadEpisodeDocument(db, machineEpisode('talk'), { keepBoth: true })
  loadEpisodeDocument(db, reviewersAnalysis('ada', 'Ada'))
  const other = structuredClone(machineEpisode('other'))
  other.episode.title = 'Another talk'
  if (other.episode.media) other.episode.media.sha256 = 'cd'.repeat(32)
  loadEpisodeDocument(db, other)
  db.close()
  return { day: machineEpisode().review.updatedAt.slice(0, 10) }
}

test('the library lists episodes, each row opening to its analyses, named and marked, the counted one first', async ({
  page,
  served,
}) => {
  const { day } = load(served)
  const title = machineEpisode().episode.title
  await page.goto(served.host.url)
  // Four analyses, two episodes: one row each.
  await expect(rows(page)).toHaveCount(2)
  await expect(page.getByText('2 episodes', { exact: true })).toBeVisible()

  const opener = rows(page).filter({ hasText: 'Ada' }).getByRole('button', { name: '3 analyses' })
  await expect(opener).toHaveAttribute('aria-expanded', 'false')
  await opener.click()
  await expect(opener).toHaveAttribute('aria-expanded', 'true')
  const analyses = table(page).getByRole('list', { name: `Analyses of “${title}”` })
  await expect(analyses.getByRole('listitem')).toHaveText([
    /^Ada · original · 2026-03-01\s*Final\s*counted$/,
    new RegExp(`^machine · copy of machine, ${day} · ${day}\\s*Draft$`),
    new RegExp(`^machine · original · ${day}\\s*Draft$`),
  ])
  // The episode's row is its counted analysis's: Ada's review status and reviewer.
  await expect(rows(page).filter({ hasText: 'Ada' }).first()).toContainText('Final')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }

  // A click on an analysis opens it.
  await analyses.getByRole('button', { name: `machine · original · ${day}` }).click()
  await expect(page).toHaveURL(/#\/episode\/talk$/)
})

test('the trash lists each analysis with its id, which its title alone does not tell apart', async ({
  page,
  served,
}) => {
  load(served)
  const db = openDatabase(served.databaseFile)
  db.prepare(`UPDATE episodes SET trashed_at = ? WHERE id IN ('talk', 'talk-2')`).run(
    new Date().toISOString(),
  )
  db.close()
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'Trash', exact: true }).click()
  const trashed = page.getByRole('table', { name: 'Trashed episodes' })
  await expect(trashed.getByRole('columnheader', { name: 'Id' })).toBeVisible()
  await expect(trashed.locator('tbody tr td:nth-child(2)')).toHaveText(['talk', 'talk-2'], {
    useInnerText: true,
  })
})
