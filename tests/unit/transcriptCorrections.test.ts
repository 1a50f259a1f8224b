import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { addParticipant } from '../../src/core/analysis/participants'
import { addDimension, updateDimension } from '../../src/core/analysis/rubric'
import { saveDefaultRubric } from '../../src/core/analysis/saveDefaultRubric'
import { createStatement, updateStatement } from '../../src/core/analysis/statements'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { historyState, undo } from '../../src/core/history/editHistory'
import { mapSpeakers } from '../../src/core/participants/mapSpeakers'
import { publishEpisode } from '../../src/core/publish/publishEpisode'
import { editSegmentText } from '../../src/core/transcript/editSegmentText'
import { importTranscript } from '../../src/core/transcript/importTranscript'
import { transcriptView } from '../../src/core/transcript/transcriptQueries'
import { episodeSchemas } from '../../src/shared/episodeFormat'
import { findProblems } from '../../src/shared/problems'
import { transcriptImportMessage } from '../../src/shared/transcriptImportMessage'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

let media: string
beforeAll(() => {
  media = speechMp3(30)
})

function writeFile(name: string, text: string): string {
  const file = path.join(tempFolder(), name)
  fs.writeFileSync(file, text)
  return file
}

const vtt = (cues: readonly [string, string, string, string][]): string =>
  [
    'WEBVTT',
    '',
    ...cues.flatMap(([start, end, who, text]) => [`${start} --> ${end}`, `<v ${who}>${text}`, '']),
  ].join('\n')

const CLAIM =
  'We trained R-one on math and code with single-term rewards, and it learned to check every answer twice.'
const ASR = vtt([
  ['00:00:00.000', '00:00:05.000', 'Ann', 'Welcome back to the show, Bob.'],
  ['00:00:05.000', '00:00:12.000', 'Bob', CLAIM],
  ['00:00:12.000', '00:00:20.000', 'Ann', 'That is a bold claim about reasoning models.'],
])
// The corrected transcript: two of the claim's words were misheard.
const CORRECTED = ASR.replace('R-one', 'R1').replace('single-term', 'single-turn')

async function episodeWith(transcript: string): Promise<{ db: Db; id: string }> {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  const id = await createEpisode(db, { mediaPath: media, transcriptPath: writeFile('asr.vtt', transcript) })
  return { db, id }
}

const quoteOf = (db: Db, id: string, statementId: string): string | undefined =>
  episodeView(db, id).statements.find((s) => s.id === statementId)?.quote

describe('a corrected transcript imported over the analysis', () => {
  it('refills the quotes never typed, flags a typed quote it changed, and one undo takes both back', async () => {
    const { db, id } = await episodeWith(ASR)
    const filled = createStatement(db, id, { start: 5, end: 12, title: 'filled' })
    // Typed by the editor: 17 of the claim's words, not the span's exact text.
    const typedQuote =
      'trained R-one on math and code with single-term rewards, and it learned to check every answer'
    const typed = createStatement(db, id, { start: 5, end: 12, title: 'typed', quote: typedQuote })
    expect(quoteOf(db, id, filled)).toBe(CLAIM)
    expect(episodeView(db, id).statements.every((s) => s.quoteProblem === null)).toBe(true)

    const result = await importTranscript(db, id, writeFile('corrected.vtt', CORRECTED))
    const view = episodeView(db, id)
    expect(quoteOf(db, id, filled)).toContain('R1 on math and code with single-turn rewards')
    expect(quoteOf(db, id, typed)).toBe(typedQuote)
    expect(view.statements.find((s) => s.id === filled)?.quoteProblem).toBeNull()
    // Two words of seventeen pass the quote check's tolerance; the correction is flagged anyway.
    expect(view.statements.find((s) => s.id === typed)?.quoteProblem).toMatch(/corrected/)
    const flagged = view.statements.filter((s) => s.quoteProblem !== null).length
    expect(transcriptImportMessage('corrected.vtt', result, flagged)).toBe(
      'Imported 3 transcript segments from corrected.vtt; 1 quote refilled, 1 typed quote no longer matches',
    )
    const blocking = findProblems(view).filter((p) => p.severity === 'error')
    expect(blocking.map((p) => p.key)).toContain(`statement-quote:${typed}`)
    expect(() => publishEpisode(db, id, 'episode', { final: true })).toThrow(/typed quote/)

    // The refill is part of the import: one undo brings back the old words and the old quote.
    undo(db, id)
    expect(quoteOf(db, id, filled)).toBe(CLAIM)
    expect(episodeView(db, id).statements.every((s) => s.quoteProblem === null)).toBe(true)
  })

  it('clears the flag once the editor retypes the quote', async () => {
    const { db, id } = await episodeWith(ASR)
    const typed = createStatement(db, id, { start: 5, end: 12, quote: 'R-one with single-term rewards' })
    const result = await importTranscript(db, id, writeFile('corrected.vtt', CORRECTED))
    expect(result).toMatchObject({ quotesRefilled: 0, quotesOutdated: 1 })
    updateStatement(db, id, typed, { quote: 'R1 with single-turn rewards' })
    expect(episodeView(db, id).statements[0]?.quoteProblem).toBeNull()
  })

  it('leaves a typed quote whose words the correction did not touch', async () => {
    const { db, id } = await episodeWith(ASR)
    createStatement(db, id, { start: 5, end: 12, quote: 'it learned to check every answer twice' })
    const result = await importTranscript(db, id, writeFile('corrected.vtt', CORRECTED))
    expect(result).toMatchObject({ quotesRefilled: 0, quotesOutdated: 0 })
    expect(episodeView(db, id).statements[0]?.quoteProblem).toBeNull()
  })
})

describe('a transcript longer than the media', () => {
  // 16 turns, 10 s apart: only the first four start within the 30 s media (the fourth at 0:30).
  const LONG = vtt(
    Array.from({ length: 16 }, (_, i): [string, string, string, string] => [
      `00:${String(Math.floor((i * 10) / 60)).padStart(2, '0')}:${String((i * 10) % 60).padStart(2, '0')}.000`,
      `00:${String(Math.floor((i * 10 + 9) / 60)).padStart(2, '0')}:${String((i * 10 + 9) % 60).padStart(2, '0')}.000`,
      i % 2 ? 'Bob' : 'Ann',
      `Turn number ${i + 1}.`,
    ]),
  )

  it('is imported with a warning that counts the segments past the end and gives the times', async () => {
    const { db, id } = await episodeWith(ASR)
    const { warnings } = await importTranscript(db, id, writeFile('long.vtt', LONG))
    const sentence =
      "12 of 16 transcript segments start after the media's end (0:30); the transcript runs to 2:39"
    expect(warnings, JSON.stringify(warnings)).toContain(sentence)
    const problem = findProblems(episodeView(db, id)).find((p) => p.kind === 'transcriptPastMedia')
    expect(problem).toMatchObject({ severity: 'warning', message: sentence })
  })

  it('warns when the episode is created with it', async () => {
    const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    const warnings: string[] = []
    await createEpisode(db, {
      mediaPath: media,
      transcriptPath: writeFile('long.vtt', LONG),
      onWarning: (w) => warnings.push(w),
    })
    expect(warnings).toContain(
      "long.vtt: 12 of 16 transcript segments start after the media's end (0:30); the transcript runs to 2:39",
    )
  })

  it('says "starts" of one segment past the end, as of one segment in all', async () => {
    const { db, id } = await episodeWith(ASR)
    const after: [string, string, string, string] = ['00:01:00.000', '00:01:30.000', 'Ann', 'Long after.']
    const late = (cues: number): string =>
      vtt(cues > 1 ? [['00:00:01.000', '00:00:04.000', 'Ann', 'Hello.'], after] : [after])
    const one = await importTranscript(db, id, writeFile('one.vtt', late(1)))
    expect(one.warnings).toContain(
      "1 of 1 transcript segment starts after the media's end (0:30); the transcript runs to 1:30",
    )
    const two = await importTranscript(db, id, writeFile('two.vtt', late(2)))
    expect(two.warnings).toContain(
      "1 of 2 transcript segments starts after the media's end (0:30); the transcript runs to 1:30",
    )
  })
})

describe('a re-import over segments edited by hand', () => {
  it('is refused until the editor is told how many, then replaces them in one step with the speaker mapping', async () => {
    const { db, id } = await episodeWith(ASR)
    mapSpeakers(db, id, [])
    const [first] = transcriptView(db, id).segments
    editSegmentText(db, id, first?.id ?? '', 'Welcome back to the show, Bob Smith.')
    expect(episodeView(db, id).transcript.editedSegments).toBe(1)
    const corrected = writeFile('corrected.vtt', CORRECTED)
    await expect(importTranscript(db, id, corrected)).rejects.toThrow(
      '1 transcript segment was edited by hand; the import would replace it',
    )
    expect(transcriptView(db, id).segments[0]?.text).toBe('Welcome back to the show, Bob Smith.')

    await importTranscript(db, id, corrected, { replaceEdited: true })
    expect(episodeView(db, id).transcript.editedSegments).toBe(0)
    const bob = episodeView(db, id).participants.find((p) => p.name === 'Bob')
    mapSpeakers(db, id, [
      { participantId: bob?.id ?? '', to: { kind: 'self', name: 'Bob Smith', role: 'guest' } },
    ])
    expect(historyState(db, id).undoLabel).toBe('Import transcript corrected.vtt')
    // One undo: the hand edit is back, and so is Bob's old name.
    undo(db, id)
    expect(transcriptView(db, id).segments[0]?.text).toBe('Welcome back to the show, Bob Smith.')
    expect(episodeView(db, id).participants.map((p) => p.name)).toEqual(['Ann', 'Bob'])
    expect(historyState(db, id).undoLabel).toBe('Edit transcript text')
  })
})

describe('a re-import with other speakers', () => {
  const OTHERS = vtt([
    ['00:00:00.000', '00:00:10.000', 'Carol', 'Welcome back to the show, Dave.'],
    ['00:00:10.000', '00:00:20.000', 'Dave', 'Thanks for having me.'],
  ])

  it('names the speakers who no longer speak, warns of them in Problems, and removes them with the mapping', async () => {
    const { db, id } = await episodeWith(ASR)
    const result = await importTranscript(db, id, writeFile('others.vtt', OTHERS))
    expect(result.silentSpeakers).toEqual(['Ann', 'Bob'])
    const view = episodeView(db, id)
    const silent = findProblems(view).filter((p) => p.kind === 'silentParticipant')
    expect(silent.map((p) => [p.severity, p.message])).toEqual([
      [
        'warning',
        '“Ann” has no speaking time and no statements: remove them in Speakers… if they are not in this episode',
      ],
      [
        'warning',
        '“Bob” has no speaking time and no statements: remove them in Speakers… if they are not in this episode',
      ],
    ])
    // A participant quoted in a statement is not silent.
    const bob = view.participants.find((p) => p.name === 'Bob')?.id ?? ''
    const ann = view.participants.find((p) => p.name === 'Ann')?.id ?? ''
    const st = createStatement(db, id, { start: 1, end: 4 })
    updateStatement(db, id, st, { speakerId: bob })
    expect(findProblems(episodeView(db, id)).filter((p) => p.kind === 'silentParticipant')).toHaveLength(1)

    mapSpeakers(db, id, [{ participantId: ann, to: { kind: 'unknown' } }])
    expect(episodeView(db, id).participants.map((p) => p.name)).toEqual(['Bob', 'Carol', 'Dave'])
    expect(exportEpisode(db, id).participants.map((p) => p.name)).not.toContain('Ann')
  })

  it('warns of no participant while the episode has no transcript to speak in', async () => {
    const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
    const id = await createEpisode(db, { mediaPath: media })
    addParticipant(db, id, { name: 'Ann', role: 'host' })
    expect(findProblems(episodeView(db, id)).filter((p) => p.kind === 'silentParticipant')).toEqual([])
  })
})

describe('dimension labels', () => {
  it('refuses a second “Humour”, by add or by rename, with a sentence', async () => {
    const { db, id } = await episodeWith(ASR)
    addDimension(db, id, { label: 'Humour' })
    expect(() => addDimension(db, id, { label: ' humour ' })).toThrow(
      'the rubric already has a dimension labelled “Humour”; give this one another label',
    )
    const other = addDimension(db, id, { label: 'Warmth' })
    expect(() => updateDimension(db, id, other, { label: 'HUMOUR' })).toThrow(/labelled “Humour”/)
    // Its own label, differently cased, is no clash.
    updateDimension(db, id, other, { label: 'warmth' })
    expect(episodeView(db, id).rubric.dimensions.filter((d) => /humour/i.test(d.label))).toHaveLength(1)
  })

  it('of an older database holding two equal labels: an error in Problems, refused as the default', async () => {
    const { db, id } = await episodeWith(ASR)
    // As a database from before labels had to differ may hold them.
    db.prepare(`UPDATE rubric_dimensions SET label = ' guest TEACHING' WHERE key = 'guestDisagreement'`).run()
    const problems = findProblems(episodeView(db, id)).filter((p) => p.kind === 'duplicateLabel')
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        path: '/rubric/dimensions/2/label',
        message:
          'Two dimensions are labelled “Guest teaching” and “guest TEACHING”: readers cannot tell them apart; give one another label in the Rubric tab',
      }),
    ])
    expect(() => saveDefaultRubric(db, id)).toThrow(
      'the rubric has two dimensions labelled “Guest teaching”; give one of them another label before saving the rubric as the default',
    )
  })

  it('leaves the later of two equal labels of a saved default out of a new episode', async () => {
    const { db, id } = await episodeWith(ASR)
    addDimension(db, id, { label: 'Humour', description: 'Laughs' })
    saveDefaultRubric(db, id)
    // A default saved by a version that let two labels be equal.
    const saved = JSON.parse(
      db.prepare(`SELECT value FROM settings WHERE key = 'defaultRubric'`).pluck().get() as string,
    ) as { dimensions: { key: string; label: string }[] }
    saved.dimensions.push({ ...saved.dimensions[4]!, key: 'humour2', label: 'HUMOUR' })
    db.prepare(`UPDATE settings SET value = ? WHERE key = 'defaultRubric'`).run(JSON.stringify(saved))

    const next = await createEpisode(db, { mediaPath: media })
    const dimensions = episodeView(db, next).rubric.dimensions
    expect(dimensions.map((d) => d.label)).toEqual([
      'The hosts as informed peer',
      'Guest teaching',
      'Guest disagreement',
      'The hosts pushing back',
      'Humour',
    ])
    expect(dimensions[4]).toMatchObject({ key: 'humour', description: 'Laughs' })
  })

  it('refuses a loaded file with two equal labels at the second one’s JSON path', async () => {
    const { db, id } = await episodeWith(ASR)
    const doc = exportEpisode(db, id)
    const [first, second] = doc.rubric.dimensions
    if (!first || !second) throw new Error('the seed rubric has four dimensions')
    second.label = first.label.toUpperCase()
    const parsed = episodeSchemas().episodeDocumentSchema.safeParse(doc)
    expect(parsed.success).toBe(false)
    const issue = parsed.error?.issues.find((i) => i.path.join('/') === 'rubric/dimensions/1/label')
    expect(issue?.message).toContain('/rubric/dimensions/0')
  })
})
