import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { relinkMedia } from '../../src/core/episodes/relinkMedia'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { longReviewEpisode } from '../longReviewEpisode'
import { api } from './analysisPage'
import { expect, type HostHandle } from './hostFixture'

/** Loads the machine's analysis into the host's database with the hour of video beside it, and opens it. */
export async function openLongReviewOn(page: Page, served: HostHandle, video: string): Promise<string> {
  const sha256 = createHash('sha256').update(fs.readFileSync(video)).digest('hex')
  const doc = longReviewEpisode({ fileName: path.basename(video), sha256 })
  const db = openDatabase(served.databaseFile)
  const { id } = loadEpisodeDocument(db, doc)
  await relinkMedia(db, id, video)
  db.close()
  await page.goto(served.host.url)
  // The reviewer is known, so the first A or X is not stopped by the question who is reviewing.
  await api(page, 'reviewer.set', { name: 'Long Reviewer' })
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
  await expect
    .poll(() => page.locator('video').evaluate((m: HTMLMediaElement) => m.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0)
  return id
}
