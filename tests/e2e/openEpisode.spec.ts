import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { expect, test } from './hostFixture'

const asFile = (doc: unknown, name = 'agentic-rl.episode.json') => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(doc, null, 2)),
})

test('a machine-made analysis opens from the library, with its media missing, and opens again as a replacement', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  await page.goto(served.host.url)
  await page.getByLabel('Open episode JSON').setInputFiles(asFile(doc))

  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
  await expect(page.getByRole('tab', { name: /^Chapters & scores 3$/ })).toBeVisible()
  await expect(page.getByText('The media file agentic-rl.mp3 is missing or was moved.')).toBeVisible()
  await expect(page.getByLabel('Relink media')).toBeAttached()

  // The pipeline runs again: the same id comes back, and the editor is asked before anything is lost.
  const corrected: EpisodeDocument = { ...doc, episode: { ...doc.episode, title: 'Agentic RL, corrected' } }
  await page.goto(served.host.url)
  await page.getByLabel('Open episode JSON').setInputFiles(asFile(corrected))
  const prompt = page.getByRole('dialog', { name: 'Episode already in the library' })
  await expect(prompt).toContainText('agentic-rl.episode.json')
  await prompt.getByRole('button', { name: 'Cancel' }).click()
  await expect(prompt).toBeHidden()
  await expect(page.getByRole('button', { name: doc.episode.title })).toBeVisible()

  await page.getByLabel('Open episode JSON').setInputFiles(asFile(corrected))
  await prompt.getByRole('button', { name: 'Replace it' }).click()
  await expect(page.getByLabel('Episode title')).toHaveValue('Agentic RL, corrected')
  await page.goto(served.host.url)
  await expect(page.getByRole('table', { name: 'Episodes' }).locator('tbody tr')).toHaveCount(1)
})

test("an episode's address given while the page is still starting opens that episode, not the library", async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  const db = openDatabase(served.databaseFile)
  const { id } = loadEpisodeDocument(db, doc)
  db.close()
  // The address changes after the first draw read it and before the window listens for changes: a
  // second address given under load (a test's goto, a link) lands there. Pinned here by changing it
  // just as the listener is added, without the event a later change would bring.
  await page.addInitScript((hash) => {
    const add = window.addEventListener.bind(window)
    const addFirstChangingHash = (
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ): void => {
      if (type === 'hashchange' && window.location.hash === '') history.replaceState(null, '', hash)
      add(type, listener, options)
    }
    window.addEventListener = addFirstChangingHash
  }, `#/episode/${id}`)
  await page.goto(served.host.url)
  await expect(page.getByLabel('Episode title')).toHaveValue(doc.episode.title)
})

test('a second analysis of an episode already in the library is kept beside it, from the keyboard', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  const { id, title } = doc.episode
  await page.goto(served.host.url)
  await page.getByLabel('Open episode JSON').setInputFiles(asFile(doc))
  await expect(page.getByLabel('Episode title')).toHaveValue(title)

  // A reviewer's file of the same episode comes back with the same id.
  const second = asFile(doc, 'second-review.episode.json')
  await page.goto(served.host.url)
  await page.getByLabel('Open episode JSON').setInputFiles(second)
  const prompt = page.getByRole('dialog', { name: 'Episode already in the library' })
  await expect(prompt).toContainText('second-review.episode.json')
  // Keep both is where the keyboard starts: it loses nothing. Escape leaves everything as it was.
  await expect(prompt.getByRole('button', { name: 'Keep both' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(prompt).toBeHidden()
  await expect(page.getByRole('table', { name: 'Episodes' }).locator('tbody tr')).toHaveCount(1)

  await page.getByLabel('Open episode JSON').setInputFiles(second)
  await expect(prompt.getByRole('button', { name: 'Keep both' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/episode/${id}-2$`))
  await expect(page.getByLabel('Episode title')).toHaveValue(title)

  // The copy is an analysis of its own: renaming it leaves the first as it was. Both are analyses of
  // one episode: one row, opening to the two.
  const field = page.getByLabel('Episode title')
  await field.fill('Second review')
  await field.press('Enter')
  await page.goto(served.host.url)
  const episodes = page.getByRole('table', { name: 'Episodes' })
  await expect(episodes.locator('tbody tr')).toHaveCount(1)
  await expect(episodes.getByRole('button', { name: title, exact: true })).toBeVisible()
  await episodes.getByRole('button', { name: '2 analyses' }).click()
  await episodes.getByRole('listitem').filter({ hasText: '“Second review”' }).getByRole('button').click()
  await expect(page).toHaveURL(new RegExp(`#/episode/${id}-2$`))
})

test('a broken file is refused with every problem listed, and nothing is added', async ({ page, served }) => {
  const broken = machineEpisode()
  Object.assign(broken.chapters[1] ?? {}, { start: 150 })
  Object.assign(broken.statements[0] ?? {}, { end: 1250.2 })
  await page.goto(served.host.url)
  await page.getByLabel('Open episode JSON').setInputFiles(asFile(broken, 'broken.json'))

  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'broken.json is not a valid episode JSON v1 file' })
  await expect(refusal).toContainText('(2 problems)')
  await expect(refusal.getByRole('list', { name: 'Problems' }).getByRole('listitem')).toHaveText([
    '/chapters/1/start: chapter overlaps the previous one (starts at 150, before 200)',
    "/statements/0/end: 1250.2 is past the media's end (600)",
  ])
  await expect(page.getByText('No episodes yet')).toBeVisible()

  await page.getByLabel('Open episode JSON').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": oops}'),
  })
  await expect(page.getByRole('alert')).toHaveText(
    'notes.json cannot be read as JSON: line 1, column 12: unexpected character "o"',
  )
})
