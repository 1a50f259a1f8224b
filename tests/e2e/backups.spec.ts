import fs from 'node:fs'
import path from 'node:path'
import { backupOnOpen } from '../../src/core/db/backups'
import { openDatabase } from '../../src/core/db/openDatabase'
import { updateEpisode } from '../../src/core/episodes/updateEpisode'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost } from '../../src/host/startHost'
import { machineEpisode, withOwnMedia } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { RENDERER_DIR, expect, test } from './hostFixture'

test('a damaged database is reported untouched, with its backups, and a restore brings the episodes back', async ({
  page,
}) => {
  const databaseFile = path.join(tempFolder('episcore-e2e-'), 'episcore.sqlite')
  const db = openDatabase(databaseFile)
  // Two episodes, each its own media.
  loadEpisodeDocument(db, withOwnMedia(machineEpisode('first')))
  const second = withOwnMedia(machineEpisode('second'))
  loadEpisodeDocument(db, { ...second, episode: { ...second.episode, title: 'Second' } })
  await backupOnOpen(db, databaseFile)
  db.close()
  // A stray write over the file's first page: SQLite no longer recognises it.
  const fd = fs.openSync(databaseFile, 'r+')
  fs.writeSync(fd, Buffer.alloc(1024, 0x20), 0, 1024, 0)
  fs.closeSync(fd)
  const damaged = fs.readFileSync(databaseFile)

  const host = await startHost({ databaseFile, rendererDir: RENDERER_DIR })
  try {
    await page.goto(host.url)
    const damage = page.getByRole('region', { name: 'Damaged database' })
    await expect(damage.getByRole('alert')).toHaveText(
      'The database episcore.sqlite is damaged: file is not a database. Nothing was changed. Restore a backup:',
    )
    await expect(damage).toContainText('kept aside')
    const backups = damage.getByRole('table', { name: 'Backups' })
    await expect(backups.getByRole('row')).toHaveCount(2)
    await expect(backups.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('2')
    expect(fs.readFileSync(databaseFile).equals(damaged)).toBe(true)

    await backups.getByRole('button', { name: /^Restore the backup of / }).click()
    const confirm = damage.getByRole('group', { name: 'Confirm the restore' })
    await expect(confirm).toContainText('cannot be read; it is kept as a backup')
    await confirm.getByRole('button', { name: 'Restore it' }).click()

    await expect(page.getByRole('status')).toContainText(
      /Backup restored\. The database it replaced is kept as episcore-before-restore-\d{8}-\d{6}\.sqlite/,
    )
    await expect(damage).toHaveCount(0)
    const episodes = page.getByRole('table', { name: 'Episodes' })
    await expect(episodes.locator('tbody tr')).toHaveCount(2)
    await episodes.getByRole('button', { name: 'Second' }).click()
    await expect(page.getByLabel('Episode title')).toHaveValue('Second')
  } finally {
    await host.close()
  }
})

test('“Restore from backup…” lists the backup made when the app opened the database', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await expect(page.getByText('No episodes yet')).toBeVisible()
  await page.getByRole('button', { name: 'Restore from backup…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Restore from backup' })
  await expect(dialog).toContainText('The current database is not deleted')
  const rows = dialog.getByRole('table', { name: 'Backups' }).getByRole('row')
  await expect(rows).toHaveCount(2)
  const cells = rows.nth(1).getByRole('cell')
  const taken = await cells.nth(0).locator('time').getAttribute('datetime')
  // Taken as this test's host started, moments ago.
  expect(Date.now() - new Date(taken ?? 0).getTime()).toBeLessThan(5 * 60_000)
  await expect(cells.nth(3)).toHaveText('0')
  const name = fs.readdirSync(path.join(path.dirname(served.databaseFile), 'episcore-backups'))
  expect(name).toEqual([expect.stringMatching(/^episcore-\d{8}-\d{6}\.sqlite$/)])
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
})

test('a restore asks first, naming what it drops; the database it replaced is listed and named until closed; “Back up now” adds a backup', async ({
  page,
  served,
}) => {
  // A library of one episode, backed up (in place of the empty one the host's start backed up), then a
  // day's work: two episodes made, one renamed.
  const db = openDatabase(served.databaseFile)
  // Three episodes, each its own media.
  loadEpisodeDocument(db, withOwnMedia(machineEpisode('kept')))
  fs.rmSync(path.join(path.dirname(served.databaseFile), 'episcore-backups'), { recursive: true })
  await backupOnOpen(db, served.databaseFile)
  loadEpisodeDocument(db, withOwnMedia(machineEpisode('new-one')))
  loadEpisodeDocument(db, withOwnMedia(machineEpisode('new-two')))
  updateEpisode(db, 'kept', { title: 'Renamed today' })
  db.close()

  await page.goto(served.host.url)
  const episodes = page.getByRole('table', { name: 'Episodes' })
  await expect(episodes.locator('tbody tr')).toHaveCount(3)
  await page.getByRole('button', { name: 'Restore from backup…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Restore from backup' })
  const rows = dialog.getByRole('table', { name: 'Backups' }).getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Daily')
  await rows
    .nth(1)
    .getByRole('button', { name: /^Restore the backup of / })
    .click()
  const confirm = dialog.getByRole('group', { name: 'Confirm the restore' })
  await expect(confirm).toContainText(
    /2 episodes created and 1 changed since \d{1,2}:\d{2}( [AP]M)? will be lost from the library\./,
  )
  // Asking changed nothing; keeping the current database changes nothing either.
  await confirm.getByRole('button', { name: 'Keep the current database' }).click()
  await expect(confirm).toHaveCount(0)
  await rows
    .nth(1)
    .getByRole('button', { name: /^Restore the backup of / })
    .click()
  await confirm.getByRole('button', { name: 'Restore it' }).click()

  const notice = page.getByRole('status')
  await expect(notice).toContainText(
    /Backup restored\. The database it replaced is kept as episcore-before-restore-\d{8}-\d{6}\.sqlite in episcore-backups/,
  )
  await expect(episodes.locator('tbody tr')).toHaveCount(1)
  await expect(episodes).toContainText('Open Questions')
  // It does not fade: still there well past a notice's time, until closed.
  await page.clock.install()
  await page.clock.runFor(30_000)
  await expect(notice).toContainText('episcore-before-restore-')

  await page.getByRole('button', { name: 'Restore from backup…' }).click()
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Replaced by a restore')
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('3')
  await dialog.getByRole('button', { name: 'Close' }).click()

  await page.getByRole('button', { name: 'Back up now' }).click()
  await expect(notice).toContainText(
    /Backed up as episcore-manual-\d{8}-\d{6}\.sqlite in the episcore-backups folder/,
  )
  await page.getByRole('button', { name: 'Restore from backup…' }).click()
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Backed up by hand')
})

test('a long restore shows how far it is', async ({ page, served }) => {
  // 60 MB of padding: seconds of checks and copies, on the restore's own thread.
  const db = openDatabase(served.databaseFile)
  loadEpisodeDocument(db, machineEpisode('kept'))
  const pad = db.prepare(`INSERT INTO settings (key, value) VALUES (?, hex(randomblob(1000000)))`)
  for (let n = 0; n < 30; n++) pad.run(`padding-${n}`)
  fs.rmSync(path.join(path.dirname(served.databaseFile), 'episcore-backups'), { recursive: true })
  await backupOnOpen(db, served.databaseFile)
  db.close()

  await page.goto(served.host.url)
  await page.getByRole('button', { name: 'Restore from backup…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Restore from backup' })
  await dialog.getByRole('button', { name: /^Restore the backup of / }).click()
  await dialog
    .getByRole('group', { name: 'Confirm the restore' })
    .getByRole('button', { name: 'Restore it' })
    .click()
  await expect(dialog.getByRole('progressbar', { name: 'Restore progress' })).toBeVisible()
  await expect(dialog).toContainText(/Restoring…\s+\d+%/)
  await expect(page.getByRole('status')).toContainText(/Backup restored\./, { timeout: 60_000 })
})
