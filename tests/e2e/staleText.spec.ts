import fs from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { api, chapterRows, openTab, playhead, scoreCell, openEpisodeDocument } from './analysisPage'
import { expect, test } from './hostFixture'

/*
 * No stale text published, as a reviewer meets it: a moved span's quote, a typed quote its span no
 * longer says, a machine's reasoning beside a changed score, the report of what changed, and N.
 */

/** Opens a machine's analysis (tests/machineEpisode.ts, changed by `edit`) as the library does. */
async function openMachineEpisode(
  page: Page,
  url: string,
  edit?: (doc: EpisodeDocument) => void,
): Promise<void> {
  const doc = machineEpisode()
  edit?.(doc)
  await page.goto(url)
  // The reviewer is known, so the first A or X is not stopped by the question who is reviewing.
  await api(page, 'reviewer.set', { name: 'Stale Text Reviewer' })
  await openEpisodeDocument(page, doc)
}

const progress = (page: Page): Locator => page.getByRole('status', { name: 'Review progress' })

/** N, then A until nothing is left to review. */
async function acceptTheRest(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('n')
  // Read without waiting: the line goes away with the last decision, between a look and a read.
  const left = async (): Promise<string | null> => (await progress(page).allTextContents())[0] ?? null
  for (let before = await left(); before !== null; before = await left()) {
    await page.keyboard.press('a')
    await expect.poll(left).not.toBe(before)
  }
}

const statementRow = (page: Page, id: string): Locator => page.locator(`tr[data-statement="${id}"]`)

/** Types a statement's start time in the statements table, as an editor corrects a span. */
async function typeStart(page: Page, id: string, clock: string): Promise<void> {
  const row = statementRow(page, id)
  const text = row.locator('[data-field="Start"]')
  const field = row.getByLabel('Start', { exact: true })
  await ((await text.count()) > 0 ? text : field).click()
  await expect(field).toBeFocused()
  await field.fill(clock)
  await field.press('Enter')
  await expect(field).toHaveValue(clock)
}

/** The quote a statement row shows, open for editing or not. */
async function quoteOf(page: Page, id: string): Promise<string> {
  const row = statementRow(page, id)
  const field = row.getByLabel('Quote', { exact: true })
  if ((await field.count()) > 0 && (await field.evaluate((e) => e.tagName !== 'DIV')))
    return field.inputValue()
  return (await row.locator('[data-field="Quote"] .field-value').textContent()) ?? ''
}

/** Publish…: the file it downloads, or the refusal's sentences (and the dialog closed). */
async function publish(page: Page): Promise<{ doc: EpisodeDocument } | { refusal: string }> {
  const download = page.waitForEvent('download', { timeout: 5_000 }).catch(() => null)
  await page.getByRole('button', { name: 'Publish…' }).click()
  const dialog = page.getByRole('dialog')
  const outcome = await Promise.race([
    download.then((d) => (d ? ('download' as const) : null)),
    dialog.waitFor().then(() => 'dialog' as const),
  ])
  if (outcome === 'dialog') {
    const refusal = (await dialog.textContent()) ?? ''
    await dialog.getByRole('button', { name: /close/i }).click()
    return { refusal }
  }
  const file = await download
  if (!file) throw new Error('Publish neither downloaded nor refused')
  return { doc: JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as EpisodeDocument }
}

const PARAPHRASE = 'Multi-agent systems mostly do not work today, honestly.'

test('a moved span takes its filled quote along; a typed quote is kept, flagged, and blocks Publish until its span says it', async ({
  page,
  served,
}) => {
  await openMachineEpisode(page, served.host.url, (doc) => {
    const [typed] = doc.statements
    if (!typed) throw new Error('the machine episode has a statement')
    typed.quote = PARAPHRASE
    doc.statements.unshift({
      ...typed,
      id: 's0',
      title: 'A welcome',
      quote: 'Welcome to the show, everybody.',
      start: 1,
      end: 4,
      speakerId: 'swyx',
    })
  })
  await openTab(page, /^Statements/)
  expect(await quoteOf(page, 's0')).toBe('Welcome to the show, everybody.')

  // The machine's quote was the span's words: moving the start drops the words before it.
  await typeStart(page, 's0', '0:02.000')
  await expect.poll(() => quoteOf(page, 's0')).toBe('the show, everybody.')

  // The paraphrase was typed: it stays as it is, and is flagged once the span no longer says it.
  await typeStart(page, 's1', '0:08.000')
  await expect.poll(() => quoteOf(page, 's1')).toBe(PARAPHRASE)
  await expect(statementRow(page, 's1').locator('.badge.warning')).toContainText(
    'the quote is said elsewhere in the transcript, not in this span',
  )

  await acceptTheRest(page)
  const refused = await publish(page)
  expect('refusal' in refused && refused.refusal).toContain(
    'Statement “Multi-agent systems mostly do not work”: the quote is said elsewhere in the transcript, not in this span',
  )

  // Back where it is said, the statement publishes, each quote as the span says it.
  await openTab(page, /^Statements/)
  await typeStart(page, 's1', '0:05.000')
  await expect(statementRow(page, 's1').locator('.badge.warning')).toHaveCount(0)
  const published = await publish(page)
  if (!('doc' in published)) throw new Error(`refused: ${published.refusal}`)
  expect(published.doc.review.status).toBe('final')
  expect(published.doc.statements.map((s) => [s.id, s.start, s.quote])).toEqual([
    ['s0', 2, 'the show, everybody.'],
    ['s1', 5, PARAPHRASE],
  ])
})

test('a score changed under the machine’s reasoning blocks Publish until the reasoning is kept; the report shows the change and exports as CSV', async ({
  page,
  served,
}) => {
  await openMachineEpisode(page, served.host.url)
  await openTab(page, /Chapters & scores/)
  const teaching = scoreCell(page, 'Guest teaching', 2)
  await teaching.click()
  await page.keyboard.press('5')
  await expect(teaching).toHaveText('5')
  await acceptTheRest(page)

  const refused = await publish(page)
  expect('refusal' in refused && refused.refusal).toContain(
    'The “Guest teaching” score (5) of “Verifiable rewards” still has the machine’s reasoning, written for the machine’s 8',
  )

  // The reviewer reads the reasoning beside the machine's and keeps it for their score.
  await chapterRows(page).nth(1).locator('button.time').click()
  await openTab(page, /^Review/)
  const comparison = page.getByRole('table', { name: /Machine and reviewer scores of Verifiable rewards/ })
  const row = comparison.locator('[data-dimension="guestTeaching"]')
  await expect(row).toContainText('the machine’s reasoning, for its 8')
  await row.getByRole('button', { name: 'Keep the reasoning for Guest teaching 5' }).click()
  await expect(row.getByRole('button', { name: /Keep the reasoning/ })).toHaveCount(0)

  // What changed, item by item and per chapter, not only the mean differences.
  const changes = page.getByRole('region', { name: 'Review changes' })
  const differences = changes.getByRole('table', { name: 'Score differences per chapter' })
  await expect(differences.locator('[data-chapter="c2"][data-dimension="guestTeaching"]')).toContainText(
    /Guest teaching\s*8 rewards \(Guest teaching\)\s*5 \(the machine’s reasoning\)/,
  )
  const download = page.waitForEvent('download')
  await changes.getByRole('button', { name: 'Export report (CSV)' }).click()
  const csv = fs.readFileSync(await (await download).path(), 'utf8')
  expect(csv.split('\r\n')).toEqual([
    'kind,id,title,at,change,field,machine,reviewer',
    'chapter,c2,Verifiable rewards,3:20.000,score,Guest teaching score,8,5',
    '',
  ])

  const published = await publish(page)
  if (!('doc' in published)) throw new Error(`refused: ${published.refusal}`)
  expect(published.doc.chapters[1]?.scores.guestTeaching).toEqual({
    value: 5,
    reasoning: 'rewards (Guest teaching)',
  })
})

test('the report lists a rejected statement with what the machine said', async ({ page, served }) => {
  await openMachineEpisode(page, served.host.url)
  await page.keyboard.press('n') // the first chapter
  await page.keyboard.press('a') // on to the statement at 0:05
  await expect(playhead(page)).toHaveText('0:05.0')
  await page.keyboard.press('x')
  await openTab(page, /^Review/)
  const items = page.getByRole('table', { name: 'Items edited and rejected' })
  const rejected = items.locator('[data-item="statement:s1"]')
  await expect(rejected.first()).toContainText(
    'Rejected statement “Multi-agent systems mostly do not work” at 0:05.000',
  )
  await expect(rejected.filter({ hasText: 'quote' })).toContainText(
    'Multi-agent systems mostly do not work today.(rejected)',
  )
})

test('N goes to the first unreviewed item in timeline order, whatever row was clicked', async ({
  page,
  served,
}) => {
  await openMachineEpisode(page, served.host.url)
  await openTab(page, /Chapters & scores/)
  // The reviewer clicks the second chapter first: N does not go on to what follows it (the highlight).
  await chapterRows(page).nth(1).locator('button.time').click()
  await expect(playhead(page)).toHaveText('3:20.0')
  await page.keyboard.press('n')
  await expect(playhead(page)).toHaveText('0:00.0')
  await expect(chapterRows(page).first()).toHaveClass(/selected/)

  await page.keyboard.press('a') // the first chapter accepted: on to the statement at 0:05
  await expect(playhead(page)).toHaveText('0:05.0')
  await expect(progress(page)).toContainText('4 left')

  // Clicking on past it and pressing N comes back to what is still unseen, not to what follows the click.
  await chapterRows(page).nth(1).locator('button.time').click()
  await expect(playhead(page)).toHaveText('3:20.0')
  await page.keyboard.press('n')
  await expect(playhead(page)).toHaveText('0:05.0')
  await expect(statementRow(page, 's1')).toHaveCount(0) // the statements table is not the open tab
  await page.keyboard.press('a')
  await expect(progress(page)).toContainText('3 left')
  await expect(playhead(page)).toHaveText('3:20.0')
})

/** A machine's analysis of an hour: ten chapters and a hundred statements, each quoting its words. */
function longMachineEpisode(doc: EpisodeDocument): void {
  const [chapter] = doc.chapters
  const [statement] = doc.statements
  if (!chapter || !statement) throw new Error('the machine episode has a chapter and a statement')
  doc.episode.durationSeconds = 3600
  doc.chapters = Array.from({ length: 10 }, (_, i) => ({
    ...chapter,
    id: `c${i + 1}`,
    title: `Part ${i + 1}`,
    start: i * 360,
    end: (i + 1) * 360,
  }))
  doc.highlights = []
  const said = (i: number): string => `Claim number ${i + 1} is said here plainly.`
  doc.statements = Array.from({ length: 100 }, (_, i) => ({
    ...statement,
    id: `s${i + 1}`,
    title: `Claim ${i + 1}`,
    quote: said(i),
    start: 30 + i * 35,
    end: 35 + i * 35,
    chapterId: `c${Math.floor((30 + i * 35) / 360) + 1}`,
  }))
  doc.transcript = {
    segments: doc.statements.map((s, i) => ({
      id: `seg${i + 1}`,
      start: s.start,
      end: s.end,
      speakerId: 'will',
      text: said(i),
      words: said(i)
        .split(' ')
        .map((text, k) => ({ start: s.start + k * 0.6, end: s.start + k * 0.6 + 0.5, text })),
    })),
  }
  doc.speakingBalance = null
}

test('on an hour with 100 statements, N always comes back to the first unseen item, and moved spans keep their quotes true', async ({
  page,
  served,
}) => {
  await openMachineEpisode(page, served.host.url, longMachineEpisode)
  await expect(progress(page)).toContainText('110 left')
  await openTab(page, /Chapters & scores/)
  await chapterRows(page).nth(6).locator('button.time').click()
  await expect(playhead(page)).toHaveText('36:00.0')
  await page.keyboard.press('n')
  await expect(playhead(page)).toHaveText('0:00.0')
  await page.keyboard.press('a') // Part 1; on to Claim 1 at 0:30
  await expect(playhead(page)).toHaveText('0:30.0')
  await page.keyboard.press('a') // Claim 1; on to Claim 2 at 1:05
  await expect(playhead(page)).toHaveText('1:05.0')
  await chapterRows(page).nth(9).locator('button.time').click()
  await page.keyboard.press('n')
  await expect(playhead(page)).toHaveText('1:05.0')
  await expect(progress(page)).toContainText('108 left')

  // Claim 2's start moved past two words: its quote is the words left in the span.
  await openTab(page, /^Statements/)
  await typeStart(page, 's2', '1:06.000')
  await expect.poll(() => quoteOf(page, 's2')).toBe('2 is said here plainly.')
})
