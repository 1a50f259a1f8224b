import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import type { EpisodeDocument, Statement } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { speechMp3, videoWithSpeech } from '../generateMedia'
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
/** The same analysis published as audio, with two highlights at one moment. */
let audioSite = ''

/** Loads `analysis` with `media` into a library of its own and exports its web page folder. */
function exportedSite(analysis: EpisodeDocument, media: string): string {
  const folder = tempFolder('episcore-site-')
  const file = path.join(folder, 'machine.json')
  fs.writeFileSync(file, JSON.stringify(analysis))
  const db = path.join(folder, 'library.db')
  const loaded = episcore(['--db', db, 'load', file, '--media', media])
  expect(loaded.stderr).toBe('')
  const out = path.join(folder, 'site')
  const exported = episcore(['--db', db, 'export', analysis.episode.id, '--format', 'site', '--out', out])
  expect(exported.code, exported.stderr).toBe(0)
  return out
}

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
  site = exportedSite(doc, media)

  const audio = speechMp3(600)
  const audioBase = machineEpisode('published-audio')
  audioSite = exportedSite(
    withDerivedFields({
      ...audioBase,
      episode: {
        ...audioBase.episode,
        media: {
          fileName: 'episode.mp3',
          sha256: createHash('sha256').update(fs.readFileSync(audio)).digest('hex'),
          kind: 'audio',
        },
      },
      highlights: [
        ...audioBase.highlights,
        {
          ...audioBase.highlights[0]!,
          id: 'h2',
          dimension: 'guestTeaching',
          title: 'Verifiers are the product',
        },
      ],
    }),
    audio,
  )
})

/** The page opened from disk, every request it makes recorded. */
async function openSite(page: Page, folder = site): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto(pathToFileURL(path.join(folder, 'index.html')).href)
  return requests
}

/** Where an element is drawn, in CSS pixels of the page. */
const boxOf = (
  page: Page,
  selector: string,
): Promise<{ top: number; height: number; width: number; left: number; bottom: number }> =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect()
      return {
        top: r.top + window.scrollY,
        height: r.height,
        width: r.width,
        left: r.left,
        bottom: r.bottom + window.scrollY,
      }
    })

const seekMedia = (page: Page, seconds: number): Promise<void> =>
  page.locator('#media').evaluate((m: HTMLMediaElement, t) => {
    m.currentTime = t
    m.dispatchEvent(new Event('timeupdate'))
  }, seconds)

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

for (const width of [1280, 375])
  test(`with captions on at ${width} px, the caption box keeps its height between cues and nothing moves`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    await openSite(page, audioSite)
    await page.getByRole('button', { name: 'Captions' }).click()
    const caption = page.locator('#caption')
    const places = async (): Promise<number[]> => [
      (await boxOf(page, '#play')).top,
      (await boxOf(page, '#seek')).top,
      (await boxOf(page, '#caption')).height,
      (await boxOf(page, '.player .hint')).top,
    ]
    // In a cue, between two cues, in the next one, and in a long silence: the same places.
    await seekMedia(page, 2)
    await expect(caption).toHaveText('Swyx: Welcome to the show, everybody.')
    const inCue = await places()
    expect(inCue[2]).toBeGreaterThan(0)
    await seekMedia(page, 4.5)
    await expect(caption).toHaveText('')
    await expect(caption).toBeVisible()
    expect(await places()).toEqual(inCue)
    await seekMedia(page, 6)
    await expect(caption).toHaveText('Will Brown: Multi-agent systems mostly do not work today.')
    expect(await places()).toEqual(inCue)
    await seekMedia(page, 100)
    expect(await places()).toEqual(inCue)
    expect(await seriousViolations(page)).toEqual([])
  })

test('on a phone: labels of 12 px, the scores as cards, statements as 24 px targets, tips clear of the controls', async ({
  page,
}) => {
  await openSite(page)
  const labelHeights = (): Promise<number[]> =>
    page.evaluate(() =>
      [...document.querySelectorAll('svg text')]
        .filter((t) => t.getClientRects().length > 0 && getComputedStyle(t).display !== 'none')
        .map((t) => {
          // Each line of a label (the chapter's number, its time) by itself.
          const lines = [...t.querySelectorAll('tspan:not(.unseen)')]
          return Math.min(
            ...[t, ...lines].map(
              (l) => l.getBoundingClientRect().height / (l === t && lines.length > 0 ? 2 : 1),
            ),
          )
        }),
    )
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    const heights = await labelHeights()
    expect(heights.length).toBeGreaterThan(3)
    expect(Math.min(...heights), `axis labels at ${width} px`).toBeGreaterThanOrEqual(12)
  }

  // The scores table fits its column: a card per chapter, each score named by its dimension.
  const column = await boxOf(page, 'main')
  const region = page.locator('.table-scroll')
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  expect((await boxOf(page, 'table.chapters')).width).toBeLessThanOrEqual(column.width)
  const firstScore = page.locator('table.chapters td.score').first()
  expect(await firstScore.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(
    '"The hosts as informed peer"',
  )
  expect((await boxOf(page, 'table.chapters tr:nth-child(2)')).top).toBeGreaterThan(
    (await boxOf(page, 'table.chapters tr:nth-child(1)')).bottom - 1,
  )

  // Every statement is a target at least 24 px tall and wide, under the lane, its title shown.
  const bands = page.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button')
  for (const band of await bands.all()) {
    const box = await band.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(24)
    expect(box?.width).toBeGreaterThanOrEqual(24)
  }
  await expect(bands.first()).toHaveText('Multi-agent systems mostly do not work')
  expect((await boxOf(page, '.bands')).top).toBeGreaterThanOrEqual((await boxOf(page, '.lane')).bottom)
  await bands.first().click()
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(5)

  // A tip shown for the timeline lies under it all: nothing to play or seek with is covered.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    for (const item of [bands.nth(1), page.locator('.marker').first()]) {
      await item.focus()
      const tip = await boxOf(page, '#tip')
      for (const control of ['#play', '#cc', '#seek', '.bands', '.markers'])
        expect(
          tip.top >= (await boxOf(page, control)).bottom || tip.bottom <= (await boxOf(page, control)).top,
          `the tip at ${width} px clear of ${control}`,
        ).toBe(true)
    }
  }
  await page.setViewportSize({ width: 375, height: 800 })
  await page.keyboard.press('Escape')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  expect(await seriousViolations(page)).toEqual([])
})

test('Space pauses from a band, the seek bar moves 5 s, and the chart is one tab stop with arrows inside', async ({
  page,
}) => {
  await openSite(page)
  const paused = (): Promise<boolean> => page.locator('#media').evaluate((m: HTMLMediaElement) => m.paused)
  const bands = page.getByRole('group', { name: 'Statements on the timeline' }).getByRole('button')
  await bands.nth(2).focus()
  await page.keyboard.press('Enter')
  await expect.poll(paused).toBe(false)
  await expect.poll(() => mediaTime(page)).toBeGreaterThan(300.5)
  // Space pauses where it is, and plays on from there: the band does not start again.
  await page.keyboard.press('Space')
  await expect.poll(paused).toBe(true)
  const at = await mediaTime(page)
  expect(at).toBeGreaterThan(300.5)
  await page.keyboard.press('Space')
  await expect.poll(paused).toBe(false)
  expect(await mediaTime(page)).toBeGreaterThanOrEqual(at)
  await page.keyboard.press('Space')
  await expect.poll(paused).toBe(true)

  // The seek bar's arrows move 5 s, as the hint under the player says.
  await seekMedia(page, 100)
  await page.locator('#seek').focus()
  await page.keyboard.press('ArrowRight')
  expect(await mediaTime(page)).toBeCloseTo(105, 3)
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  expect(await mediaTime(page)).toBeCloseTo(95, 3)

  // From the seek bar, Tab reaches the highlights past the chart in one stop: its first point.
  const stops: string[] = []
  for (let i = 0; i < 10 && stops.at(-1) !== 'highlight'; i++) {
    await page.keyboard.press('Tab')
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement
        if (el?.closest('.highlights')) return 'highlight'
        if (el?.closest('svg.scores')) return 'chart'
        return el?.textContent ?? ''
      }),
    )
  }
  expect(stops).toEqual(['How this is scored →', 'chart', 'highlight'])
  // Inside the chart the arrows move: along a dimension's chapters, and down to the next dimension.
  await page.keyboard.press('Shift+Tab')
  const point = page.locator('svg.scores circle:focus')
  await expect(point).toHaveAttribute('data-col', '0')
  await page.keyboard.press('ArrowRight')
  await expect(point).toHaveAttribute('data-col', '1')
  await expect(page.getByRole('tooltip')).toContainText(
    'Verifiable rewards\u2069 · \u2068The hosts as informed peer',
  )
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('tooltip')).toContainText('Verifiable rewards\u2069 · \u2068Guest teaching')
  await page.keyboard.press('Enter')
  await expect.poll(() => mediaTime(page)).toBeGreaterThanOrEqual(200)
})

test('two highlights at one moment: one marker naming both', async ({ page }) => {
  await openSite(page, audioSite)
  const markers = page.getByRole('group', { name: 'Highlights on the timeline' }).getByRole('button')
  await expect(markers).toHaveCount(1)
  await expect(markers.first()).toHaveAccessibleName(
    'Sharpest disagreement at 6:55: Rewards are not the bottleneck; Biggest teaching moment at 6:55: Verifiers are the product',
  )
  await markers.first().hover()
  await expect(page.getByRole('tooltip')).toHaveText(
    '\u2068Sharpest disagreement\u2069 at 6:55: \u2068Rewards are not the bottleneck\u2069\n\u2068Biggest teaching moment\u2069 at 6:55: \u2068Verifiers are the product\u2069',
  )
})
