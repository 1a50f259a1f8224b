import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { machineEpisode } from '../machineEpisode'
import { expect, test, type HostHandle } from './hostFixture'

const { id, title } = machineEpisode().episode

/** The library with the machine's analysis in it, as a load from the CLI would leave it. */
async function libraryWithEpisode(page: Page, served: HostHandle): Promise<void> {
  const db = openDatabase(served.databaseFile)
  loadEpisodeDocument(db, machineEpisode())
  db.close()
  await page.goto(served.host.url)
  await expect(episodeRows(page)).toHaveCount(1)
}

const episodeRows = (page: Page) => page.getByRole('table', { name: 'Episodes' }).locator('tbody tr')
/** A row's action, in the menu its Actions button opens, named for its episode. */
async function action(page: Page, name: string, episodeTitle = title) {
  const row = episodeRows(page).filter({ has: page.getByRole('button', { name: episodeTitle, exact: true }) })
  await row.first().getByRole('button', { name: 'Actions', exact: true }).click()
  return page.getByRole('group', { name: `Actions for “${episodeTitle}”` }).getByRole('button', { name })
}

test('an episode moved to the trash comes back with Undo at once', async ({ page, served }) => {
  await libraryWithEpisode(page, served)
  await (await action(page, 'Move to trash')).click()
  await expect(page.getByText('Moved to the trash.')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Episodes' })).toBeHidden()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(episodeRows(page)).toHaveCount(1)
  await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible()
  await expect(page.getByText('Moved to the trash.')).toBeHidden()
})

test('an episode moved to the trash is listed there and restored from it; opened meanwhile, it says where it is', async ({
  page,
  served,
}) => {
  await libraryWithEpisode(page, served)
  await (await action(page, 'Move to trash')).click()
  await expect(page.getByRole('table', { name: 'Episodes' })).toBeHidden()

  // A window still showing it learns it was trashed on its next call, and can bring it back.
  await page.goto(`${served.host.url}#/episode/${id}`)
  await expect(page.getByText(/was moved to the trash/)).toBeVisible()
  await page.goto(served.host.url)

  await page.getByRole('button', { name: 'Trash', exact: true }).click()
  const trashed = page.getByRole('table', { name: 'Trashed episodes' })
  await expect(trashed.locator('tbody tr')).toHaveCount(1)
  await expect(trashed).toContainText(title)
  await trashed.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('The trash is empty.')).toBeVisible()
  await page.getByRole('button', { name: '← Back to the library' }).click()
  await expect(episodeRows(page)).toHaveCount(1)
  await page.getByRole('button', { name: title, exact: true }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue(title)
})

test('an episode is renamed from its row, an empty title refused', async ({ page, served }) => {
  await libraryWithEpisode(page, served)
  await (await action(page, 'Rename…')).click()
  const field = page.getByLabel('New title')
  await expect(field).toBeFocused()
  await field.fill('   ')
  await field.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Title: an episode needs a title.')
  await field.fill('Agentic RL, season two')
  await field.press('Enter')
  await expect(page.getByRole('button', { name: 'Agentic RL, season two', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Agentic RL, season two', exact: true }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('Agentic RL, season two')
})

test('a duplicate is a second analysis under a new id, edited on its own', async ({ page, served }) => {
  await libraryWithEpisode(page, served)
  await (await action(page, 'Duplicate')).click()
  await expect(page.getByText(`Duplicated “${title}” as ${id}-2.`)).toBeVisible()
  // A second analysis of the same episode: one row, opening to both, the copy said to be one.
  await expect(episodeRows(page)).toHaveCount(1)
  await page.getByRole('button', { name: '2 analyses' }).click()
  const analyses = page.getByRole('list', { name: `Analyses of “${title}”` })
  await expect(analyses.getByRole('listitem')).toHaveCount(2)
  await expect(analyses.getByRole('listitem').filter({ hasText: 'copy of machine' })).toContainText(
    `“${title} (copy)”`,
  )
  // The browser cannot open the file manager: the desktop's action is not offered.
  await expect(page.getByRole('button', { name: 'Show media in folder' })).toHaveCount(0)

  await page.goto(`${served.host.url}#/episode/${id}-2`)
  await page.getByLabel('Episode title').fill('The second analysis')
  await page.getByLabel('Episode title').press('Enter')
  await page.goto(served.host.url)
  await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible()
  await page.getByRole('button', { name: '2 analyses' }).click()
  await expect(
    page
      .getByRole('list', { name: `Analyses of “${title}”` })
      .getByRole('listitem')
      .filter({ hasText: 'copy of' }),
  ).toContainText('“The second analysis”')
})

test('an episode opened from the trash says so and is restored from there, opening as it was', async ({
  page,
  served,
}) => {
  await libraryWithEpisode(page, served)
  await (await action(page, 'Move to trash')).click()
  await expect(page.getByRole('table', { name: 'Episodes' })).toBeHidden()
  await page.goto(`${served.host.url}#/episode/${id}`)
  await expect(page.getByText(/was moved to the trash/)).toBeVisible()
  await page.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue(title)
})
