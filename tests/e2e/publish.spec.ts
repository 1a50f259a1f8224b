import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { tempFolder } from '../tempFolder'
import { api, episodeId, newSonnetEpisode } from './analysisPage'
import { expect, test } from './hostFixture'

/** Text that runs a script or ends the style sheet wherever it is put in a page unescaped. */
const HOSTILE = `<script>window.__pwned=1</script> & "double" 'single' </style><script>window.__pwned=2</script>`

/** Two chapters of the sonnet, 0:00-0:20 and 0:20 to the end, made through the contract. */
async function twoChapters(page: Page): Promise<string[]> {
  const { view } = await api(page, 'chapters.split', { id: episodeId(page), at: 20 })
  return view.chapters.map((c) => c.id)
}

test('the HTML export is one page that runs nothing, loads nothing and shows hostile text as text', async ({
  page,
  context,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  const [first, second] = await twoChapters(page)
  if (!first || !second) throw new Error('two chapters were expected')
  await api(page, 'episodes.update', {
    id,
    patch: { title: HOSTILE, summary: HOSTILE, sourceUrl: 'https://www.youtube.com/watch?v=sonnet1' },
  })
  await api(page, 'chapters.update', { id, chapterId: first, patch: { title: HOSTILE, why: HOSTILE } })
  await api(page, 'scores.set', {
    id,
    chapterId: first,
    dimension: 'guestTeaching',
    value: 7,
    reasoning: HOSTILE,
  })
  await api(page, 'statements.create', { id, start: 5, end: 9, title: HOSTILE, quote: HOSTILE })
  await api(page, 'highlights.set', { id, dimension: 'guestDisagreement', time: 12, title: HOSTILE })

  const download = page.waitForEvent('download')
  await page.getByText('Export ▾').click()
  await page.getByRole('menuitem', { name: 'Web page (HTML, self-contained)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.html$/)
  // Saved under its own name: Chromium reads a file without the .html extension as plain text.
  const saved = path.join(tempFolder(), file.suggestedFilename())
  await file.saveAs(saved)
  const url = pathToFileURL(saved).href
  await expect(page.getByText(/^Exported .*\.html$/)).toBeVisible()

  const published = await context.newPage()
  const requests: string[] = []
  published.on('request', (r) => requests.push(r.url()))
  await published.goto(url)
  expect(await published.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
  await expect(published.locator('script')).toHaveCount(0)
  await expect(published).toHaveTitle(HOSTILE)
  await expect(published.getByRole('heading', { level: 1 })).toHaveText(HOSTILE)
  await expect(published.locator('.summary')).toHaveText(HOSTILE)
  await expect(published.locator('tbody tr').first().locator('b')).toHaveText(HOSTILE)
  await expect(published.locator('tbody tr').first().locator('td').last()).toHaveText(HOSTILE)
  await expect(published.locator('tbody td.score[title]').nth(1)).toHaveAttribute('title', HOSTILE)
  // The statement's title (the rubric's dimensions are headings of that level too).
  await expect(
    published
      .getByRole('region', { name: 'Statements from this episode' })
      .getByRole('heading', { level: 3 }),
  ).toHaveText(HOSTILE)
  await expect(published.locator('blockquote')).toHaveText(`“${HOSTILE}”`)
  await expect(published.locator('.highlights b')).toHaveText(HOSTILE)
  // The reasoning is the score point's tooltip; the style sheet survived the `</style>` in the text.
  expect(await published.locator('svg.scores circle title').first().textContent()).toContain(HOSTILE)
  await expect(published.locator('body')).toHaveCSS('max-width', /px$/)
  await expect(published.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=sonnet1',
  )
  expect(requests).toEqual([url])
})

test('Publish lists what is unfinished, then publishes once it is done and can be undone', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  const chapters = await twoChapters(page)
  const publish = page.getByRole('button', { name: 'Publish…' })

  await publish.click()
  const dialog = page.getByRole('dialog', { name: 'Cannot publish yet' })
  await expect(dialog).toBeVisible()
  const perChapter = 1 + 2 * SEED_DIMENSIONS.length
  await expect(dialog).toContainText(`Not ready to publish (${2 * perChapter} problems):`)
  // The Problems panel's sentences, chapters numbered from 1 (the CLI keeps the JSON paths).
  const problems = dialog.getByRole('list', { name: 'Problems' }).getByRole('listitem')
  await expect(problems).toHaveCount(2 * perChapter)
  const texts = await problems.allTextContents()
  expect(texts.filter((t) => /^Chapter 1 \(0:00–0:\d\d\) has no “why”$/.test(t))).toHaveLength(1)
  expect(texts).toContain('The “The hosts as informed peer” score of chapter 1 (0:00–0:20) is not given')
  expect(texts).toContain('The “The hosts pushing back” score of chapter 2 (0:20–0:53) has no reasoning')
  expect(texts.some((t) => t.includes('/chapters/'))).toBe(false)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).not.toHaveAttribute(
    'title',
    /Publish/,
  )

  for (const chapterId of chapters) {
    await api(page, 'chapters.update', { id, chapterId, patch: { why: 'The sonnet, read.' } })
    for (const d of SEED_DIMENSIONS)
      await api(page, 'scores.set', { id, chapterId, dimension: d.key, value: 2, reasoning: 'A reading.' })
  }

  const download = page.waitForEvent('download')
  await publish.click()
  const file = await (await download).path()
  const doc = JSON.parse(fs.readFileSync(file ?? '', 'utf8')) as EpisodeDocument
  expect(doc.review.status).toBe('final')
  await expect(page.getByText(/^Published .*\.episode\.json$/)).toBeVisible()
  await expect(dialog).toBeHidden()
  const undo = page.getByRole('button', { name: 'Undo', exact: true })
  await expect(undo).toHaveAttribute('title', /^Undo Publish/)

  await undo.click()
  const list = await api(page, 'episodes.list', {})
  expect(list.find((e) => e.id === id)?.reviewStatus).toBe('draft')
})

test('Export > Web page folder asks what the page plays, exports beside the library, and remembers the choice', async ({
  page,
  context,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url)
  const id = episodeId(page)
  const [first, second] = await twoChapters(page)
  for (const [chapterId, title] of [
    [first, 'The first quatrain'],
    [second, 'The rest'],
  ] as const)
    if (chapterId) await api(page, 'chapters.update', { id, chapterId, patch: { title } })
  await api(page, 'highlights.set', { id, dimension: 'guestDisagreement', time: 12, title: 'Beauty’s rose' })
  await api(page, 'statements.create', {
    id,
    start: 5,
    end: 9,
    title: 'The first line',
    quote: 'From fairest creatures',
  })

  await page.getByText('Export ▾').click()
  await page.getByRole('menuitem', { name: 'Web page folder with player (for publishing)…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export the web page' })
  await expect(dialog).toBeVisible()
  // The sonnet is audio: the page cannot play a video of it.
  await expect(dialog.getByRole('radio', { name: 'The video' })).toBeDisabled()
  await expect(dialog.getByRole('radio', { name: 'The audio' })).toBeChecked()
  await expect(dialog).toContainText('A browser cannot choose a folder')
  await dialog.getByRole('textbox', { name: /Public media URL/ }).fill('not an address')
  await dialog.getByRole('button', { name: 'Export' }).click()
  await expect(dialog.getByRole('alert')).toContainText('the media URL must be an absolute http(s) address')
  await dialog.getByRole('textbox', { name: /Public media URL/ }).fill('')
  await dialog.getByRole('button', { name: 'Export' }).click()
  await expect(dialog).toBeHidden()
  const notice = page.getByText(/^Exported the web page to .*: \d+ files/)
  await expect(notice).toBeVisible()
  // No transcript: no captions, said in the notice.
  await expect(notice).toContainText('the episode has no transcript')
  const folder =
    /^Exported the web page to (.*): \d+ files/.exec((await notice.textContent()) ?? '')?.[1] ?? ''
  expect(fs.readdirSync(folder)).toContain('index.html')
  expect(fs.readdirSync(folder)).toContain('media.mp3')

  const published = await context.newPage()
  await published.goto(pathToFileURL(path.join(folder, 'index.html')).href)
  await expect(
    published.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button'),
  ).toHaveCount(1)
  await published.close()

  // The feed tags ask where the folder is served, then save the tags.
  await page.getByText('Export ▾').click()
  await page.getByRole('menuitem', { name: 'Feed tags for the episode’s <item>…' }).click()
  const tags = page.getByRole('dialog', { name: 'Export the feed tags' })
  await tags.getByRole('textbox', { name: /base URL/ }).fill('https://cdn.example.com/sonnet/')
  const download = page.waitForEvent('download')
  await tags.getByRole('button', { name: 'Export' }).click()
  const text = fs.readFileSync((await (await download).path()) ?? '', 'utf8')
  expect(text.split('\n')[0]).toBe(
    '<podcast:chapters url="https://cdn.example.com/sonnet/chapters.json" type="application/json+chapters" />',
  )
  expect(text).toMatch(
    /<podcast:soundbite startTime="7" duration="30">Sharpest disagreement: Beauty’s rose<\/podcast:soundbite>/,
  )
  const kept = await api(page, 'episodes.publishingChoices', { id })
  expect(kept).toMatchObject({
    mediaAs: 'audio',
    mediaUrl: null,
    baseUrl: 'https://cdn.example.com/sonnet/',
    mediaKind: 'audio',
  })
})
