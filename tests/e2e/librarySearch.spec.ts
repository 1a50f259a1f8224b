import { seriousViolations } from './axeCheck'
import { machineEpisode } from '../machineEpisode'
import { playhead } from './analysisPage'
import type { Page } from '@playwright/test'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { expect, test } from './hostFixture'

/** The library opens `doc` as a file named `name`, as Open episode JSON… does: its episode comes up. */
async function openEpisodeJson(page: Page, url: string, name: string, doc: EpisodeDocument): Promise<void> {
  await page.goto(url)
  await page.getByLabel('Open episode JSON').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  })
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
}

test('a search in the library finds an episode’s words, and a hit opens the episode at its time', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  await openEpisodeJson(page, served.host.url, 'agentic-rl.episode.json', doc)
  await page.goto(served.host.url)

  const box = page.getByLabel('Search the library')
  await box.fill('AND')
  await expect(page.getByRole('alert')).toContainText('AND joins two words')
  await box.fill('bottleneck')
  const hits = page.getByRole('listbox', { name: 'Search results' }).getByRole('option')
  await expect(hits).toHaveCount(1)
  await expect(hits.first()).toContainText('Highlight · 6:55')
  await expect(hits.first().locator('mark')).toHaveText('bottleneck')
  await hits.first().click()
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
  await expect(page).toHaveURL(/#\/episode\/agentic-rl-2025-05-09\?t=415&item=highlight:h1$/)
  await expect(playhead(page)).toHaveText('6:55.0')
  // The highlight is selected, in its panel.
  await expect(page.getByRole('tab', { name: /^Highlights/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('.editor-panel tr.selected')).toContainText('Rewards are not the bottleneck')

  // From the keyboard: ↓ to the second hit, Enter opens it.
  await page.goto(served.host.url)
  await page.getByLabel('Search the library').fill('rewards')
  await expect(page.getByRole('option').nth(1)).toBeVisible()
  const second = await page.getByRole('option').nth(1).textContent()
  await page.getByLabel('Search the library').press('ArrowDown')
  await expect(page.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true')
  await page.getByLabel('Search the library').press('Enter')
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
  const at = second?.match(/(\d+):(\d\d)/)
  expect(at).not.toBeNull()
  await expect(page).toHaveURL(
    new RegExp(`\\?t=${Number(at?.[1]) * 60 + Number(at?.[2])}(\\.\\d+)?(&item=.+)?$`),
  )
})

test('a search finds an episode by its title, and a misspelt word is offered the library’s closest words', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  doc.episode.title = 'Episode 4: orthogonal rewards'
  await openEpisodeJson(page, served.host.url, 'episode-4.episode.json', doc)
  await page.goto(served.host.url)

  const box = page.getByLabel('Search the library')
  const hits = page.getByRole('listbox', { name: 'Search results' }).getByRole('option')
  await box.fill('Episode 4')
  await expect(hits).toHaveCount(1)
  await expect(hits.first()).toContainText('Title and summary · 0:00')

  await box.fill('orthoganal')
  const none = page.locator('.search-none')
  await expect(none).toContainText(
    'Nothing found for “orthoganal”. Closest to “orthoganal” in the library: orthogonal.',
  )
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    expect(await seriousViolations(page)).toEqual([])
  }
  await none.getByRole('button', { name: 'orthogonal' }).click()
  await expect(box).toHaveValue('orthogonal')
  await expect(hits).toHaveCount(1)
  await expect(hits.first().locator('mark')).toHaveText('orthogonal')
})

test('a word matching more than a thousand items gives the newest hits first and says so, in both themes', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  const speakerId = doc.transcript?.segments[0]?.speakerId ?? 'swyx'
  doc.transcript = {
    ...doc.transcript,
    segments: Array.from({ length: 1200 }, (_, i) => ({
      id: `seg${i}`,
      start: i / 4,
      end: i / 4 + 0.2,
      speakerId,
      text: `A reward, said for the ${i}th time`,
      words: [],
    })),
  }
  await openEpisodeJson(page, served.host.url, 'many-rewards.episode.json', doc)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(served.host.url)
    await page.getByLabel('Search the library').fill('reward')
    await expect(page.getByRole('status').filter({ hasText: 'More than 1,000 items match' })).toContainText(
      'the newest episodes’ hits come first',
    )
    const hits = page.getByRole('listbox', { name: 'Search results' }).getByRole('option')
    await expect(hits).toHaveCount(20)
    // The newest items, in their order of time.
    await expect(hits.first()).toContainText('4:55A reward, said for the 1180th time')
    await expect(hits.last()).toContainText('1199th time')
    expect(await seriousViolations(page)).toEqual([])
    // A phrase few items hold is ranked, and the note goes.
    await page.getByLabel('Search the library').fill('"1199th time"')
    await expect(hits).toHaveCount(1)
    await expect(page.getByText('More than 1,000 items match')).toHaveCount(0)
  }
})
