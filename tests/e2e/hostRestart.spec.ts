import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { startHost } from '../../src/host/startHost'
import { speechMp3 } from '../generateMedia'
import { expect, RENDERER_DIR, test } from './hostFixture'

/** An episode in the host's database, and the library showing it. */
async function libraryWithEpisode(page: Page, databaseFile: string, url: string) {
  const db = openDatabase(databaseFile)
  await createEpisode(db, { mediaPath: speechMp3(5), title: 'Before the restart' })
  db.close()
  await page.goto(url)
  await expect(page.getByRole('button', { name: 'Before the restart' })).toBeVisible()
}

test('after the host restarts on its port, the open page says in words that its key is old and what to do', async ({
  page,
  served,
}) => {
  await libraryWithEpisode(page, served.databaseFile, served.host.url)
  const port = served.host.port
  await served.host.close()
  // The same port, a new key: what `npm run serve -- --port N` gives when it is started again.
  served.host = await startHost({ databaseFile: served.databaseFile, rendererDir: RENDERER_DIR, port })

  await page.getByRole('button', { name: 'Before the restart' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('browser host was restarted')
  await expect(alert).toContainText('Open the address the host printed')
  await expect(page.locator('body')).not.toContainText('not valid JSON')
  await expect(page.locator('body')).not.toContainText('Unexpected token')

  // The new address works, and nothing saved was lost.
  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'Before the restart' }).click()
  await expect(page.getByRole('region', { name: 'Waveform' })).toBeVisible()
})

test('when the host is gone, the open page says so in words instead of a network error', async ({
  page,
  served,
}) => {
  await libraryWithEpisode(page, served.databaseFile, served.host.url)
  await served.restart()
  await page.getByRole('button', { name: 'Before the restart' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('browser host is not answering')
  await expect(page.locator('body')).not.toContainText('Failed to fetch')
})
