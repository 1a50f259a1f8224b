import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { redo, undo } from '../../src/core/history/editHistory'
import { mapSpeakers } from '../../src/core/participants/mapSpeakers'
import { editSegmentText } from '../../src/core/transcript/editSegmentText'
import { importTranscript } from '../../src/core/transcript/importTranscript'
import { transcriptView } from '../../src/core/transcript/transcriptQueries'
import { keepWordTimes } from '../../src/shared/transcriptTokens'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'
import { INTERVIEW_VTT } from '../sampleTranscripts'

let media: string
beforeAll(() => {
  media = speechMp3(30)
})

function writeFile(name: string, text: string): string {
  const file = path.join(tempFolder(), name)
  fs.writeFileSync(file, text)
  return file
}

// The same interview, corrected: Bob's line says something else now.
const CORRECTED_VTT = INTERVIEW_VTT.replace(
  'Multi-agent systems mostly do not work today.',
  'Group chats of agents are silly, honestly.',
)

// Whisper's JSON: segments with timed words, as whisper-timestamped writes them.
const WHISPER_JSON = JSON.stringify({
  text: ' Hello there world. Second line here.',
  language: 'en',
  segments: [
    {
      id: 0,
      start: 0.5,
      end: 2.5,
      text: ' Hello there world.',
      words: [
        { text: 'Hello', start: 0.5, end: 1.0, confidence: 0.9 },
        { text: 'there', start: 1.1, end: 1.6, confidence: 0.9 },
        { text: 'world.', start: 1.7, end: 2.5, confidence: 0.9 },
      ],
    },
    {
      id: 1,
      start: 3.0,
      end: 5.0,
      text: ' Second line here.',
      words: [
        { text: 'Second', start: 3.0, end: 3.5, confidence: 0.9 },
        { text: 'line', start: 3.6, end: 4.2, confidence: 0.9 },
        { text: 'here.', start: 4.3, end: 5.0, confidence: 0.9 },
      ],
    },
  ],
})

function freshEpisode(transcript: string, name = 'interview.vtt'): Promise<{ db: Db; id: string }> {
  const db = openDatabase(path.join(tempFolder(), 'episcore.sqlite'))
  return createEpisode(db, { mediaPath: media, transcriptPath: writeFile(name, transcript) }).then((id) => ({
    db,
    id,
  }))
}

function addStatement(
  db: Db,
  episodeId: string,
  id: string,
  quote: string,
  start: number,
  end: number,
): void {
  db.prepare(
    `INSERT INTO statements (episode_id, id, title, quote, start, end) VALUES (?, ?, 'claim', ?, ?, ?)`,
  ).run(episodeId, id, quote, start, end)
}

describe('editing an episode transcript', () => {
  it('makes each transcript speaker a participant and asks for the mapping', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    const view = episodeView(db, id)
    expect(view.participants.map((p) => [p.name, p.role, p.segmentCount])).toEqual([
      ['Alice', 'other', 2],
      ['Bob', 'other', 1],
      ['SPEAKER_2', 'other', 1],
    ])
    expect(view.transcript).toMatchObject({ segmentCount: 4, speakersMapped: false })
    expect(view.participants[1]?.firstLine).toBe('Thanks. Multi-agent systems mostly do not work today.')
  })

  it('maps speakers in one undoable step: roles, a merge, an unknown speaker', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    const [alice, bob, other] = episodeView(db, id).participants
    if (!alice || !bob || !other) throw new Error('three speakers expected')
    mapSpeakers(db, id, [
      { participantId: alice.id, to: { kind: 'self', name: 'Alice Host', role: 'host' } },
      {
        participantId: bob.id,
        to: { kind: 'self', name: 'Bob', role: 'guest', affiliation: 'Prime Intellect' },
      },
      { participantId: other.id, to: { kind: 'participant', participantId: bob.id } },
    ])
    let view = episodeView(db, id)
    expect(
      view.participants.map((p) => [p.name, p.role, p.affiliation, p.segmentCount, p.wordCount]),
    ).toEqual([
      ['Alice Host', 'host', null, 2, 10],
      ['Bob', 'guest', 'Prime Intellect', 2, 15],
    ])
    expect(view.transcript.speakersMapped).toBe(true)
    const balance = exportEpisode(db, id).speakingBalance
    expect(balance?.bins[0]).toMatchObject({ hostSeconds: 7.5, guestSeconds: 10 })

    undo(db, id)
    view = episodeView(db, id)
    expect(view.participants.map((p) => p.name)).toEqual(['Alice', 'Bob', 'SPEAKER_2'])
    expect(view.participants.map((p) => p.affiliation)).toEqual([null, null, null])
    expect(view.transcript.speakersMapped).toBe(false)

    mapSpeakers(db, id, [{ participantId: other.id, to: { kind: 'unknown' } }])
    view = episodeView(db, id)
    expect(view.participants.map((p) => p.name)).toEqual(['Alice', 'Bob'])
    expect(transcriptView(db, id).segments[3]?.speakerId).toBeNull()
  })

  it('refuses a merge into a speaker that is merged away in the same mapping, writing nothing', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    const [alice, bob] = episodeView(db, id).participants
    if (!alice || !bob) throw new Error('speakers expected')
    expect(() =>
      mapSpeakers(db, id, [
        { participantId: alice.id, to: { kind: 'participant', participantId: bob.id } },
        { participantId: bob.id, to: { kind: 'unknown' } },
      ]),
    ).toThrow(/merged away/)
    expect(episodeView(db, id).participants).toHaveLength(3)
    expect(episodeView(db, id).history.canUndo).toBe(false)
  })

  it('re-importing a corrected transcript keeps statements and flags the quotes that no longer match', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    const [alice] = episodeView(db, id).participants
    if (!alice) throw new Error('speaker expected')
    mapSpeakers(db, id, [{ participantId: alice.id, to: { kind: 'self', name: 'Alice', role: 'host' } }])
    addStatement(db, id, 'st1', 'multi-agent systems mostly DO NOT work', 4.5, 9)
    addStatement(db, id, 'st2', 'the algorithms do not exist yet', 14.5, 20)
    expect(episodeView(db, id).statements.map((s) => s.quoteProblem)).toEqual([null, null])
    const revBefore = transcriptView(db, id).rev

    await importTranscript(db, id, writeFile('corrected.vtt', CORRECTED_VTT))
    const view = episodeView(db, id)
    expect(view.statements.map((s) => [s.id, s.quoteProblem !== null])).toEqual([
      ['st1', true],
      ['st2', false],
    ])
    // Speakers already known keep their mapping; the import is one undo step.
    expect(view.participants.find((p) => p.name === 'Alice')?.role).toBe('host')
    expect(view.participants).toHaveLength(3)
    expect(transcriptView(db, id).segments[1]?.text).toBe(
      'Thanks. Group chats of agents are silly, honestly.',
    )
    expect(view.history.undoLabel).toBe('Import transcript corrected.vtt')

    undo(db, id)
    expect(transcriptView(db, id).rev).toBe(revBefore)
    expect(transcriptView(db, id).segments[1]?.text).toContain('Multi-agent')
    expect(episodeView(db, id).statements.map((s) => s.quoteProblem)).toEqual([null, null])
    redo(db, id)
    expect(episodeView(db, id).statements[0]?.quoteProblem).not.toBeNull()
  })

  it('a quote said elsewhere offers that place; a quote said nowhere is flagged as not in the transcript', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    addStatement(db, id, 'misplaced', 'The algorithms do NOT exist yet!', 1, 4)
    addStatement(db, id, 'invented', 'Agents will replace every podcast host by next year', 9.5, 14)
    const [misplaced, invented] = episodeView(db, id).statements
    expect(misplaced?.quoteProblem).toMatch(/said elsewhere/)
    expect(misplaced?.quoteFoundAt).toEqual({ start: 14.5, end: 20 })
    expect(invented?.quoteProblem).toBe('the quote is not in the transcript')
    expect(invented?.quoteFoundAt).toBeNull()
  })

  it('a re-import tells which lines of the file no cue holds, and leaves them out', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    const file = writeFile('stray.vtt', 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\nstray words\n')
    expect(await importTranscript(db, id, file)).toMatchObject({
      segments: 1,
      warnings: ['line 6: not part of any cue, left out'],
    })
    expect(transcriptView(db, id).segments.map((s) => s.text)).toEqual(['Hi'])
  })

  it('a broken re-import is refused and the transcript stays as it was', async () => {
    const { db, id } = await freshEpisode(INTERVIEW_VTT)
    const before = transcriptView(db, id)
    await expect(importTranscript(db, id, writeFile('broken.vtt', 'WEBVTT\n\nnot a cue\n'))).rejects.toThrow(
      /broken\.vtt/,
    )
    expect(transcriptView(db, id)).toEqual(before)
    expect(episodeView(db, id).history.canUndo).toBe(false)
  })

  it('editing a segment keeps the times of the words that still match, drops the others, and undoes', async () => {
    const { db, id } = await freshEpisode(WHISPER_JSON, 'whisper.json')
    const first = transcriptView(db, id).segments[0]
    expect(first?.wordTimes).toEqual([
      [0.5, 1],
      [1.1, 1.6],
      [1.7, 2.5],
    ])
    editSegmentText(db, id, first?.id ?? '', 'Hello   there, big world!')
    const edited = transcriptView(db, id).segments[0]
    expect(edited?.text).toBe('Hello there, big world!')
    expect(edited?.wordTimes).toEqual([[0.5, 1], [1.1, 1.6], null, [1.7, 2.5]])
    expect(episodeView(db, id).history.undoLabel).toBe('Edit transcript text')
    undo(db, id)
    expect(transcriptView(db, id).segments[0]).toEqual(first)
  })
})

describe('keeping word times through a text edit', () => {
  const w = (text: string, start: number): { text: string; start: number; end: number } => ({
    text,
    start,
    end: start + 0.5,
  })

  it('keeps matching words in order with their new spelling and drops replaced ones', () => {
    const old = [w('the', 0), w('crew', 1), w('ai', 2), w('thing', 3)]
    expect(keepWordTimes(old, 'The CrewAI thing.')).toEqual([
      { text: 'The', start: 0, end: 0.5 },
      { text: 'thing.', start: 3, end: 3.5 },
    ])
  })

  it('keeps nothing when the text is replaced wholesale, and everything when only punctuation changes', () => {
    const old = [w('one', 0), w('two', 1)]
    expect(keepWordTimes(old, 'three four')).toEqual([])
    expect(keepWordTimes(old, 'One, two!').map((x) => x.start)).toEqual([0, 1])
  })
})
