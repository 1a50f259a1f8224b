import path from 'node:path'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost } from '../../src/host/startHost'
import { machineEpisode, withOwnMedia } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { RENDERER_DIR, expect, test } from './hostFixture'

test('the library opens, and names the episode the start could not prepare in a notice that stays', async ({
  page,
}) => {
  const databaseFile = path.join(tempFolder('episcore-e2e-'), 'episcore.sqlite')
  const db = openDatabase(databaseFile)
  // Two episodes, each its own media.
  loadEpisodeDocument(db, withOwnMedia(machineEpisode('sound')))
  const broken = withOwnMedia(machineEpisode('broken'))
  loadEpisodeDocument(db, { ...broken, episode: { ...broken.episode, title: 'Broken' } })
  // What no edit writes (a tool's hand, a disk's damage): the episode edited last cannot be read.
  db.prepare(`UPDATE participants SET extensions = '{' WHERE episode_id = 'broken'`).run()
  db.prepare(`UPDATE episodes SET updated_at = '2999-01-01T00:00:00.000Z' WHERE id = 'broken'`).run()
  db.close()

  const host = await startHost({ databaseFile, rendererDir: RENDERER_DIR })
  try {
    await page.goto(host.url)
    await expect(page.getByRole('table', { name: 'Episodes' }).locator('tbody tr')).toHaveCount(2)
    const notice = page.getByRole('status')
    await expect(notice.locator('p.notice')).toHaveText(
      /^At the start, the episode “Broken” \(broken\) could not be prepared: .+\. The other episodes are not affected\.$/,
    )
    // It stays (a notice to read again fades otherwise) until it is dismissed.
    await expect(notice.locator('.stays')).toHaveCount(1)
    await page.getByRole('button', { name: 'Dismiss notice' }).click()
    await expect(notice).toHaveText('')
  } finally {
    await host.close()
  }
})
