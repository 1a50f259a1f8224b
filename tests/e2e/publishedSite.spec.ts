import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import type { EpisodeDocument, Statement } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { videoWithSpeech } from '../generateMedia'
import { machineEpisode, withDerivedFields } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { seriousViolations } from './axeCheck'

/** Text that runs a script, ends the inline data or the style sheet wherever it is put unescaped. */
const HOSTILE = `</script><script>window.__pwned=1</script> <!-- & "q" 'q' </style>\u202Eevil`

const statement = (id: string, start: number, end: number, title: string, quote: string): Statement => ({
  id,
  title,
  quote,
  start,
  end,
  speakerId: 'will',
  chapterId: null,
  origin: 'machine',
  status: 'unreviewed',
})

let site = ''
let doc: EpisodeDocument

test.beforeAll(() => {
  const media = videoWithSpeech(600)
  const base = machineEpisode('published-site')
  doc = withDerivedFields({
    ...base,
    episode: {
      ...base.episode,
      media: {
        fileName: path.basename(media),
        sha256: createHash('sha256').update(fs.readFileSync(media)).digest('hex'),
        kind: 'video',
      },
    },
    statements: [
      ...base.statements,
      statement('s2', 130, 160, HOSTILE, HOSTILE),
      statement('s3', 300, 330, '', 'a quote cut off by its span in the middle of a wor'),
    ],
  })
  // A score backed by a moment: the page plays it from the chart and from the table.
  doc.chapters[2]!.scores['guestTeaching']!.evidence = [{ start: 500, end: 510, note: 'the advice itself' }]
  const folder = tempFolder('episcore-site-')
  const file = path.join(folder, 'machine.json')
  fs.writeFileSync(file, JSON.stringify(doc))
  const db = path.join(folder, 'library.db')
  const loaded = episcore(['--db', db, 'load', file, '--media', media])
  expect(loaded.stderr).toBe('')
  site = path.join(folder, 'site')
  const exported = episcore(['--db', db, 'export', 'published-site', '--format', 'site', '--out', site])
  expect(exported.code, exported.stderr).toBe(0)
})

/** The page opened from disk, every request it makes recorded. */
async function openSite(page: Page): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto(pathToFileURL(path.join(site, 'index.html')).href)
  return requests
}

const mediaTime = (page: Page): Promise<number> =>
  page.locator('#media').evaluate((m: HTMLMediaElement) => m.currentTime)

test('the exported folder opens from disk: a gold band per statement, a click plays from its start, no network', async ({
  page,
}) => {
  expect(fs.readdirSync(site).sort()).toEqual([
    'captions.vtt',
    'chapters.json',
    'episode.json',
    'index.html',
    'media.mp4',
    'transcript.json',
  ])
  const requests = await openSite(page)
  const bands = page.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button')
  await expect(bands).toHaveCount(doc.statements.length)
  await expect(bands.nth(0)).toHaveAccessibleName('Multi-agent systems mostly do not work')
  await expect(bands.nth(2)).toHaveAccessibleName('Statement at 5:00')

  // Hovering a band reads its statement: title and quote.
  await bands.nth(0).hover()
  // Each text isolated (U+2068 … U+2069) from the times and marks around it.
  await expect(page.getByRole('tooltip')).toHaveText(
    '\u2068Multi-agent systems mostly do not work\u2069 (0:05–0:12)\n“\u2068Multi-agent systems mostly do not work today.\u2069”',
  )

  await bands.nth(2).click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(300)
  await expect.poll(() => page.locator('#media').evaluate((m: HTMLMediaElement) => m.paused)).toBe(false)
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect(page.locator('#clock')).toContainText(/^5:0\d \/ 10:00$/)

  // Chapter marks and the highlight's marker are on the timeline too.
  await expect(page.locator('.lane .mark')).toHaveCount(doc.chapters.length)
  await page
    .getByRole('button', { name: /^Sharpest disagreement at 6:55: Rewards are not the bottleneck$/ })
    .click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(415)

  // Nothing left the folder: the media is the only file read besides the page.
  expect(requests.every((url) => url.startsWith('file://'))).toBe(true)
  expect(requests.some((url) => url.endsWith('/media.mp4'))).toBe(true)
})

test('captions toggle, and the page plays from its times: chart points, highlights, statements', async ({
  page,
}) => {
  await openSite(page)
  const captions = page.getByRole('button', { name: 'Captions' })
  await expect(captions).toHaveAttribute('aria-pressed', 'false')
  await page.locator('#media').evaluate((m: HTMLMediaElement) => {
    m.currentTime = 6
  })
  await expect(page.locator('#caption')).toBeHidden()
  await captions.click()
  await expect(captions).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('#caption')).toHaveText(
    'Will Brown: Multi-agent systems mostly do not work today.',
  )
  await captions.click()
  await expect(page.locator('#caption')).toBeHidden()

  // A statement's time in the list plays it; a chart point plays its chapter.
  await page.getByRole('button', { name: 'Play 2:10–2:40' }).click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(130)
  const point = page.locator('svg.scores circle[data-t="420"]').first()
  await point.focus()
  await expect(page.getByRole('tooltip')).toContainText('What to build')
  await point.click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(420)

  // The score's evidence: its point plays the moment, and so does its time in the table.
  const backed = page.locator('svg.scores circle[data-t="500"]')
  await expect(backed).toHaveCount(1)
  await backed.focus()
  await expect(page.getByRole('tooltip')).toContainText('Evidence: 8:20–8:30')
  await page.getByRole('button', { name: 'Play 8:20–8:30' }).click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(500)
})

test('the keyboard works: Space plays and pauses, the arrows move 5 s, and along the bands', async ({
  page,
}) => {
  await openSite(page)
  await page.locator('h1').click()
  await page.keyboard.press('Space')
  await expect.poll(() => page.locator('#media').evaluate((m: HTMLMediaElement) => m.paused)).toBe(false)
  await page.keyboard.press('Space')
  await expect.poll(() => page.locator('#media').evaluate((m: HTMLMediaElement) => m.paused)).toBe(true)
  const before = await mediaTime(page)
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(before + 4.9)

  // The bands are one stop in the tab order; the arrows move along them and Enter plays one.
  const bands = page.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button')
  await bands.first().focus()
  await page.keyboard.press('ArrowRight')
  await expect(bands.nth(1)).toBeFocused()
  await expect(bands.nth(1)).toHaveAttribute('tabindex', '0')
  await expect(bands.first()).toHaveAttribute('tabindex', '-1')
  await page.keyboard.press('Enter')
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(130)
})

test('hostile text stays text, and the page is accessible on a desktop and on a phone', async ({ page }) => {
  await openSite(page)
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
  const band = page.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button').nth(1)
  await expect(band).toHaveAccessibleName(HOSTILE)
  await expect(page.getByRole('heading', { level: 3, name: HOSTILE })).toBeVisible()
  // The published quote: cut off on a letter, so followed by "…".
  await expect(page.locator('blockquote').nth(2)).toHaveText(
    '“a quote cut off by its span in the middle of a wor…”',
  )
  // The chart's axis reads as words.
  expect(await page.locator('svg.scores text.axis').first().textContent()).toBe('Chapter 1, 0:00')
  await expect(page.getByRole('link', { name: 'How this is scored →' })).toHaveAttribute(
    'href',
    '#how-scored',
  )
  await expect(page.getByRole('heading', { name: 'How this is scored' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.setViewportSize({ width: 375, height: 740 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expect(page.locator('.lane')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
