import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { createEpisode, type NewEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { exportEpisode } from '../../src/core/export/exportEpisode'
import { EDITABLE_TABLES } from '../../src/core/history/tables'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeView, MethodName, RequestOf, ResponseOf } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import type { Reply, ReplyError } from '../../src/shared/result'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** An interview of two diarized speakers: [start, end, speaker, text]. */
const INTERVIEW: readonly [number, number, string, string][] = [
  [1, 4, 'SPEAKER_00', 'Welcome to the show, everybody.'],
  [5, 12, 'SPEAKER_01', 'Multi-agent systems mostly do not work today.'],
  [13, 16, 'SPEAKER_00', 'Why do you say that?'],
  [17, 30, 'SPEAKER_01', 'Because the algorithms for cooperative agents do not exist yet.'],
  [31, 45, 'SPEAKER_00', 'So what should the open source community build instead?'],
  [46, 58, 'SPEAKER_01', 'Environments with verifiable rewards, and a lot of patience.'],
]

const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000

/** The interview as WhisperX writes it: each segment's words spread evenly over it, with a small pause. */
function interviewWords(): { start: number; end: number; word: string; segment: number }[] {
  return INTERVIEW.flatMap(([start, end, , text], segment) => {
    const words = text.split(' ')
    const step = (end - start) / words.length
    return words.map((word, k) => ({
      start: ms(start + k * step),
      end: ms(start + (k + 1) * step - 0.05),
      word,
      segment,
    }))
  })
}

function whisperXJson(): string {
  const words = interviewWords()
  return JSON.stringify({
    segments: INTERVIEW.map(([start, end, speaker, text], i) => ({
      start,
      end,
      speaker,
      text: ` ${text}`,
      words: words
        .filter((w) => w.segment === i)
        .map(({ segment: _segment, ...w }) => ({ ...w, score: 0.9 })),
    })),
  })
}

const VTT = `WEBVTT

${INTERVIEW.map(
  ([start, end, speaker, text]) =>
    `00:00:${String(start).padStart(2, '0')}.000 --> 00:00:${String(end).padStart(2, '0')}.000\n<v ${speaker}>${text}`,
).join('\n\n')}
`

export interface Template {
  file: string
  id: string
  media: string
}

export interface TemplateOptions {
  transcript?: 'whisperx' | 'vtt' | 'none'
  /** A media file to share between templates; 60 seconds of speech-like sound when missing. */
  media?: string
  episode?: Omit<NewEpisode, 'mediaPath' | 'transcriptPath'>
}

/**
 * A database holding one episode, by default 60 seconds with the interview as its transcript, made once
 * per test file and copied for each test (creating an episode probes and hashes the media, copying
 * does not).
 */
export async function makeTemplate(options: TemplateOptions = {}): Promise<Template> {
  const { transcript = 'whisperx', media = speechMp3(60), episode = { title: 'Interview' } } = options
  const folder = tempFolder()
  let transcriptPath: string | undefined
  if (transcript !== 'none') {
    transcriptPath = path.join(folder, transcript === 'vtt' ? 'interview.vtt' : 'interview.json')
    fs.writeFileSync(transcriptPath, transcript === 'vtt' ? VTT : whisperXJson())
  }
  const file = path.join(folder, 'template.sqlite')
  const db = openDatabase(file)
  const id = await createEpisode(db, {
    ...episode,
    mediaPath: media,
    ...(transcriptPath && { transcriptPath }),
  })
  db.close()
  return { file, id, media }
}

type Request<K extends MethodName> = Omit<RequestOf<K>, 'id'>

export interface Session {
  db: Db
  id: string
  /** Calls the core as the app does, through the contract's door; throws when refused. */
  call<K extends MethodName>(method: K, request: Request<K>): Promise<ResponseOf<K>>
  /** Calls and answers the reply as it comes, accepted or refused. */
  reply(method: MethodName, request: Record<string, unknown>): Promise<Reply<unknown>>
  /** Calls and expects a refusal; answers it. */
  refusal<K extends MethodName>(method: K, request: Request<K>): Promise<ReplyError>
  view(): EpisodeView
}

export function openCopy(template: Template): Session {
  const file = path.join(tempFolder(), 'episcore.sqlite')
  fs.copyFileSync(template.file, file)
  const db = openDatabase(file)
  const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  const { id } = template
  return {
    db,
    id,
    call: async (method, request) => {
      const reply = await dispatch(handlers, method, { ...request, id })
      if (!reply.ok) throw new Error(`${method} was refused: ${reply.error.code}: ${reply.error.message}`)
      return reply.value as ResponseOf<typeof method>
    },
    refusal: async (method, request) => {
      const reply = await dispatch(handlers, method, { ...request, id })
      if (reply.ok) throw new Error(`${method} was accepted, a refusal was expected`)
      return reply.error
    },
    reply: (method, request) => dispatch(handlers, method, { ...request, id }),
    view: () => episodeView(db, id),
  }
}

/** Every row of the episode in every table an edit may touch: what undo must restore to the byte. */
export function episodeRows(db: Db, id: string): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(EDITABLE_TABLES).map(([table, key]) => [
      table,
      db
        .prepare(
          `SELECT * FROM ${table} WHERE ${table === 'episodes' ? 'id' : 'episode_id'} = ? ORDER BY ${key.join(', ')}`,
        )
        .all(id),
    ]),
  )
}

/** The state an editor sees and the rows beneath it; the history part of the view is compared apart. */
export function snapshot(db: Db, id: string): { view: Omit<EpisodeView, 'history'>; rows: unknown } {
  const { history: _history, ...view } = episodeView(db, id)
  return { view, rows: episodeRows(db, id) }
}

/** The episode exported and checked against episode JSON v1 as a reader would check the file. */
export function validExport(db: Db, id: string): EpisodeDocument {
  const doc = exportEpisode(db, id)
  const check = validateEpisodeDocument(JSON.parse(JSON.stringify(doc)))
  if (!check.ok) throw new Error(`the export is not valid episode JSON:\n${check.problems.join('\n')}`)
  return doc
}

/** Every chapter has a score row for every dimension of the rubric (keys and foreign keys do the rest). */
export function expectFullScoreGrid(db: Db, id: string): void {
  const missing = db
    .prepare(
      `SELECT c.id AS chapter, d.key AS dimension FROM chapters c
       JOIN rubric_dimensions d ON d.episode_id = c.episode_id
       LEFT JOIN scores s ON s.episode_id = c.episode_id AND s.chapter_id = c.id AND s.dimension_key = d.key
       WHERE c.episode_id = ? AND s.dimension_key IS NULL`,
    )
    .all(id)
  expect(missing).toEqual([])
}

export const doneEdits = (db: Db, id: string): number =>
  (
    db.prepare(`SELECT count(*) AS n FROM edit_history WHERE episode_id = ? AND state = 'done'`).get(id) as {
      n: number
    }
  ).n

/**
 * Machine-made analysis as a scoring pipeline leaves it, unreviewed: three chapters covering the media,
 * scored, a highlight and a statement.
 */
export function seedMachineAnalysis(db: Db, id: string): void {
  const duration = (
    db.prepare(`SELECT duration_seconds AS d FROM episodes WHERE id = ?`).get(id) as { d: number }
  ).d
  const end = Math.floor(duration * 1000) / 1000
  const chapter = db.prepare(
    `INSERT INTO chapters (episode_id, id, title, start, end, why, origin, status) VALUES (?, ?, ?, ?, ?, ?, 'machine', 'unreviewed')`,
  )
  const score = db.prepare(
    `INSERT INTO scores (episode_id, chapter_id, dimension_key, value, reasoning) VALUES (?, ?, ?, ?, ?)`,
  )
  const keys = (
    db.prepare(`SELECT key FROM rubric_dimensions WHERE episode_id = ? ORDER BY position`).all(id) as {
      key: string
    }[]
  ).map((d) => d.key)
  const chapters: [string, string, number, number, string][] = [
    ['ch1', 'Welcome', 0, 12.5, 'An opening.'],
    ['ch2', 'Multi-agent doubts', 12.5, 40, 'The guest doubts group chats of agents.'],
    ['ch3', 'What to build', 40, end, ''],
  ]
  chapters.forEach(([chapterId, title, start, stop, why], c) => {
    chapter.run(id, chapterId, title, start, stop, why)
    keys.forEach((key, k) => score.run(id, chapterId, key, (c + k) % 3, `${title} on ${key}`))
  })
  db.prepare(
    `INSERT INTO highlights (episode_id, id, dimension_key, time, title, description, origin, status)
     VALUES (?, 'hl1', 'guestDisagreement', 6.5, 'Group chats do not work', '', 'machine', 'unreviewed')`,
  ).run(id)
  db.prepare(
    `INSERT INTO statements (episode_id, id, title, quote, start, end, speaker_id, origin, status)
     VALUES (?, 'st1', 'Multi-agent systems fail', 'Multi-agent systems mostly do not work today.', 5, 12, 'p2', 'machine', 'unreviewed')`,
  ).run(id)
}
