import { createHash } from 'node:crypto'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { skipPostgresTests, startPostgres, type TestPostgres } from '../desk/postgresServer'
import { machineEpisode, withOwnMedia } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { seriousViolations } from './axeCheck'
import { RENDERER_DIR, expect, test } from './hostFixture'

const PASSWORD = 'correct horse battery staple'
const SHARED_SHA256 = createHash('sha256').update('desk e2e shared media').digest('hex')

/** The machine's run of one episode taken up by a reviewer: a person's analysis in the desk. */
const reviewersAnalysis = (id: string, reviewer: string, title: string, sha256 = SHARED_SHA256) => {
  const doc = machineEpisode(id)
  const media = doc.episode.media && { ...doc.episode.media, sha256 }
  return { ...doc, episode: { ...doc.episode, title, media }, review: { ...doc.review, reviewer } }
}

/** A library file holding the documents given, opened by a host of its own (one editor's machine). */
async function libraryHost(...docs: object[]): Promise<RunningHost> {
  const databaseFile = path.join(tempFolder('episcore-e2e-desk-'), 'episcore.sqlite')
  const db = openDatabase(databaseFile)
  for (const doc of docs) loadEpisodeDocument(db, JSON.stringify(doc))
  db.close()
  return startHost({ databaseFile, rendererDir: RENDERER_DIR })
}

/** Desk…: the catalogue's URL for `user` and the password typed, Connect, then the dialog closed. */
async function connect(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Desk…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Desk' })
  await dialog.getByLabel('Catalogue URL').fill(url)
  await dialog.getByLabel('Password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(dialog.getByRole('status')).toContainText(/^Synced: \d+ sent, \d+ brought from the desk/)
  await expect(dialog).toContainText('online')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
}

const episodeTitle = (page: Page) => page.getByLabel('Episode title')

test.skip(skipPostgresTests(), 'no PostgreSQL server here (EPISCORE_SKIP_POSTGRES=1)')

test('two libraries share a desk: connect, live arrivals marked with their owner, a copy to edit, Get, offline and back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  let server: TestPostgres | null = null
  const hosts: RunningHost[] = []
  const bobsBrowser = await browser.newContext()
  try {
    server = await startPostgres()
    await initCatalogue(server.adminUrl)
    for (const name of ['alice', 'bob'])
      await addPerson({ adminUrl: server.adminUrl, name, role: 'reviewer', password: PASSWORD })
    const urlOf = (user: string): string => `postgres://${user}@127.0.0.1:${server?.port ?? 0}/desk`
    const alice = await libraryHost(reviewersAnalysis('shared-1', 'Alice', 'The shared episode'))
    hosts.push(alice)
    const own = withOwnMedia(machineEpisode('solo-1'))
    const bob = await libraryHost(
      reviewersAnalysis('shared-1', 'Bob', 'The shared episode'),
      reviewersAnalysis('solo-1', 'Bob', 'Bob’s own episode', own.episode.media?.sha256),
    )
    hosts.push(bob)

    // Alice's dialog: a URL that is not one is refused on its field, in the core's one line.
    await page.goto(alice.url)
    await page.getByRole('button', { name: 'Desk…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Desk' })
    await expect(dialog).toContainText('Not connected')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByLabel('Catalogue URL').fill('mysql://alice@127.0.0.1/desk')
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText(/^The desk URL: must start with postgres:\/\//i)
    await expect(dialog.getByLabel('Catalogue URL')).toHaveAttribute('aria-invalid', 'true')
    await dialog.getByRole('button', { name: 'Close' }).click()

    await connect(page, urlOf('alice'))
    await expect(page.getByRole('button', { name: /^Desk: synced \d\d:\d\d$/ })).toBeVisible()
    await page.getByRole('button', { name: '1 analysis' }).click()

    const bobsPage = await bobsBrowser.newPage()
    await bobsPage.goto(bob.url)
    await connect(bobsPage, urlOf('bob'))

    // Bob's analysis arrives under the episode in Alice's library, with no reload, marked as his.
    const analyses = page.getByRole('list', { name: 'Analyses of “The shared episode”' })
    const bobs = analyses.getByRole('listitem').filter({ hasText: 'Bob’s, from the desk' })
    await expect(bobs).toHaveCount(1)
    // He renames it: the new title shows in Alice's open library.
    await bobsPage.goto(`${bob.url}#/episode/shared-1`)
    await episodeTitle(bobsPage).fill('Bob’s reading')
    await episodeTitle(bobsPage).press('Enter')
    await expect(bobs).toContainText('“Bob’s reading”')

    // Editing his analysis offers a copy of her own, which opens to be changed.
    await bobs.getByRole('button').first().click()
    await expect(episodeTitle(page)).toHaveValue('Bob’s reading')
    await episodeTitle(page).fill('Alice’s reading')
    await episodeTitle(page).press('Enter')
    const offer = page.getByRole('dialog', { name: 'Keep a copy of your own?' })
    await expect(offer).toContainText(
      'This is Bob’s analysis from the desk. Keep a copy of your own to change it?',
    )
    const pulledAt = page.url()
    await offer.getByRole('button', { name: 'Keep a copy' }).click()
    await expect(page).not.toHaveURL(pulledAt)
    await expect(episodeTitle(page)).not.toHaveValue('Alice’s reading')
    await episodeTitle(page).fill('Alice’s reading')
    await episodeTitle(page).press('Enter')
    await expect(offer).toHaveCount(0)
    await page.getByRole('button', { name: 'Back to the library' }).click()

    // The desk's analyses not here, by keyboard: Get brings Bob's other episode into the library.
    const toggle = page.getByRole('button', { name: 'Show the desk’s analyses' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const notHere = page.getByRole('table', { name: 'In the desk, not here' })
    const row = notHere.getByRole('row').filter({ hasText: 'Bob’s own episode' })
    await expect(row).toContainText('in the desk, not here')
    await row.getByRole('button', { name: /^Get/ }).focus()
    await page.keyboard.press('Enter')
    await expect(notHere).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Bob’s own episode', exact: true })).toBeVisible()

    // The catalogue stops: an edit waits, said in the header; once it is back the library syncs by itself.
    await server.stop('immediate')
    await page.goto(`${alice.url}#/episode/shared-1`)
    await episodeTitle(page).fill('Alice, offline')
    await episodeTitle(page).press('Enter')
    await page.getByRole('button', { name: 'Back to the library' }).click()
    await expect(page.getByRole('button', { name: 'Desk: offline: 1 change waiting' })).toBeVisible()
    await server.start()
    // Retries double while offline (up to a minute), so the wait allows a whole pause.
    await expect(page.getByRole('button', { name: /^Desk: synced \d\d:\d\d$/ })).toBeVisible({
      timeout: 90_000,
    })
  } finally {
    await bobsBrowser.close()
    for (const host of hosts) await host.close()
    await server?.destroy()
  }
})
