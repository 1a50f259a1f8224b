import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { UserError } from '../../src/core/errors'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { DatabaseSession } from '../../src/core/service/databaseSession'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { ITEM_LIMITS, MAX_DURATION_SECONDS } from '../../src/shared/episodeLimits'
import { episodeJsonSchema } from '../../src/shared/episodeJsonSchema'
import { TEXT_LIMITS } from '../../src/shared/textLimits'
import type { EpisodeView } from '../../src/shared/contract'
import { findProblems } from '../../src/shared/problems'
import { formatClock } from '../../src/shared/time'
import { machineEpisode } from '../machineEpisode'
import { SONNET_MP3 } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

const freshDb = (): Db => openDatabase(path.join(tempFolder(), 'episcore.sqlite'))

/** The machine episode changed by `change`, as a file would hold it. */
function changed(change: (doc: EpisodeDocument) => void): EpisodeDocument {
  const doc = machineEpisode()
  change(doc)
  return doc
}

/** The lines of a refusal after its lead line; fails when the document loads. */
function refusal(db: Db, doc: unknown, asText = true): { lead: string; problems: string[] } {
  try {
    loadEpisodeDocument(db, asText ? JSON.stringify(doc) : doc, { name: 'hostile.json' })
  } catch (error) {
    expect(error).toBeInstanceOf(UserError)
    const [lead = '', ...problems] = (error as Error).message.split('\n')
    return { lead, problems }
  }
  return expect.fail('the document was loaded')
}

const episodes = (db: Db): number => db.prepare('SELECT count(*) FROM episodes').pluck().get() as number

describe('a number in a file', () => {
  it('refuses a duration over 7 days at /episode/durationSeconds, whatever its size', () => {
    const db = freshDb()
    for (const duration of [MAX_DURATION_SECONDS + 0.001, 1e8, 1e10, 1e300]) {
      const { problems } = refusal(
        db,
        changed((d) => (d.episode.durationSeconds = duration)),
      )
      expect(problems).toContain('/episode/durationSeconds: an episode is at most 7 days (604,800 s) long')
    }
    expect(episodes(db)).toBe(0)
    // Seven days exactly is an episode.
    const week = changed((d) => (d.episode.durationSeconds = MAX_DURATION_SECONDS))
    expect(loadEpisodeDocument(db, week).id).toBe(week.episode.id)
  })

  it('keeps the derived fields bounded for a duration a database holds from before the limit', () => {
    const db = freshDb()
    const doc = machineEpisode()
    loadEpisodeDocument(db, doc)
    // As a load before this limit left it: 1e10 s took the host's heap at each start, 1e300 any export.
    for (const duration of [1e10, 1e300]) {
      db.prepare('UPDATE episodes SET duration_seconds = ?').run(duration)
      const started = performance.now()
      const view = episodeView(db, doc.episode.id)
      const bins = view.speakingBalance?.bins ?? []
      expect(bins.length).toBeGreaterThan(0)
      expect(bins.length).toBeLessThanOrEqual(Math.ceil(MAX_DURATION_SECONDS / 180))
      expect(performance.now() - started).toBeLessThan(2000)
    }
  })
})

describe('caps on items', () => {
  it('refuses each list past its cap as one more problem, and still checks the rest of the file', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const chapter = doc.chapters[0] as EpisodeDocument['chapters'][number]
    const participant = doc.participants[0] as EpisodeDocument['participants'][number]
    const dimension = doc.rubric.dimensions[0] as EpisodeDocument['rubric']['dimensions'][number]
    const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i))
    doc.chapters = many(ITEM_LIMITS.chapters + 1, (i) => ({ ...chapter, id: `c${i}` }))
    doc.participants = many(ITEM_LIMITS.participants + 1, (i) => ({ ...participant, id: `p${i}` }))
    doc.rubric.dimensions = many(ITEM_LIMITS.dimensions + 1, (i) => ({ ...dimension, key: `d${i}` }))
    doc.episode.summary = ' not trimmed'
    const { lead, problems } = refusal(db, doc)
    expect(lead).toBe('hostile.json is not a valid episode JSON v1 file (4 problems):')
    expect(problems).toEqual([
      '/episode/summary: text is trimmed (no leading or trailing spaces)',
      '/participants: at most 1,000 participants in one episode',
      '/rubric/dimensions: at most 50 rubric dimensions in one episode',
      '/chapters: at most 2,000 chapters in one episode',
    ])
    expect(episodes(db)).toBe(0)
  })

  it('still cross-checks the file past a cap, on each list cut to its cap', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const participant = doc.participants[0] as EpisodeDocument['participants'][number]
    doc.participants = [
      ...doc.participants,
      ...Array.from({ length: ITEM_LIMITS.participants + 1 - doc.participants.length }, (_, i) => ({
        ...participant,
        id: `p${i}`,
      })),
    ]
    ;(doc.statements[0] as EpisodeDocument['statements'][number]).speakerId = 'nobody'
    ;(doc.highlights[0] as EpisodeDocument['highlights'][number]).time = 9999
    const input = JSON.stringify(doc)
    const { lead, problems } = refusal(db, doc)
    expect(lead).toBe('hostile.json is not a valid episode JSON v1 file (3 problems):')
    expect(problems).toEqual([
      '/participants: at most 1,000 participants in one episode',
      "/highlights/0/time: 9999 is past the media's end (600)",
      '/statements/0/speakerId: "nobody" is not a participant id',
    ])
    // The document checked is left as it was given.
    expect(JSON.stringify(doc)).toBe(input)
    expect(episodes(db)).toBe(0)
  })

  it('counts the words of every segment together against their cap', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const segment = doc.transcript?.segments[0]
    if (!doc.transcript || !segment) return expect.fail('the machine episode has a transcript')
    const word = { start: segment.start, end: segment.start, text: 'a' }
    const perSegment = ITEM_LIMITS.words / 4
    doc.transcript.segments = Array.from({ length: 5 }, (_, i) => ({
      ...segment,
      id: `s${i}`,
      words: Array.from({ length: perSegment }, () => word),
    }))
    const { problems } = refusal(db, doc)
    expect(problems).toEqual([
      '/transcript/segments: 1,250,000 words: at most 1,000,000 transcript words in one episode',
    ])
  })

  it('lists at most 100 problems, then one line saying how many more', () => {
    const db = freshDb()
    const doc = machineEpisode()
    const chapter = doc.chapters[0] as EpisodeDocument['chapters'][number]
    // 2,000 chapters on one span, each with its title not trimmed: 4,000 problems.
    doc.chapters = Array.from({ length: ITEM_LIMITS.chapters }, (_, i) => ({
      ...chapter,
      id: `c${i}`,
      title: ' padded',
    }))
    const { lead, problems } = refusal(db, doc)
    expect(lead).toBe('hostile.json is not a valid episode JSON v1 file (4,000 problems):')
    expect(problems).toHaveLength(101)
    expect(problems[0]).toBe('/chapters/0/title: text is trimmed (no leading or trailing spaces)')
    expect(problems[100]).toBe('… and 3,900 more problems')
  })
})

describe('text in a loaded file', () => {
  it("obeys the editor's limits, field by field", () => {
    const db = freshDb()
    const over = (limit: number): string => 'x'.repeat(limit + 1)
    const doc = changed((d) => {
      d.episode.title = over(TEXT_LIMITS.short)
      d.episode.summary = over(TEXT_LIMITS.long)
      d.episode.show = over(TEXT_LIMITS.name)
      const chapter = d.chapters[0]
      if (chapter) chapter.why = over(TEXT_LIMITS.long)
      const participant = d.participants[0]
      if (participant) participant.name = over(TEXT_LIMITS.name)
    })
    const { problems } = refusal(db, doc)
    expect(problems).toEqual([
      '/episode/title: can be at most 500 characters',
      '/episode/show: can be at most 200 characters',
      '/episode/summary: can be at most 20,000 characters',
      '/participants/0/name: can be at most 200 characters',
      '/chapters/0/why: can be at most 20,000 characters',
    ])
    // At the limit, the same texts load.
    const at = changed((d) => {
      d.episode.title = 'x'.repeat(TEXT_LIMITS.short)
      d.episode.summary = 'x'.repeat(TEXT_LIMITS.long)
    })
    expect(loadEpisodeDocument(db, at).id).toBe(at.episode.id)
  })

  it('refuses a control character in a title or an id, naming its JSON path', () => {
    const db = freshDb()
    const doc = changed((d) => {
      d.episode.title = 'Line one\nforged\trow'
      d.episode.id = 'id\u001b[31m'
      const chapter = d.chapters[0]
      if (chapter) chapter.title = 'a\u2028b'
      const statement = d.statements[0]
      if (statement) statement.id = 'st\r1'
    })
    const { problems } = refusal(db, doc)
    const control = 'holds a control character (a line break, tab or escape code)'
    expect(problems).toEqual(
      expect.arrayContaining([
        `/episode/id: an id ${control}`,
        `/episode/title: a title ${control}`,
        `/chapters/0/title: a title ${control}`,
        `/statements/0/id: an id ${control}`,
      ]),
    )
  })
})

describe('the JSON Schema generated from the zod schema', () => {
  it('carries every limit: maximum, maxLength, maxItems and the pattern of titles and ids', () => {
    type Node = { properties: Record<string, Node>; items: Node; maximum?: number; maxLength?: number }
    const schema = episodeJsonSchema() as unknown as Node
    const episode = schema.properties.episode as Node
    expect(episode.properties.durationSeconds?.maximum).toBe(MAX_DURATION_SECONDS)
    expect(episode.properties.title?.maxLength).toBe(TEXT_LIMITS.short)
    expect(episode.properties.title).toHaveProperty('pattern')
    expect(episode.properties.id).toHaveProperty('pattern')
    expect(episode.properties.summary?.maxLength).toBe(TEXT_LIMITS.long)
    expect(schema.properties.chapters).toHaveProperty('maxItems', ITEM_LIMITS.chapters)
    expect(schema.properties.statements).toHaveProperty('maxItems', ITEM_LIMITS.statements)
    expect(schema.properties.highlights).toHaveProperty('maxItems', ITEM_LIMITS.highlights)
    expect(schema.properties.participants).toHaveProperty('maxItems', ITEM_LIMITS.participants)
    const text = JSON.stringify(schema)
    for (const cap of [ITEM_LIMITS.dimensions, ITEM_LIMITS.segments, ITEM_LIMITS.words])
      expect(text).toContain(`"maxItems":${cap}`)
  })
})

describe('a large file loaded through the host', () => {
  it('is read and checked off the thread: another call is answered before the load', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'big.json')
    const doc = machineEpisode()
    const segment = doc.transcript?.segments[0]
    if (!doc.transcript || !segment) return expect.fail('the machine episode has a transcript')
    // About 12 MB: a second or more of parsing and checking on the host's thread before the fix.
    doc.transcript.segments = Array.from({ length: 40_000 }, (_, i) => ({
      ...segment,
      id: `s${String(i).padStart(6, '0')}`,
      start: 700 + i,
      end: 700.5 + i,
      text: 'x'.repeat(250),
    }))
    fs.writeFileSync(file, JSON.stringify(doc))
    const files = new FileRefs()
    const session = new DatabaseSession(path.join(dir, 'episcore.sqlite'), {
      files,
      peaks: new PeaksCache(dir),
    })
    const order: string[] = []
    const load = session
      .dispatch('episodes.load', { file: files.register(file) })
      .then((reply) => (order.push('load'), reply))
    const list = session.dispatch('episodes.list', {}).then((reply) => (order.push('list'), reply))
    const [loaded, listed] = await Promise.all([load, list])
    session.close()
    expect(listed.ok).toBe(true)
    expect(order).toEqual(['list', 'load'])
    expect(loaded.ok).toBe(true)
    const db = openDatabase(path.join(dir, 'episcore.sqlite'))
    expect(db.prepare('SELECT count(*) FROM transcript_segments').pluck().get()).toBe(40_000)
    db.close()
  }, 60_000)
})

describe('the same limits for an edit and an import', () => {
  const handlersOn = (db: Db) =>
    createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })

  it('refuses the chapter, statement, dimension or participant past its cap, changing nothing', async () => {
    const db = freshDb()
    const doc = machineEpisode()
    const chapter = doc.chapters[0] as EpisodeDocument['chapters'][number]
    // 2,000 chapters of 0.3 s each over the 600 s media.
    doc.chapters = Array.from({ length: ITEM_LIMITS.chapters }, (_, i) => ({
      ...chapter,
      id: `c${String(i).padStart(4, '0')}`,
      start: (i * 3) / 10,
      end: ((i + 1) * 3) / 10,
    }))
    doc.highlights = []
    doc.statements = doc.statements.map((s) => ({ ...s, chapterId: null }))
    const dimension = doc.rubric.dimensions[0] as EpisodeDocument['rubric']['dimensions'][number]
    doc.rubric.dimensions = Array.from({ length: ITEM_LIMITS.dimensions }, (_, i) => ({
      ...dimension,
      key: `d${i}`,
      // Each its own label: two dimensions cannot share one.
      label: `Dimension ${i + 1}`,
    }))
    doc.chapters = doc.chapters.map((c) => ({
      ...c,
      scores: Object.fromEntries(doc.rubric.dimensions.map((d) => [d.key, { value: null, reasoning: '' }])),
    }))
    doc.scoreSummary = Object.fromEntries(doc.rubric.dimensions.map((d) => [d.key, null]))
    loadEpisodeDocument(db, doc)
    const id = doc.episode.id
    const handlers = handlersOn(db)
    const before = db.prepare('SELECT count(*) FROM edit_history').pluck().get()
    expect(await dispatch(handlers, 'chapters.split', { id, at: 100.1 })).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'at most 2,000 chapters in one episode; this one has 2,000 already',
      },
    })
    expect(await dispatch(handlers, 'rubric.add', { id, label: 'One more' })).toMatchObject({
      ok: false,
      error: { message: 'at most 50 rubric dimensions in one episode; this one has 50 already' },
    })
    expect(db.prepare('SELECT count(*) FROM edit_history').pluck().get()).toBe(before)
    expect(await dispatch(handlers, 'statements.create', { id, start: 1, end: 2 })).toMatchObject({
      ok: true,
    })
  }, 30_000)

  it('answers an export of what an older database holds with the problem, never `internal`', async () => {
    const db = freshDb()
    const doc = machineEpisode()
    loadEpisodeDocument(db, doc)
    db.prepare(`UPDATE episodes SET duration_seconds = 1e300, title = 'a\ttab'`).run()
    const reply = await dispatch(handlersOn(db), 'episodes.exportAs', { id: doc.episode.id, format: 'html' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const message = reply.ok ? '' : reply.error.message
    expect(message).toContain('/episode/durationSeconds: an episode is at most 7 days (604,800 s) long')
    expect(message).toContain('/episode/title: a title holds a control character')
  })

  it('refuses a transcript holding a text longer than the editor takes, naming the file', async () => {
    const db = freshDb()
    const doc = machineEpisode()
    loadEpisodeDocument(db, doc)
    const file = path.join(tempFolder(), 'long.vtt')
    fs.writeFileSync(file, `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'word '.repeat(25_000)}\n`)
    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(tempFolder()) })
    const reply = await dispatch(handlers, 'transcript.import', {
      id: doc.episode.id,
      file: files.register(file),
    })
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'long.vtt: the text of segment 1 can be at most 100,000 characters',
      },
    })
  })
})

describe('a title typed, given to `new` or renamed', () => {
  it('has each run of control characters replaced by one space, with a warning on stderr', async () => {
    const db = freshDb()
    const doc = machineEpisode()
    loadEpisodeDocument(db, doc)
    const warned: string[] = []
    const original = console.warn
    console.warn = (...args: unknown[]) => void warned.push(args.join(' '))
    try {
      const reply = await dispatch(
        createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) }),
        'episodes.update',
        {
          id: doc.episode.id,
          patch: { title: 'Part one\r\n\tPart\u001b[31m two\u2028' },
        },
      )
      expect(reply.ok).toBe(true)
    } finally {
      console.warn = original
    }
    expect(db.prepare('SELECT title FROM episodes').pluck().get()).toBe('Part one Part [31m two')
    expect(warned).toEqual([
      'episcore: warning: the title\'s line breaks, tabs and other control characters were each replaced by a space: "Part one Part [31m two"',
    ])
  })
})

describe("a loaded file's media, linked", () => {
  it('decoding to a length more than 1 s from the file’s: kept, with a problem naming both lengths', async () => {
    const db = freshDb()
    const doc = machineEpisode()
    const sha256 = createHash('sha256').update(fs.readFileSync(SONNET_MP3)).digest('hex')
    // The file says 30 s; the media decodes to some 53 s. Nothing in the analysis is past either.
    doc.episode.durationSeconds = 30
    doc.episode.media = { fileName: 'audio.mp3', sha256, kind: 'audio' }
    Object.assign(doc, {
      chapters: [],
      highlights: [],
      statements: [],
      transcript: null,
      speakingBalance: null,
    })
    loadEpisodeDocument(db, doc)
    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(tempFolder()) })
    const reply = await dispatch(handlers, 'episodes.relinkMedia', {
      id: doc.episode.id,
      media: files.register(SONNET_MP3),
    })
    if (!reply.ok) return expect.fail(reply.error.message)
    const { view, sameContent } = reply.value as { view: EpisodeView; sameContent: boolean }
    expect(sameContent).toBe(true)
    expect(view.summary.durationSeconds).toBeGreaterThan(50)
    expect(view.media?.declaredSeconds).toBe(30)
    const problem = findProblems(view).find((p) => p.kind === 'mediaLength')
    expect(problem?.message).toContain('0:30')
    expect(problem?.message).toContain(formatClock(view.summary.durationSeconds))
  })
})
