import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createStatement } from '../../src/core/analysis/statements'
import { openDatabase } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { editSegmentText } from '../../src/core/transcript/editSegmentText'
import { transcriptView } from '../../src/core/transcript/transcriptQueries'
import { episodeSchemas } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { speechMp3 } from '../generateMedia'
import { fixture } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

const HTML = fixture('podcasting20', 'transcripts', 'snippet-from-transcripts-md.html')
const SRT = fixture('podcasting20', 'transcripts', 'snippet-from-transcripts-md.srt')

let media: string
beforeAll(() => {
  media = speechMp3(30)
})

function writeTemp(name: string, content: string): string {
  const file = path.join(tempFolder(), name)
  fs.writeFileSync(file, content)
  return file
}

const speakersOf = (json: string): [string | null, number, string][] => {
  const transcript = episodeSchemas().transcriptSchema.parse(JSON.parse(json))
  const names = new Map(transcript.segments.map((s) => [s.speakerId, s.speakerId]))
  return transcript.segments.map((s) => [names.get(s.speakerId) ?? null, s.start, s.text.slice(0, 20)])
}

describe('the Podcasting 2.0 HTML and SRT transcripts', () => {
  it('reads the HTML transcript’s <cite> speakers and <time> stamps, never its markup', () => {
    const run = episcore(['transcript', 'convert', HTML, '--to', 'vtt'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('<v Kevin>We have an update planned')
    expect(run.stdout).toContain("00:00:09.000 --> 00:00:13.800\n<v Alban>You're triggering Tom")
    expect(run.stdout).not.toMatch(/<(cite|time|p)>/)
  })

  it('refuses HTML that is not a Podcasting 2.0 transcript, in one line naming the file', () => {
    const page = writeTemp('page.html', '<html><body><h1>Show notes</h1><p>No times here.</p></body></html>')
    const run = episcore(['transcript', 'convert', page, '--to', 'json'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `episcore: ${page}: line 1: HTML without a Podcasting 2.0 transcript in it (<cite>Speaker:</cite> <time>0:00</time> <p>text</p>)`,
    ])
  })

  it('gives an SRT turn’s unnamed cues the speaker of its first, and says how many on stderr', () => {
    const run = episcore(['transcript', 'convert', SRT, '--to', 'json'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toBe(
      `episcore: warning: ${SRT}: 5 cues without a speaker name given the speaker of the cue before (less than 2 s between them)\n`,
    )
    const transcript = JSON.parse(run.stdout) as { segments: { speakerId: string | null }[] }
    const speakers = transcript.segments.map((s) => s.speakerId)
    expect(speakers.every((s) => s !== null)).toBe(true)
    // Sarah's five cues, then Gillian's two.
    expect(new Set(speakers.slice(0, 5)).size).toBe(1)
    expect(speakers[5]).not.toBe(speakers[0])
    expect(speakers[6]).toBe(speakers[5])
    expect(speakersOf(run.stdout)).toHaveLength(7)
  })

  it('counts the whole of Sarah’s turn in an episode made from the SRT', () => {
    const db = path.join(tempFolder(), 'episcore.sqlite')
    const made = episcore(['--db', db, 'new', '--media', media, '--transcript', SRT])
    expect(made.code, made.stderr).toBe(0)
    expect(made.stderr).toContain('snippet-from-transcripts-md.srt: 5 cues without a speaker name')
    const view = episodeView(openDatabase(db), made.stdout.trim())
    expect(view.participants.map((p) => [p.name, p.speakingSeconds])).toEqual([
      ['Sarah', 18.63],
      ['Gillian', 6.27],
    ])
  })
})

describe('episcore transcript import', () => {
  const TALK = [
    'WEBVTT',
    '',
    '00:00:00.000 --> 00:00:05.000',
    '<v Ann>Welcome back to the show.',
    '',
    '00:00:05.000 --> 00:00:12.000',
    '<v Bob>We trained R-one with single-term rewards and it learned to check every answer.',
    '',
  ].join('\n')

  function episode(): { db: string; id: string } {
    const db = path.join(tempFolder(), 'episcore.sqlite')
    const made = episcore(['--db', db, 'new', '--media', media, '--transcript', writeTemp('talk.vtt', TALK)])
    expect(made.code, made.stderr).toBe(0)
    return { db, id: made.stdout.trim() }
  }

  it('says on stderr that a transcript runs past the media’s end, with the count and the times', () => {
    const { db, id } = episode()
    const long = writeTemp(
      'long.vtt',
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:04.000',
        'Hello.',
        '',
        '00:02:00.000 --> 00:17:00.000',
        'Long.',
        '',
      ].join('\n'),
    )
    const run = episcore(['--db', db, 'transcript', 'import', id, long])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain(
      "episcore: warning: long.vtt: 1 of 2 transcript segments starts after the media's end (0:30); the transcript runs to 17:00\n",
    )
    expect(run.stderr).toContain(
      'episcore: warning: Ann no longer speaks in the transcript (still a participant)',
    )
    expect(run.stdout).toBe('Imported 2 transcript segments from long.vtt\n')
    // Made with it, the episode is warned of the same way.
    const made = episcore(['--db', db, 'new', '--media', media, '--transcript', long])
    expect(made.stderr).toContain("long.vtt: 1 of 2 transcript segments starts after the media's end (0:30)")
  })

  it('refuses to replace hand-edited segments without --replace-edits, and counts the quotes it refilled and outdated', () => {
    const { db, id } = episode()
    const opened = openDatabase(db)
    createStatement(opened, id, { start: 5, end: 12 })
    // Typed by the editor (not the span's exact words): kept as written, and flagged once corrected.
    const TYPED = 'trained R-one with single-term rewards'
    createStatement(opened, id, { start: 5, end: 12, quote: TYPED })
    const segment = transcriptView(opened, id).segments[0]?.id ?? ''
    editSegmentText(opened, id, segment, 'Welcome back to the show, Bob.')
    opened.close()
    const corrected = writeTemp(
      'corrected.vtt',
      TALK.replace('R-one', 'R1').replace('single-term', 'single-turn'),
    )

    const refused = episcore(['--db', db, 'transcript', 'import', id, corrected])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(
      'episcore: 1 transcript segment was edited by hand; the import would replace it (--replace-edits to replace it)\n',
    )
    const run = episcore(['--db', db, 'transcript', 'import', id, corrected, '--replace-edits'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe(
      'Imported 2 transcript segments from corrected.vtt; 1 quote refilled, 1 typed quote no longer matches\n',
    )
    const after = openDatabase(db)
    expect(
      episodeView(after, id)
        .statements.map((s) => [s.quote, s.quoteProblem !== null])
        .sort(),
    ).toEqual([
      ['We trained R1 with single-turn rewards and it learned to check every answer.', false],
      [TYPED, true],
    ])
  })
})

describe('episcore load of a rubric with two equal labels', () => {
  it('refuses the file at the second label’s JSON path, writing nothing', () => {
    const db = path.join(tempFolder(), 'episcore.sqlite')
    const made = episcore(['--db', db, 'new', '--media', media])
    expect(made.code, made.stderr).toBe(0)
    const exported = episcore(['--db', db, 'export', made.stdout.trim()])
    const doc = JSON.parse(exported.stdout) as {
      episode: { id: string }
      rubric: { dimensions: { label: string }[] }
    }
    doc.episode.id = 'humour-twice'
    doc.rubric.dimensions[0]!.label = 'Humour'
    doc.rubric.dimensions[2]!.label = 'HUMOUR'
    const file = writeTemp('humour.json', JSON.stringify(doc))
    const run = episcore(['--db', db, 'load', file])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      "/rubric/dimensions/2/label: the label “HUMOUR” is already /rubric/dimensions/0's (labels must differ in more than case and spaces)",
    )
    expect(episcore(['--db', db, 'list']).stdout).not.toContain('humour-twice')
  })
})
