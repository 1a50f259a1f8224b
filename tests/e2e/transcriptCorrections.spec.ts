import fs from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { editSegmentText } from '../../src/core/transcript/editSegmentText'
import { transcriptView } from '../../src/core/transcript/transcriptQueries'
import { machineEpisode } from '../machineEpisode'
import { fixture } from '../fixtureFiles'
import { openEpisodeDocument, openTab } from './analysisPage'
import { seriousViolations } from './axeCheck'
import { expect, test } from './hostFixture'

const importFile = (page: Page, name: string, text: string | Buffer): Promise<void> =>
  page.getByLabel('Import transcript').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.isBuffer(text) ? text : Buffer.from(text),
  })

const importNotice = (page: Page): Locator => page.getByRole('status').filter({ hasText: 'Imported' })
const speakersDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Map speakers' })
const problemsPanel = (page: Page): Locator => page.getByRole('region', { name: 'Problems', exact: true })

const vtt = (cues: readonly [number, number, string, string][]): string =>
  [
    'WEBVTT',
    '',
    ...cues.flatMap(([start, end, who, text]) => {
      const stamp = (s: number): string =>
        `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`
      return [`${stamp(start)} --> ${stamp(end)}`, `<v ${who}>${text}`, '']
    }),
  ].join('\n')

const CLAIM =
  'Multi-agent systems mostly do not work today because nobody has trained them to talk to each other.'

// The machine episode's transcript (its second line longer), as a file (its speakers by name).
const MACHINE_VTT = vtt([
  [1, 4, 'Swyx', 'Welcome to the show, everybody.'],
  [5, 12, 'Will Brown', CLAIM],
  [190, 230, 'Swyx', 'Why do you say that?'],
])

test('a corrected transcript refills the quotes never typed and flags the typed one it changed', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  doc.transcript!.segments[1] = { ...doc.transcript!.segments[1]!, text: CLAIM, words: [] }
  doc.statements[0]!.quote = CLAIM
  // A second statement whose quote the machine typed: not the span's exact words.
  doc.statements.push({
    ...doc.statements[0]!,
    id: 's2',
    title: 'Systems fail',
    quote: 'systems mostly do not work today because nobody has trained them to talk',
  })
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)
  // One word of the typed quote's thirteen corrected: within the quote check's tolerance, flagged anyway.
  await importFile(page, 'corrected.vtt', MACHINE_VTT.replace('mostly', 'largely'))
  await expect(importNotice(page)).toContainText(
    'Imported 3 transcript segments from corrected.vtt; 1 quote refilled, 1 typed quote no longer matches',
  )
  await speakersDialog(page).getByRole('button', { name: 'Later' }).click()
  await expect(page.getByText('Multi-agent systems largely do not work today').first()).toBeVisible()
  await openTab(page, /^Problems/)
  await expect(problemsPanel(page)).toContainText(
    'Statement “Systems fail”: the transcript was corrected under this typed quote',
  )
})

test('a transcript past the media’s end is imported with a warning, and Problems lists it', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode())
  const long = vtt([
    [1, 4, 'Swyx', 'Welcome.'],
    [300, 310, 'Swyx', 'Halfway.'],
    [700, 710, 'Will Brown', 'Past the end.'],
    [800, 810, 'Will Brown', 'Further still.'],
  ])
  await importFile(page, 'long.vtt', long)
  const sentence =
    "2 of 4 transcript segments start after the media's end (10:00); the transcript runs to 13:30"
  await expect(importNotice(page)).toContainText(`Warning: ${sentence}`)
  await speakersDialog(page).getByRole('button', { name: 'Later' }).click()
  await openTab(page, /^Problems/)
  await expect(problemsPanel(page)).toContainText(sentence)
})

test('the editor is asked before an import replaces a hand edit, and one undo takes back the import and its speakers', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode())
  const panel = page.getByRole('region', { name: 'Transcript' })
  await panel.getByRole('listitem').first().locator('.text').dblclick()
  const editor = panel.getByLabel('Segment text')
  await editor.fill('Welcome to the show, everybody, and Will.')
  await editor.press('Enter')
  await expect(panel.getByText('Welcome to the show, everybody, and Will.')).toBeVisible()

  await importFile(page, 'corrected.vtt', MACHINE_VTT)
  const ask = page.getByRole('dialog', { name: 'Replace hand edits?' })
  await expect(ask).toContainText('You edited 1 segment of the transcript by hand')
  expect(await seriousViolations(page)).toEqual([])
  await ask.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toHaveCount(0)
  await expect(panel.getByText('Welcome to the show, everybody, and Will.')).toBeVisible()

  await importFile(page, 'corrected.vtt', MACHINE_VTT)
  await ask.getByRole('button', { name: 'Import and replace 1 segment' }).click()
  await expect(importNotice(page)).toContainText('Imported 3 transcript segments from corrected.vtt')
  await expect(panel.getByText('Welcome to the show, everybody.')).toBeVisible()
  await speakersDialog(page).getByLabel('Name of Swyx').fill('Shawn Wang')
  await speakersDialog(page).getByRole('button', { name: 'Apply' }).click()
  await expect(speakersDialog(page)).toHaveCount(0)

  await page.getByRole('button', { name: /^Undo/ }).click()
  await expect(panel.getByText('Welcome to the show, everybody, and Will.')).toBeVisible()
  await openTab(page, /^Details/)
  const participants = page.getByRole('table', { name: 'Participants' })
  await expect(participants.getByLabel('Name of Swyx')).toHaveValue('Swyx')
  await expect(participants.getByLabel('Name of Shawn Wang')).toHaveCount(0)
})

test('a hand edit the window has not seen (made by the CLI) is asked about all the same', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)
  // Edited behind the window's back: its view still counts no hand edits.
  const db = openDatabase(served.databaseFile)
  const [first] = transcriptView(db, doc.episode.id).segments
  editSegmentText(db, doc.episode.id, first?.id ?? '', 'Welcome to the show, everybody, and Will.')
  db.close()

  await importFile(page, 'corrected.vtt', MACHINE_VTT)
  const ask = page.getByRole('dialog', { name: 'Replace hand edits?' })
  await expect(ask).toContainText('You edited 1 segment of the transcript by hand')
  await expect(page.getByRole('alert').filter({ hasText: 'edited by hand' })).toHaveCount(0)
  await ask.getByRole('button', { name: 'Import and replace 1 segment' }).click()
  await expect(importNotice(page)).toContainText('Imported 3 transcript segments from corrected.vtt')
})

test('speakers of a replaced transcript are offered for removal, and warned of in Problems', async ({
  page,
  served,
}) => {
  const doc = machineEpisode()
  doc.statements = []
  await page.goto(served.host.url)
  await openEpisodeDocument(page, doc)
  await importFile(
    page,
    'others.vtt',
    vtt([
      [1, 4, 'Carol', 'Welcome back.'],
      [5, 12, 'Dave', 'Thanks for having me.'],
    ]),
  )
  await expect(importNotice(page)).toContainText('Swyx, Will Brown no longer speak: remove them in Speakers…')
  const dialog = speakersDialog(page)
  await expect(dialog.getByRole('group', { name: 'No longer speaking' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Later' }).click()
  await openTab(page, /^Problems/)
  await expect(problemsPanel(page)).toContainText('“Swyx” has no speaking time and no statements')
  await expect(problemsPanel(page)).toContainText('“Will Brown” has no speaking time and no statements')

  await page.getByRole('button', { name: 'Speakers…', exact: true }).click()
  await dialog.getByLabel('Remove Swyx').check()
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(problemsPanel(page)).not.toContainText('“Swyx”')
  await expect(problemsPanel(page)).toContainText('“Will Brown” has no speaking time')
})

test('a second “Humour” is refused with a sentence', async ({ page, served }) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode())
  await openTab(page, /Rubric/)
  const label = page.getByLabel('New dimension label')
  await label.fill('Humour')
  await page.getByRole('button', { name: 'Add dimension' }).click()
  await expect(page.getByRole('table', { name: 'Rubric' }).locator('tbody tr')).toHaveCount(5)
  await label.fill(' humour ')
  await page.getByRole('button', { name: 'Add dimension' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'rubric' })).toContainText(
    'the rubric already has a dimension labelled “Humour”; give this one another label',
  )
  await expect(page.getByRole('table', { name: 'Rubric' }).locator('tbody tr')).toHaveCount(5)
})

test('a rename to another dimension’s label is refused with a sentence, and the label returns', async ({
  page,
  served,
}) => {
  await page.goto(served.host.url)
  await openEpisodeDocument(page, machineEpisode())
  await openTab(page, /Rubric/)
  const label = page.getByLabel('Label of guestTeaching', { exact: true })
  await label.fill(' guest DISAGREEMENT ')
  await label.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'rubric' })).toContainText(
    'the rubric already has a dimension labelled “Guest disagreement”; give this one another label',
  )
  await expect(label).toHaveValue('Guest teaching')
  await expect(page.getByLabel('Label of guestDisagreement', { exact: true })).toHaveValue(
    'Guest disagreement',
  )
})

test.describe('the Podcasting 2.0 HTML and SRT fixtures', () => {
  test('an HTML transcript is read with its speakers and times; other HTML is refused as the CLI refuses it', async ({
    page,
    served,
  }) => {
    await page.goto(served.host.url)
    await openEpisodeDocument(page, machineEpisode())
    const html = fs.readFileSync(fixture('podcasting20', 'transcripts', 'snippet-from-transcripts-md.html'))
    await importFile(page, 'episode.html', html)
    await expect(importNotice(page)).toContainText('Imported 2 transcript segments from episode.html')
    const dialog = speakersDialog(page)
    await expect(dialog.locator('[data-speaker="Kevin"]')).toBeVisible()
    await expect(dialog.locator('[data-speaker="Alban"]')).toBeVisible()
    await dialog.getByRole('button', { name: 'Later' }).click()
    const panel = page.getByRole('region', { name: 'Transcript' })
    await expect(panel.getByText("You're triggering Tom right now")).toBeVisible()
    await expect(panel.getByText('<p>')).toHaveCount(0)

    await importFile(page, 'notes.html', '<html><body><p>Show notes.</p></body></html>')
    await expect(page.getByRole('alert').filter({ hasText: 'notes.html' })).toContainText(
      'notes.html: line 1: HTML without a Podcasting 2.0 transcript in it',
    )
  })

  test('an SRT turn named on its first cue keeps its speaker, and the import says how many cues', async ({
    page,
    served,
  }) => {
    await page.goto(served.host.url)
    await openEpisodeDocument(page, machineEpisode())
    const srt = fs.readFileSync(fixture('podcasting20', 'transcripts', 'snippet-from-transcripts-md.srt'))
    await importFile(page, 'episode.srt', srt)
    await expect(importNotice(page)).toContainText(
      'Warning: 5 cues without a speaker name given the speaker of the cue before (less than 2 s between them)',
    )
    const dialog = speakersDialog(page)
    await expect(dialog.locator('[data-speaker="Sarah"]')).toContainText('5 lines')
    await expect(dialog.locator('[data-speaker="Gillian"]')).toContainText('2 lines')
  })
})
