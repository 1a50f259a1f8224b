import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { tempFolder } from '../tempFolder'
import { api } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { RENDERER_DIR, expect } from './hostFixture'

export const PASSWORD = 'correct horse battery staple'

/** A library file holding the documents given, opened by a host of its own (one person's machine). */
export async function libraryHost(...docs: object[]): Promise<RunningHost> {
  const databaseFile = path.join(tempFolder('episcore-e2e-desk-work-'), 'episcore.sqlite')
  const db = openDatabase(databaseFile)
  for (const doc of docs) loadEpisodeDocument(db, JSON.stringify(doc))
  db.close()
  return startHost({ databaseFile, rendererDir: RENDERER_DIR })
}

/** Desk…: the catalogue's URL and the password typed, Connect, then the dialog closed. */
export async function connect(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Desk…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Desk' })
  await dialog.getByLabel('Catalogue URL').fill(url)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(dialog.getByRole('status')).toContainText(/^Synced: \d+ sent, \d+ brought from the desk/)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
}

/** axe-core on the page as it stands in the light theme and in the dark one: nothing serious in either. */
export async function axeInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page), colorScheme).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Every machine item of the analysis accepted (what a review does item by item), through the contract. */
export async function acceptEverything(page: Page, id: string): Promise<void> {
  for (const itemId of ['c1', 'c2', 'c3'])
    await api(page, 'review.accept', { id, kind: 'chapter', itemId: `${itemId}` })
  await api(page, 'review.accept', { id, kind: 'highlight', itemId: 'h1' })
  await api(page, 'review.accept', { id, kind: 'statement', itemId: 's1' })
}

/**
 * A reviewer's turn: My queue lists the assignment (overdue), its title opens the analysis from the
 * keyboard, Submit to the desk is refused while items are unreviewed (the problems listed), and taken
 * once `prepare` has made it clean, showing the difference from the reference (every episode here is a
 * calibration one); the queue then says it is submitted.
 */
export async function scoreAndSubmit(
  page: Page,
  title: string,
  prepare: (id: string) => Promise<void>,
): Promise<void> {
  const queue = page.getByRole('table', { name: /^My queue/ })
  const row = queue.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('assigned')
  await expect(row).toContainText('2020-01-01, overdue')
  await expect(row).toContainText('calibration')
  const open = row.getByRole('button', { name: title })
  await open.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/episode\//)
  const id = decodeURIComponent(/#\/episode\/([^?]+)/.exec(page.url())?.[1] ?? '')

  const submitButton = page.getByRole('button', { name: 'Submit to the desk…' })
  await submitButton.click()
  const dialog = page.getByRole('dialog', { name: 'Submit to the desk' })
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(dialog.getByRole('alert')).toContainText('Not submitted: fix these first')
  await axeInBothThemes(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)

  await prepare(id)
  await submitButton.click()
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(dialog.getByRole('status')).toContainText('Submitted to the desk')
  // A calibration episode: the difference from the lead's reference, per dimension.
  const difference = dialog.getByRole('table', { name: 'Your difference from the reference' })
  await expect(difference.getByRole('row')).toHaveCount(5)
  await expect(difference.getByRole('rowheader', { name: 'Guest teaching' })).toBeVisible()
  await axeInBothThemes(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('button', { name: 'Desk: submitted' })).toBeDisabled()
  await page.getByRole('button', { name: 'Back to the library' }).click()
  await expect(row).toContainText('submitted')
  await expect(page.getByRole('heading', { name: /^My queue/ })).toContainText('all submitted')
}
