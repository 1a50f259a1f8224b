/**
 * The desk's work at a season's scale (issue 44): a desk of reviewers and seasons of episodes with an
 * overlap, made straight in PostgreSQL (bench/deskWorkCatalogue.ts); `desk assign` of a season, the
 * lead's board and the drift over a season, each first look in a new process whose library kept what an
 * earlier look measured, and (as information) the first look ever, which reads and checks the documents.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type Db } from '../src/core/db/openDatabase'
import { addPerson, initCatalogue } from '../src/core/desk/catalogue'
import { DeskService } from '../src/core/desk/deskService'
import { linkDesk } from '../src/core/desk/sync/deskLink'
import { assignEpisodes } from '../src/core/desk/work/assignments'
import { deskBoard, deskDrift } from '../src/core/desk/work/board'
import type { DeskWorkContext } from '../src/core/desk/work/deskWorkContext'
import { startPostgres, type TestPostgres } from '../tests/desk/postgresServer'
import { percentile, seconds, tenths, type Log, type Row } from './common'
import { makeDesk, type DeskShape } from './deskWorkCatalogue'
import type { Sizes } from './sizes'

const PASSWORD = 'bench desk work password'
const ASSIGN_MS = 5000
const BOARD_MS = 300
const DRIFT_MS = 1000

const megabytes = (bytes: number): number => Math.round(bytes / 2 ** 20)

/** One look (board or drift) in a process of its own (bench/deskWorkChild.ts): its time and its rows. */
function lookInChild(
  file: string,
  what: 'board' | 'drift',
  show?: string,
): { ms: number; count: number; connectMs: number } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'deskWorkChild.ts'), file, what, ...(show ? [show] : [])],
    { encoding: 'utf8', cwd: path.resolve(__dirname, '..'), env: { ...process.env, PGPASSWORD: PASSWORD } },
  )
  if (run.status !== 0) throw new Error(`desk work bench: the ${what}'s process failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
    ms: number
    count: number
    connectMs: number
  }
}

export async function deskWorkBench(
  log: Log,
  sizes: Sizes,
  measure: (name: string, run: () => Promise<Row[]>) => Promise<void>,
): Promise<void> {
  const size = sizes.deskWork
  const shape: DeskShape = {
    lead: 'bench_lead',
    pipeline: 'bench_pipeline',
    reviewers: Array.from({ length: size.reviewers }, (_, i) => `bench_reviewer_${i + 1}`),
    seasons: Array.from({ length: size.seasons }, (_, i) => `Season ${i + 1}`),
    unassigned: `Season ${size.seasons + 1}`,
    episodesPerShow: size.episodesPerShow,
    overlap: size.overlap,
  }
  const total = (size.seasons + 1) * size.episodesPerShow
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-desk-work-bench-'))
  let server: TestPostgres | null = null
  const open: Array<Db | DeskService> = []
  try {
    log('desk work: starting PostgreSQL…')
    server = await startPostgres()
    const running = server
    await initCatalogue(running.adminUrl)
    for (const [name, role] of [
      [shape.lead, 'lead'],
      [shape.pipeline, 'pipeline'],
      ...shape.reviewers.map((r) => [r, 'reviewer'] as const),
    ] as const)
      await addPerson({ adminUrl: running.adminUrl, name, role, password: PASSWORD })
    const made = await makeDesk(running.adminUrl, shape, log)
    log(
      `desk work: ${made.episodes} episodes, ${made.submitted} submitted analyses, ${megabytes(made.documentBytes)} MB of documents written in ${seconds(made.ms)} s`,
    )
    const input = `a desk of ${size.reviewers} reviewers and ${total.toLocaleString('en')} episodes in ${size.seasons + 1} seasons of ${size.episodesPerShow.toLocaleString('en')}, overlap ${size.overlap}; ${made.submitted.toLocaleString('en')} submitted analyses (${size.seasons} seasons) plus the machine's of every episode, hour-long documents of ${Math.round(made.documentBytes / (made.episodes + made.submitted) / 1024)} KB (10 scored chapters, a transcript of 60 segments); written straight into PostgreSQL (${seconds(made.ms)} s); PostgreSQL on this machine (loopback)`

    /** The lead's library, new or named: linked to the catalogue as the lead, as desk connect leaves it. */
    let libraries = 0
    const leadLibrary = (): { db: Db; file: string } => {
      libraries += 1
      const file = path.join(dir, `lead-${libraries}.sqlite`)
      const db = openDatabase(file)
      open.push(db)
      linkDesk(db, {
        url: `postgres://${shape.lead}@127.0.0.1:${running.port}/desk`,
        user: shape.lead,
        insecure: false,
      })
      return { db, file }
    }
    const leadDesk = (db: Db): DeskWorkContext => {
      const desk = new DeskService(db, { env: { PGPASSWORD: PASSWORD, HOME: dir } })
      open.push(desk)
      return { db, desk }
    }
    const library = leadLibrary()

    await measure('desk work: assign a season', async () => {
      const admin = new pg.Client({ connectionString: running.adminUrl })
      await admin.connect()
      // Each attempt assigns the season afresh.
      await admin.query(`DELETE FROM assignments WHERE show = $1`, [shape.unassigned])
      await admin.end()
      const context = leadDesk(library.db)
      const started = performance.now()
      const outcome = await assignEpisodes(context, {
        show: shape.unassigned,
        reviewers: shape.reviewers,
        overlap: size.overlap,
      })
      const ms = performance.now() - started
      await context.desk.close()
      const expected = size.episodesPerShow * size.overlap
      if (outcome.assigned.length !== expected)
        throw new Error(`desk work bench: assigned ${outcome.assigned.length} of ${expected}`)
      return [
        {
          measure: `desk: desk assign of ${size.episodesPerShow.toLocaleString('en')} episodes (--show, ${size.reviewers} reviewers, overlap ${size.overlap})`,
          value: seconds(ms),
          unit: 's',
          target: `<= ${ASSIGN_MS / 1000}`,
          pass: ms <= ASSIGN_MS,
          against: 'the target',
          input,
          note: `${outcome.assigned.length.toLocaleString('en')} assignments through the core's desk.assign (connecting, the lead's check, the show's episodes read, planned, inserted in one statement)`,
        },
      ]
    })

    await measure("desk work: the board's first rows", async () => {
      // The first board ever: a library that has kept nothing, so every submitted document is read.
      const cold = leadLibrary()
      const context = leadDesk(cold.db)
      const began = performance.now()
      const board = await deskBoard(context, {})
      const coldMs = performance.now() - began
      await context.desk.close()
      const measured = board.filter((e) => e.agreement !== null).length
      if (board.length !== total)
        throw new Error(`desk work bench: the board has ${board.length} of ${total} episodes`)
      // A new desk in this process on the library the cold look filled: the process keeps nothing yet.
      const fresh = leadDesk(cold.db)
      const freshBegan = performance.now()
      await deskBoard(fresh, {})
      const freshMs = performance.now() - freshBegan
      await fresh.desk.close()
      cold.db.close()
      // The CLI's or a fresh app start's first look: a new process on the library.
      const looks = Array.from({ length: size.looks }, () => lookInChild(cold.file, 'board'))
      const times = looks.map((l) => l.ms)
      const median = tenths(percentile(times, 0.5))
      const worst = tenths(Math.max(...times))
      const connecting = tenths(
        percentile(
          looks.map((l) => l.connectMs),
          0.5,
        ),
      )
      return [
        {
          measure: `desk: the board's first rows in a new process, ${total.toLocaleString('en')} episodes (library kept the agreements), median`,
          value: median,
          unit: 'ms',
          target: `<= ${BOARD_MS}`,
          pass: worst <= BOARD_MS,
          against: 'the target',
          input,
          note: `${size.looks} new processes (bench/deskWorkChild.ts: opening the library, connecting and the whole board, ${board.length.toLocaleString('en')} rows, ${measured.toLocaleString('en')} with alpha; the process's start not counted), max ${worst} ms, of which connecting a median ${connecting} ms; a new DeskService in this process on the same library ${tenths(freshMs)} ms; passes when the max is within the target`,
        },
        {
          measure: `desk: the board's first rows ever, ${total.toLocaleString('en')} episodes (nothing kept: every submitted document read)`,
          value: seconds(coldMs),
          unit: 's',
          target: 'information',
          pass: null,
          against: 'the board from the library above',
          input,
          note: `${(measured * size.overlap).toLocaleString('en')} documents read and checked, alpha measured for ${measured.toLocaleString('en')} episodes and kept in the library; once per library and set of submissions`,
        },
      ]
    })

    await measure('desk work: drift over a season', async () => {
      const season = shape.seasons[0] as string
      const cold = leadLibrary()
      const context = leadDesk(cold.db)
      const began = performance.now()
      const report = await deskDrift(context, { show: season })
      const coldMs = performance.now() - began
      await context.desk.close()
      const scored = report.figures.filter((f) => f.n > 0).length
      if (scored === 0) throw new Error('desk work bench: the drift has no figures')
      cold.db.close()
      const looks = Array.from({ length: size.looks }, () => lookInChild(cold.file, 'drift', season))
      const times = looks.map((l) => l.ms)
      const median = tenths(percentile(times, 0.5))
      const worst = tenths(Math.max(...times))
      const intervals = report.figures.filter((f) => f.n > 0).length
      const connecting = tenths(
        percentile(
          looks.map((l) => l.connectMs),
          0.5,
        ),
      )
      return [
        {
          measure: `desk: desk drift over a season of ${size.episodesPerShow.toLocaleString('en')} scored episodes, 1,000 resamples an interval, in a new process, median`,
          value: median,
          unit: 'ms',
          target: `<= ${DRIFT_MS}`,
          pass: worst <= DRIFT_MS,
          against: 'the target',
          input,
          note: `${size.looks} new processes (the library kept each revision's scores from a drift before; the process's start not counted), max ${worst} ms, of which connecting a median ${connecting} ms; ${report.people.length} people (the machine included) x ${report.dimensions.length} dimensions, ${intervals} intervals (over the season and per month, where scored); the first drift ever (every document read) ${seconds(coldMs)} s`,
        },
      ]
    })
  } finally {
    for (const item of open.reverse()) {
      if (item instanceof DeskService) await item.close().catch(() => undefined)
      else if (item.open) item.close()
    }
    await server?.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
