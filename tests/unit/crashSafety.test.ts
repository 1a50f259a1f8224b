import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { historyState, redo, undo } from '../../src/core/history/editHistory'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeView } from '../../src/shared/contract'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { observe, parseObserved, type Observed } from '../crash/editWorker'
import { random } from '../seededRandom'
import { tempFolder } from '../tempFolder'
import { makeTemplate, seedMachineAnalysis } from './analysisFixture'

/** Kills survived per run; each one is a spawn, a stream of edits, a SIGKILL and a full check. */
const ROUNDS = 50
const SEED = 20_240_607

const ROOT = path.resolve(__dirname, '..', '..')

/**
 * The worker, bundled once: starting it from the TypeScript sources through tsx costs about a second a
 * spawn, which sixty rounds cannot afford; the bundle is the same sources, compiled by the same esbuild.
 */
function bundleWorker(): string {
  const outfile = path.join(tempFolder('episcore-crash-'), 'editWorker.cjs')
  buildSync({
    stdin: {
      contents: `import { main } from './editWorker'
main().catch((error) => { console.error(error); process.exit(1) })`,
      resolveDir: path.join(ROOT, 'tests', 'crash'),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
  })
  return outfile
}

/** How a round ends: right after the k-th reply, or a while after spawning or after the first line. */
type Kill = { after: 'acks'; k: number; ms: number } | { after: 'spawn' | 'ready'; ms: number }

function killPlan(next: () => number): Kill {
  const roll = next()
  if (roll < 0.45) {
    // Half at once, as the reply lands (the next edit is just starting), half a few milliseconds into it.
    const ms = next() < 0.5 ? 0 : 1 + Math.floor(next() * 12)
    return { after: 'acks', k: 1 + Math.floor(next() * 8), ms }
  }
  if (roll < 0.9) return { after: 'ready', ms: Math.floor(next() * 120) }
  // Early enough to land in the worker's start: loading, opening the database, recovering its WAL.
  return { after: 'spawn', ms: Math.floor(next() * 400) }
}

interface RoundLog {
  /** The last state acknowledged to the parent, or the state the round started from. */
  acknowledged: Observed
  acks: number
  /** The method sent but not yet answered when the kill landed, if any. */
  inFlight: string | null
  ready: Observed | null
  /** Refused edits whose reply showed different data: a refusal must leave everything as it was. */
  refusalsThatWrote: string[]
  stderr: string
  signal: NodeJS.Signals | null
  /** Killed by the guard, not the plan: the worker stopped making progress. */
  hung: boolean
}

function runRound(
  worker: string,
  file: string,
  id: string,
  seed: number,
  first: number,
  start: Observed,
  kill: Kill,
): Promise<RoundLog> {
  const child = spawn(process.execPath, [worker, file, id, String(seed), String(first)], {
    env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: RoundLog = {
    acknowledged: start,
    acks: 0,
    inFlight: null,
    ready: null,
    refusalsThatWrote: [],
    stderr: '',
    signal: null,
    hung: false,
  }
  const stop = (): void => void child.kill('SIGKILL')
  let timer: NodeJS.Timeout | undefined
  const later = (ms: number): void => void (timer = setTimeout(stop, ms))
  if (kill.after === 'spawn') later(kill.ms)
  // A worker that neither edits nor dies would hang the test.
  const guard = setTimeout(() => {
    log.hung = true
    stop()
  }, 20_000)
  let pending = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const [kind, , method] = line.split(' ')
      if (kind === 'ready') {
        log.ready = parseObserved(line)
        if (kill.after === 'ready') later(kill.ms)
      } else if (kind === 'begin') log.inFlight = method ?? '?'
      else if (kind === 'ok' || kind === 'no') {
        const state = parseObserved(line)
        if (kind === 'no' && JSON.stringify(state) !== JSON.stringify(log.acknowledged))
          log.refusalsThatWrote.push(line)
        log.acknowledged = state
        log.inFlight = null
        log.acks++
        if (kill.after === 'acks' && log.acks === kill.k) {
          if (kill.ms === 0) stop()
          else later(kill.ms)
        }
      }
    }
  })
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => (log.stderr += chunk))
  return new Promise((resolve) => {
    child.on('close', (_code, signal) => {
      clearTimeout(timer)
      clearTimeout(guard)
      log.signal = signal
      resolve(log)
    })
  })
}

/** Runs `steps` inside a transaction that is rolled back: the file is left as the kill left it. */
function tried<T>(db: Db, steps: () => T): T {
  db.exec('BEGIN')
  try {
    return steps()
  } finally {
    db.exec('ROLLBACK')
  }
}

function undoAll(db: Db, id: string): number {
  let n = 0
  for (; historyState(db, id).canUndo; n++) undo(db, id)
  return n
}

describe('crash safety', () => {
  let worker: string
  let file: string
  let id: string
  let initial: Observed

  beforeAll(async () => {
    worker = bundleWorker()
    const template = await makeTemplate()
    file = path.join(tempFolder('episcore-crash-'), 'episcore.sqlite')
    fs.copyFileSync(template.file, file)
    id = template.id
    const db = openDatabase(file)
    seedMachineAnalysis(db, id)
    initial = observe(db, id)
    db.close()
  })

  it(`keeps every acknowledged edit and a consistent history through ${ROUNDS} SIGKILLs`, async () => {
    const started = Date.now()
    const next = random(SEED)
    const peaks = new PeaksCache(tempFolder())
    let verified = initial
    let edits = 0
    const stats = { acks: 0, killedMidEdit: 0, unacknowledgedCommits: 0, beforeReady: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const kill = killPlan(next)
      const log = await runRound(worker, file, id, SEED + round, edits, verified, kill)
      const where = `round ${round} (seed ${SEED + round}, kill ${JSON.stringify(kill)}, ${log.acks} acks, in flight: ${log.inFlight})`
      expect(log.signal, `${where}: the worker ended by itself\n${log.stderr}`).toBe('SIGKILL')
      expect(log.hung, `${where}: the worker hung`).toBe(false)
      expect(log.refusalsThatWrote, where).toEqual([])
      if (log.ready) expect(log.ready, `${where}: the worker opened another state`).toEqual(verified)
      else stats.beforeReady++
      edits += log.acks + (log.inFlight ? 1 : 0)
      stats.acks += log.acks
      if (log.inFlight) stats.killedMidEdit++
      const acknowledged = log.acknowledged

      // The file as the kill left it: nothing torn.
      const raw = new Database(file)
      expect(raw.pragma('integrity_check', { simple: true }), where).toBe('ok')
      expect(raw.pragma('foreign_key_check'), where).toEqual([])
      raw.close()

      const db = openDatabase(file)
      try {
        const now = observe(db, id)
        if (JSON.stringify(now) !== JSON.stringify(acknowledged)) {
          // Only the edit in flight may have committed without its reply reaching anyone, whole.
          stats.unacknowledgedCommits++
          expect(log.inFlight, `${where}: the data changed with no edit in flight`).not.toBeNull()
          const back = log.inFlight === 'history.undo' ? redo : undo
          const { done, undone } = acknowledged
          const expected =
            log.inFlight === 'history.undo'
              ? { done: done - 1, undone: undone + 1 }
              : log.inFlight === 'history.redo'
                ? { done: done + 1, undone: undone - 1 }
                : { done: done + 1, undone: 0 }
          expect({ done: now.done, undone: now.undone }, where).toEqual(expected)
          const stepBack = tried(db, () => {
            back(db, id)
            return observe(db, id)
          })
          expect(stepBack.data, `${where}: stepping back the edit in flight`).toBe(acknowledged.data)
          if (log.inFlight === 'history.undo' || log.inFlight === 'history.redo')
            expect(stepBack.history, where).toBe(acknowledged.history)
        }

        // The undo history matches the data: all the way back is the seeded episode, and forward again
        // as many steps as were done is the data as found.
        tried(db, () => {
          expect(undoAll(db, id), where).toBe(now.done)
          expect(observe(db, id).data, `${where}: undoing everything`).toBe(initial.data)
          for (let i = 0; i < now.done; i++) redo(db, id)
          expect(observe(db, id), `${where}: redoing what was done`).toEqual(now)
        })

        // The app reopens the episode and exports it as valid episode JSON.
        const handlers = createHandlers({ db, files: new FileRefs(), peaks })
        const opened = await dispatch(handlers, 'episodes.open', { id })
        expect(opened.ok, where).toBe(true)
        const view = (opened as { value: EpisodeView }).value
        expect([view.statements.length, view.chapters.length], where).toEqual([now.statements, now.chapters])
        const exported = await dispatch(handlers, 'episodes.export', { id })
        if (!exported.ok) throw new Error(`${where}: export refused: ${exported.error.message}`)
        const check = validateEpisodeDocument(JSON.parse((exported.value as { json: string }).json))
        expect(check.ok ? [] : check.problems, where).toEqual([])
        verified = observe(db, id)
        expect(verified, `${where}: opening and exporting wrote something`).toEqual(now)
      } finally {
        db.close()
      }
    }
    // Not vacuous: the rounds did edit, often died inside an edit, and the history grew across them.
    expect(stats.acks).toBeGreaterThan(ROUNDS * 2)
    expect(stats.killedMidEdit).toBeGreaterThan(ROUNDS / 4)
    expect(verified.done).toBeGreaterThan(20)
    console.info(
      `crash safety: ${ROUNDS} kills survived in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${stats.acks} edits acknowledged, ${stats.killedMidEdit} kills inside an edit, ` +
        `${stats.unacknowledgedCommits} edits committed but not yet acknowledged, ${stats.beforeReady} kills before the database was open; ` +
        `history ${verified.done} done, ${verified.undone} undone; ${verified.statements} statements, ${verified.chapters} chapters`,
    )
  }, 120_000)
})
