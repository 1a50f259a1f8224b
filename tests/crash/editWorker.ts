import { createHash } from 'node:crypto'
import path from 'node:path'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { EDITABLE_TABLES } from '../../src/core/history/tables'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeView, MethodName } from '../../src/shared/contract'
import { random } from '../seededRandom'

/**
 * The editor the crash test kills: it runs a seeded stream of real edits through the contract against a
 * database file and reports each reply on stdout, where the parent reads it as an acknowledgement.
 *
 *   ready <state>                    the database as opened, before any edit
 *   begin <n> <method>               an edit is about to be sent
 *   ok|no <n> <method> <state>       its reply came back, accepted or refused, and the data it left
 *
 * stdout to a pipe is written synchronously on Linux, so a line is in the pipe before the next edit
 * begins: whatever the parent reads was really acknowledged.
 */

/** What an acknowledgement says the database holds; `data` and `history` are digests. */
export interface Observed {
  statements: number
  chapters: number
  done: number
  undone: number
  data: string
  history: string
}

const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)

/** Every row of the episode an edit may touch, and the shape of its undo history. */
export function observe(db: Db, id: string): Observed {
  const rows = Object.entries(EDITABLE_TABLES).map(([table, key]) =>
    db
      .prepare(
        `SELECT * FROM ${table} WHERE ${table === 'episodes' ? 'id' : 'episode_id'} = ? ORDER BY ${key.join(', ')}`,
      )
      .all(id),
  )
  const history = db
    .prepare(
      `SELECT seq, label, state, length(changes) AS size FROM edit_history WHERE episode_id = ? ORDER BY seq`,
    )
    .all(id) as { state: string }[]
  const count = (table: string): number =>
    (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE episode_id = ?`).get(id) as { n: number }).n
  return {
    statements: count('statements'),
    chapters: count('chapters'),
    done: history.filter((h) => h.state === 'done').length,
    undone: history.filter((h) => h.state === 'undone').length,
    data: digest(rows),
    history: digest(history),
  }
}

export const formatObserved = (o: Observed): string =>
  `statements=${o.statements} chapters=${o.chapters} done=${o.done} undone=${o.undone} data=${o.data} history=${o.history}`

export function parseObserved(text: string): Observed {
  const m = /statements=(\d+) chapters=(\d+) done=(\d+) undone=(\d+) data=(\w+) history=(\w+)/.exec(text)
  if (!m) throw new Error(`not a state: ${text}`)
  return {
    statements: Number(m[1]),
    chapters: Number(m[2]),
    done: Number(m[3]),
    undone: Number(m[4]),
    data: m[5] ?? '',
    history: m[6] ?? '',
  }
}

type Edit = { method: MethodName; request: Record<string, unknown> }

/**
 * The next edit for the episode as it now is. Weighted so the analysis keeps growing and shrinking
 * (statements deleted, chapters merged) rather than filling up; some edits are refused (a split too
 * close to an edge, nothing to redo), which must leave the data alone.
 */
function nextEdit(view: EpisodeView, n: number, next: () => number): Edit {
  const duration = view.summary.durationSeconds
  const time = (from = 0, to = duration): number => Math.round((from + next() * (to - from)) * 1000) / 1000
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)]
  const statement = pick(view.statements)
  const chapter = pick(view.chapters)
  const dimension = pick(view.rubric.dimensions)
  const { min, max } = view.rubric.scale
  const choices: [number, () => Edit | null][] = [
    [
      20,
      () => {
        const start = time(0, duration - 1)
        return {
          method: 'statements.create',
          request: { start, end: time(start + 0.2, Math.min(duration, start + 10)), title: `Claim ${n}` },
        }
      },
    ],
    [
      12,
      () =>
        statement
          ? {
              method: 'statements.update',
              request:
                next() < 0.5
                  ? { statementId: statement.id, patch: { title: `Renamed ${n}` } }
                  : { statementId: statement.id, patch: { start: time(0, statement.end) } },
            }
          : null,
    ],
    [5, () => (statement ? { method: 'statements.delete', request: { statementId: statement.id } } : null)],
    [14, () => ({ method: 'chapters.split', request: { at: time() } })],
    [4, () => (chapter ? { method: 'chapters.mergeNext', request: { chapterId: chapter.id } } : null)],
    [
      14,
      () =>
        chapter && dimension
          ? {
              method: 'scores.set',
              request: {
                chapterId: chapter.id,
                dimension: dimension.key,
                value: min + Math.floor(next() * (max - min + 1)),
                reasoning: `Because ${n}`,
              },
            }
          : null,
    ],
    [
      9,
      () =>
        dimension
          ? {
              method: 'highlights.set',
              request: { dimension: dimension.key, time: time(), title: `Moment ${n}` },
            }
          : null,
    ],
    [14, () => ({ method: 'history.undo', request: {} })],
    [8, () => ({ method: 'history.redo', request: {} })],
  ]
  const total = choices.reduce((sum, [weight]) => sum + weight, 0)
  for (;;) {
    let roll = next() * total
    const choice = choices.find(([weight]) => (roll -= weight) < 0) ?? choices[0]
    const edit = choice?.[1]()
    if (edit) return edit
  }
}

const viewOf = (value: unknown): EpisodeView | null => {
  if (value && typeof value === 'object' && 'view' in value) return (value as { view: EpisodeView }).view
  if (value && typeof value === 'object' && 'summary' in value) return value as EpisodeView
  return null
}

/** `editWorker DB EPISODE SEED FIRST`: edits until killed (or until `limit` edits, for a dry run). */
export async function main(argv: readonly string[] = process.argv.slice(2), limit = Infinity): Promise<void> {
  const [file, id, seed, first] = argv
  if (!file || !id || !seed || !first) throw new Error('usage: editWorker DB EPISODE SEED FIRST')
  const write = (line: string): void => void process.stdout.write(`${line}\n`)
  const db = openDatabase(file)
  const handlers = createHandlers({
    db,
    files: new FileRefs(),
    peaks: new PeaksCache(path.join(path.dirname(file), 'peaks')),
  })
  const next = random(Number(seed))
  let view = episodeView(db, id)
  write(`ready ${formatObserved(observe(db, id))}`)
  for (let n = Number(first); n < Number(first) + limit; n++) {
    const { method, request } = nextEdit(view, n, next)
    write(`begin ${n} ${method}`)
    const reply = await dispatch(handlers, method, { ...request, id })
    if (reply.ok) view = viewOf(reply.value) ?? view
    else if (reply.error.code === 'internal') throw new Error(`${method}: ${reply.error.message}`)
    write(`${reply.ok ? 'ok' : 'no'} ${n} ${method} ${formatObserved(observe(db, id))}`)
  }
  db.close()
}
