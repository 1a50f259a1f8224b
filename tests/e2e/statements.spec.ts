import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { parsePreciseClock } from '../../src/shared/preciseTime'
import { SONNET_VTT } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'
import { api, episodeId, exportEpisode, newSonnetEpisode, openTab } from './analysisPage'
import { expect, test } from './hostFixture'
import { sonnetAsWhisperJson, sonnetLines } from './sonnetWords'

// Read only where the fixtures are: without them the file still loads, and its tests skip.
const lines = sonnetLines()
/** Every word and line boundary of the timed sonnet: where dragged edges snap. */
const STARTS = lines.flatMap((l) => [l.start, ...l.words.map((w) => w.start)])
const ENDS = lines.flatMap((l) => [l.end, ...l.words.map((w) => w.end)])
const SNAP_PX = 8

/** The sonnet with word times, its waveform drawn and ready for the pointer. */
async function newEpisode(page: Page, url: string): Promise<void> {
  const transcript = path.join(tempFolder(), 'sonnet.json')
  fs.writeFileSync(transcript, sonnetAsWhisperJson())
  await newSonnetEpisode(page, url, transcript)
  await expect(page.getByRole('region', { name: 'Waveform' })).toHaveAttribute('data-state', 'ready')
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'true')
  await expect(page.getByRole('region', { name: 'Transcript' }).locator('.segment').first()).toBeVisible()
}

interface Wave {
  pxPerSec: number
  /** Page x of a time. */
  x(time: number): number
  /** Time under a page x. */
  time(x: number): number
  /** Page y of the lowest statement lane, of the waves' middle, of the chapter strip. */
  lane: number
  middle: number
  strip: number
}

async function wave(page: Page): Promise<Wave> {
  const box = (await page.locator('canvas.waveform-layer').boundingBox())!
  const overview = page.getByLabel('Overview of the whole episode')
  const start = Number(await overview.getAttribute('data-view-start'))
  const end = Number(await overview.getAttribute('data-view-end'))
  const pxPerSec = box.width / (end - start)
  return {
    pxPerSec,
    x: (t) => box.x + (t - start) * pxPerSec,
    time: (x) => start + (x - box.x) / pxPerSec,
    lane: box.y + box.height - 10,
    middle: box.y + box.height / 2,
    strip: box.y + 8,
  }
}

/** Presses at one point and releases at another, moving through the way as a hand would. */
async function drag(page: Page, from: [number, number], to: [number, number], alt = false): Promise<void> {
  await page.mouse.move(...from)
  if (alt) await page.keyboard.down('Alt')
  await page.mouse.down()
  await page.mouse.move(to[0], to[1], { steps: 10 })
  await page.mouse.up()
  if (alt) await page.keyboard.up('Alt')
}

/** The boundary nearest to `time` within the snapping distance (8 px, never under 0.5 s), else `time`. */
function snapped(targets: readonly number[], time: number, pxPerSec: number): number {
  const near = targets.filter((t) => Math.abs(t - time) <= Math.max(SNAP_PX / pxPerSec, 0.5))
  return near.sort((a, b) => Math.abs(a - time) - Math.abs(b - time))[0] ?? time
}

/** Clicks the waves at a time and waits for the media to be there; answers the time it went to. */
async function clickToSeek(page: Page, w: Wave, time: number): Promise<number> {
  await page.mouse.click(w.x(time), w.middle)
  // Within a pixel: the page's geometry here is read from attributes rounded to 10 ms.
  await expect.poll(() => currentTime(page)).toBeCloseTo(w.time(w.x(time)), 1)
  return currentTime(page)
}

const rows = (page: Page): Locator => page.locator('tr[data-statement]')
const media = (page: Page): Locator => page.locator('audio')
const currentTime = (page: Page): Promise<number> =>
  media(page).evaluate((m: HTMLMediaElement) => m.currentTime)

/**
 * What a row's field shows: the field itself in a row being edited (selected, or with the focus in it),
 * its text in the others, where the field is a button that opens the row's fields.
 */
async function fieldText(row: Locator, label: 'Start' | 'End' | 'Title'): Promise<string> {
  const field = row.getByLabel(label, { exact: true })
  if ((await field.count()) > 0) return field.inputValue()
  return (await row.locator(`[data-field="${label}"] .field-value`).textContent()) ?? ''
}

/** A row's field, focused for typing as an editor does: by a click on it, or on its text. */
async function openField(row: Locator, label: 'Start' | 'End' | 'Title'): Promise<Locator> {
  const text = row.locator(`[data-field="${label}"]`)
  const field = row.getByLabel(label, { exact: true })
  await ((await text.count()) > 0 ? text : field).click()
  await expect(field).toBeFocused()
  return field
}

/** The seconds a row's time field shows. */
async function fieldSeconds(row: Locator, label: 'Start' | 'End'): Promise<number> {
  const parsed = parsePreciseClock(await fieldText(row, label))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.seconds
}

test('a drag on the waveform makes a statement; its body moves it and its edges resize it, snapped unless Alt, one undo per drag', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url)
  const w = await wave(page)

  // A press without a drag still seeks.
  expect(await clickToSeek(page, w, 20)).toBeCloseTo(20, 0)

  // Drag across the waves from about 2.9 s to 8.1 s: the edges snap to the nearest word start and end.
  await drag(page, [w.x(2.9), w.middle], [w.x(8.1), w.middle])
  await expect(rows(page)).toHaveCount(1)
  const row = rows(page).first()
  const made = {
    start: snapped(STARTS, w.time(w.x(2.9)), w.pxPerSec),
    end: snapped(ENDS, w.time(w.x(8.1)), w.pxPerSec),
  }
  expect(STARTS).toContain(made.start)
  expect(ENDS).toContain(made.end)
  expect(await fieldSeconds(row, 'Start')).toBeCloseTo(made.start, 3)
  expect(await fieldSeconds(row, 'End')).toBeCloseTo(made.end, 3)
  // The new statement is selected; its quote is what the transcript says there.
  await expect(row).toHaveAttribute('aria-selected', 'true')
  await expect(row.getByLabel('Quote')).toHaveValue(/fairest creatures/)
  await expect(page.locator('canvas.waveform-layer')).toHaveAttribute('data-statements', '1')

  // Drag its body (in its lane) 3 s later: its length is kept and one of its edges lands on a boundary.
  const length = made.end - made.start
  const grab = (made.start + made.end) / 2
  await drag(page, [w.x(grab), w.lane], [w.x(grab + 3), w.lane])
  await expect.poll(() => fieldSeconds(row, 'Start')).not.toBeCloseTo(made.start, 2)
  const moved = { start: await fieldSeconds(row, 'Start'), end: await fieldSeconds(row, 'End') }
  expect(moved.end - moved.start).toBeCloseTo(length, 3)
  expect(moved.start).toBeGreaterThan(made.start + 2.4)
  expect(STARTS.includes(moved.start) || ENDS.includes(moved.end)).toBe(true)

  // One Ctrl+Z undoes the whole drag, however many moves it was.
  await page.keyboard.press('Control+z')
  await expect.poll(() => fieldSeconds(row, 'Start')).toBeCloseTo(made.start, 3)
  expect(await fieldSeconds(row, 'End')).toBeCloseTo(made.end, 3)

  // Its end edge (full height, as it is selected) dragged 2 s on snaps to a word end; the start stays.
  await drag(page, [w.x(made.end), w.middle], [w.x(made.end + 2), w.middle])
  const resized = snapped(ENDS, w.time(w.x(made.end + 2)), w.pxPerSec)
  await expect.poll(() => fieldSeconds(row, 'End')).toBeCloseTo(resized, 3)
  expect(await fieldSeconds(row, 'Start')).toBeCloseTo(made.start, 3)

  // With Alt held nothing snaps: the start lands where the pointer let go.
  const target = made.start - 1.23
  await drag(page, [w.x(made.start), w.middle], [w.x(target), w.middle], true)
  await expect.poll(() => fieldSeconds(row, 'Start')).toBeCloseTo(w.time(w.x(target)), 1)
  const free = await fieldSeconds(row, 'Start')
  expect(Math.abs(free - w.time(w.x(target))) * w.pxPerSec).toBeLessThan(1.5)
  expect(STARTS).not.toContain(free)

  // Hovering the band shows its quote.
  await page.mouse.move(w.x((free + resized) / 2), w.lane)
  await expect(page.getByRole('tooltip')).toContainText('fairest creatures')

  // A chapter boundary: split at the playhead (C), then drag its grip in the top strip, with Alt.
  const boundary = await clickToSeek(page, w, 20)
  await page.keyboard.press('c')
  await expect(page.locator('canvas.waveform-layer')).toHaveAttribute('data-chapters', '2')
  await drag(page, [w.x(boundary), w.strip], [w.x(boundary + 5), w.strip], true)
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', /Move chapter boundary/)

  const doc = await exportEpisode(page)
  expect(doc.statements).toHaveLength(1)
  expect(doc.statements[0]).toMatchObject({ start: free, end: resized })
  expect(doc.chapters).toHaveLength(2)
  expect(Math.abs((doc.chapters[0]?.end ?? 0) - (boundary + 5)) * w.pxPerSec).toBeLessThan(1.5)
  expect(doc.chapters[1]?.start).toBe(doc.chapters[0]?.end)
})

test('a drag held at the edge of the waveform scrolls it, and the statement reaches past what was shown', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url)
  // Zoomed in, so that the episode is wider than the waveform.
  for (let i = 0; i < 4; i++) await page.keyboard.press('+')
  const overview = page.getByLabel('Overview of the whole episode')
  const shownEnd = Number(await overview.getAttribute('data-view-end'))
  const w = await wave(page)
  const box = (await page.locator('canvas.waveform-layer').boundingBox())!
  await page.mouse.move(box.x + box.width / 3, w.middle)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width - 4, w.middle, { steps: 10 })
  // Held there, the view scrolls on.
  await expect
    .poll(async () => Number(await overview.getAttribute('data-view-end')))
    .toBeGreaterThan(shownEnd + 3)
  await page.mouse.up()
  await expect(rows(page)).toHaveCount(1)
  expect(await fieldSeconds(rows(page).first(), 'End')).toBeGreaterThan(shownEnd + 3)
  // Back at the start: a drag at the left edge scrolls back.
  const before = Number(await overview.getAttribute('data-view-start'))
  await page.mouse.move(box.x + box.width / 2, w.middle)
  await page.mouse.down()
  await page.mouse.move(box.x + 2, w.middle, { steps: 10 })
  await expect
    .poll(async () => Number(await overview.getAttribute('data-view-start')))
    .toBeLessThan(before - 2)
  await page.keyboard.press('Escape')
  await page.mouse.up()
  // Escape ended that drag: nothing was made.
  await expect(rows(page)).toHaveCount(1)
})

test('[ and ] at two playhead positions make a statement, and so do words selected in the transcript', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url)
  const w = await wave(page)

  const from = await clickToSeek(page, w, 12)
  await page.keyboard.press('[')
  await expect(page.locator('p.notice')).toContainText('press ] at its end')
  const to = await clickToSeek(page, w, 16.5)
  await page.keyboard.press(']')
  await expect(rows(page)).toHaveCount(1)
  // Edges set from the playhead keep whole words: each lands on a word's edge near where it was pressed.
  const start = await fieldSeconds(rows(page).first(), 'Start')
  const end = await fieldSeconds(rows(page).first(), 'End')
  expect(
    STARTS.some((t) => Math.abs(t - start) < 0.002),
    `${start} is a word's start`,
  ).toBe(true)
  expect(
    ENDS.some((t) => Math.abs(t - end) < 0.002),
    `${end} is a word's end`,
  ).toBe(true)
  expect(Math.abs(start - from)).toBeLessThan(0.5)
  expect(Math.abs(end - to)).toBeLessThan(0.5)

  // Select "fairest creatures we" by dragging over the words: the statement takes their times and text.
  await page.keyboard.press('Escape')
  const line = page.getByRole('region', { name: 'Transcript' }).locator('[data-segment="s2"]')
  const first = (await line.locator('.word', { hasText: /^fairest$/ }).boundingBox())!
  const last = (await line.locator('.word', { hasText: /^we$/ }).boundingBox())!
  await page.mouse.move(first.x + 1, first.y + first.height / 2)
  await page.mouse.down()
  await page.mouse.move(last.x + last.width - 1, last.y + last.height / 2, { steps: 5 })
  await page.mouse.up()
  await expect(page.getByRole('button', { name: 'Make statement (S)' })).toBeVisible()
  await page.keyboard.press('s')
  await expect(rows(page)).toHaveCount(2)
  const words = lines[1]!.words
  const made = rows(page).first()
  await expect(made.getByLabel('Quote')).toHaveValue('fairest creatures we')
  expect(await fieldSeconds(made, 'Start')).toBeCloseTo(words[1]!.start, 3)
  expect(await fieldSeconds(made, 'End')).toBeCloseTo(words[3]!.end, 3)
  await expect(made).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('button', { name: 'Make statement (S)' })).toBeHidden()
})

test('the statements table sorts, filters, edits in place, plays a row, loops it with L and deletes', async ({
  page,
  served,
}) => {
  await newEpisode(page, served.host.url)
  const w = await wave(page)
  for (const [a, b] of [
    [30.3, 33.2],
    [2.3, 5.4],
    [40.2, 44.3],
  ] as const)
    await drag(page, [w.x(a), w.middle], [w.x(b), w.middle])
  await expect(rows(page)).toHaveCount(3)
  // A click on a band selects its statement (its row) and seeks there, as a click on the waves does.
  // Measured again: the column scrolled to show the last new statement's title field.
  const band = await wave(page)
  await page.mouse.click(band.x(31.5), band.lane)
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => currentTime(page)).toBeCloseTo(band.time(band.x(31.5)), 1)
  const starts = async (): Promise<number[]> =>
    Promise.all((await rows(page).all()).map((r) => fieldSeconds(r, 'Start')))
  // Sorted by start at first.
  await expect.poll(starts).toEqual([...(await starts())].sort((a, b) => a - b))

  // A row not being edited shows its fields as text: a click on one opens the row's fields, that one
  // focused, without playing the row.
  const titles = ['Zebra claim', 'Alpha claim', 'Middle claim']
  const playhead = await currentTime(page)
  for (const [i, title] of titles.entries()) {
    const field = await openField(rows(page).nth(i), 'Title')
    await expect(rows(page).nth(i)).toHaveAttribute('aria-selected', 'true')
    await field.fill(title)
    await field.press('Enter')
    await expect(field).toHaveValue(title)
  }
  expect(await currentTime(page)).toBeCloseTo(playhead, 1)
  // From the keyboard: Tab goes on into the next row, whose fields open as the focus reaches them.
  await rows(page).nth(0).getByRole('button', { name: 'Delete' }).focus()
  await page.keyboard.press('Tab')
  await expect(rows(page).nth(1).getByLabel('Start', { exact: true })).toBeFocused()
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Shift+Tab')
  await expect(rows(page).nth(0).getByRole('button', { name: 'Delete' })).toBeFocused()
  const titleValues = async (): Promise<string[]> =>
    Promise.all((await rows(page).all()).map((r) => fieldText(r, 'Title')))
  const table = page.getByRole('table', { name: 'Statements' })
  await table.getByRole('button', { name: 'Title' }).click()
  await expect.poll(titleValues).toEqual(['Alpha claim', 'Middle claim', 'Zebra claim'])
  await table.getByRole('button', { name: /Title/ }).click()
  await expect.poll(titleValues).toEqual(['Zebra claim', 'Middle claim', 'Alpha claim'])

  const filter = page.getByLabel('Filter statements')
  await filter.fill('mid')
  await expect.poll(titleValues).toEqual(['Middle claim'])
  await filter.fill('')
  await expect(rows(page)).toHaveCount(3)

  // A time that is not one is refused where it was typed, and Escape puts the time back.
  const zebraId = await rows(page)
    .nth((await titleValues()).indexOf('Zebra claim'))
    .getAttribute('data-statement')
  const zebra = page.locator(`tr[data-statement="${zebraId}"]`)
  const start = await openField(zebra, 'Start')
  const before = await start.inputValue()
  await start.fill('0:7x')
  await start.press('Enter')
  await expect(zebra.getByRole('alert')).toContainText('is not a time')
  await start.press('Escape')
  await expect(start).toHaveValue(before)
  await start.fill('0:01.25')
  await start.press('Enter')
  await expect(start).toHaveValue('0:01.250')

  // A click on the row plays from its start; L loops the statement.
  await zebra.locator('td.col-flags').click()
  await expect(zebra).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => currentTime(page)).toBeCloseTo(1.25, 1)
  const end = await fieldSeconds(zebra, 'End')
  await page.keyboard.press('l')
  const seen = await media(page).evaluate(async (m: HTMLMediaElement) => {
    const times: number[] = []
    for (let i = 0; i < 45; i++) {
      times.push(m.currentTime)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return times
  })
  expect(Math.max(...seen)).toBeGreaterThan(2)
  // timeupdate comes every quarter second or so: the loop jumps back within that of the end.
  expect(Math.max(...seen)).toBeLessThan(end + 0.5)
  expect(Math.min(...seen.slice(1))).toBeGreaterThanOrEqual(1.2)
  expect(seen.some((t, i) => i > 0 && t < (seen[i - 1] ?? 0))).toBe(true)
  await page.keyboard.press('l')
  await page.keyboard.press('Space')

  await zebra.getByRole('button', { name: 'Delete' }).click()
  await expect(rows(page)).toHaveCount(2)
  await expect.poll(titleValues).toEqual(['Middle claim', 'Alpha claim'])
  await page.keyboard.press('Control+z')
  await expect(rows(page)).toHaveCount(3)
})

test('a quote said elsewhere in the transcript offers to move the statement there', async ({
  page,
  served,
}) => {
  await newSonnetEpisode(page, served.host.url, SONNET_VTT)
  const id = episodeId(page)
  // The quote is the sonnet's third line; the span given is the first line's.
  await api(page, 'statements.create', {
    id,
    start: 0.5,
    end: 2,
    quote: "That thereby beauty's rose might never die",
  })
  await page.reload()
  await openTab(page, /^Statements/)
  const row = page.getByRole('row', { name: /beauty's rose/ })
  await expect(row).toContainText('the quote is said elsewhere in the transcript')
  await row.getByRole('button', { name: /Move the span to 0:05/ }).click()
  await expect(row).not.toContainText('elsewhere')
  const doc = await exportEpisode(page)
  expect(doc.statements[0]?.start).toBeCloseTo(5.88, 1)
})
