import { createHash } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { expect } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { addPerson, initCatalogue } from '../../src/core/desk/catalogue'
import { DeskService } from '../../src/core/desk/deskService'
import { deskAnalyses } from '../../src/core/desk/sync/deskAnalyses'
import { linkDesk } from '../../src/core/desk/sync/deskLink'
import { verifyDesk } from '../../src/core/desk/sync/verifyDesk'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { startPostgres, type TestPostgres } from './postgresServer'

export const PASSWORD = 'correct horse battery staple'
export const PEOPLE = ['alice', 'bob'] as const

/**
 * A person's analysis (the machine's run taken up by a reviewer, so a reviewer may push it) of the media
 * `mediaKey` names: analyses with one key are analyses of one episode, each key is an episode of its own.
 */
export function personsAnalysis(id: string, reviewer = 'Alice', mediaKey = id): EpisodeDocument {
  const doc = machineEpisode(id)
  const sha256 = createHash('sha256').update(mediaKey).digest('hex')
  const media = doc.episode.media && { ...doc.episode.media, sha256 }
  return { ...doc, episode: { ...doc.episode, media }, review: { ...doc.review, reviewer } }
}

/** `count` analyses with ids `${stem}-1` … each of its own episode. */
export const manyAnalyses = (stem: string, count: number, reviewer = 'Alice'): EpisodeDocument[] =>
  Array.from({ length: count }, (_, i) => personsAnalysis(`${stem}-${i + 1}`, reviewer))

/** One throwaway server holding an initialised catalogue with alice and bob as reviewers. */
export interface DeskWorld {
  server: TestPostgres
  /** A superuser connection straight to the server (not through any proxy), for looking and waiting. */
  admin(): Promise<pg.Client>
  /**
   * A library file of `user`'s holding `docs`, linked to the catalogue at `port` (the server's by
   * default) unless `linked` is false.
   */
  library(
    user: string,
    docs: readonly EpisodeDocument[],
    options?: { port?: number; linked?: boolean },
  ): { db: Db; file: string }
  /** The desk of a library as the CLI holds it: the password from PGPASSWORD, the given timeouts. */
  service(db: Db, timeouts?: { connectMs?: number; statementMs?: number }): DeskService
  /** A plain client of `user`'s straight to the server, as deskSync.test.ts uses for syncDesk. */
  as(user: string): Promise<pg.Client>
  close(): Promise<void>
}

/** The URL a library of `user`'s knows its desk by: no password, which comes from PGPASSWORD. */
export const deskUrl = (user: string, port: number): string => `postgres://${user}@127.0.0.1:${port}/desk`

export async function deskWorld(): Promise<DeskWorld> {
  const server = await startPostgres()
  await initCatalogue(server.adminUrl)
  for (const name of PEOPLE)
    await addPerson({ adminUrl: server.adminUrl, name, role: 'reviewer', password: PASSWORD })
  const clients: pg.Client[] = []
  const services: DeskService[] = []
  const dbs: Db[] = []
  const home = tempFolder()
  const connected = async (url: string): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url })
    // A client the test keeps across a server stop must not end the test process when it drops.
    client.on('error', () => undefined)
    await client.connect()
    clients.push(client)
    return client
  }
  return {
    server,
    admin: () => connected(server.adminUrl),
    as: (user) => connected(server.urlFor(user, PASSWORD)),
    library(user, docs, { port = server.port, linked = true } = {}) {
      const file = path.join(tempFolder(), 'library.sqlite')
      const db = openDatabase(file)
      dbs.push(db)
      for (const doc of docs) loadEpisodeDocument(db, doc)
      if (linked) linkDesk(db, { url: deskUrl(user, port), user, insecure: false })
      return { db, file }
    },
    service(db, timeouts) {
      // HOME of its own: the password comes from PGPASSWORD, never from a ~/.pgpass of the machine's.
      const desk = new DeskService(db, {
        env: { PGPASSWORD: PASSWORD, HOME: home },
        ...(timeouts && { timeouts }),
      })
      services.push(desk)
      return desk
    },
    async close() {
      await Promise.all(services.map((s) => s.close()))
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)))
      for (const db of dbs) if (db.open) db.close()
      await server.destroy()
    },
  }
}

export interface CatalogueRow {
  analysis_id: string
  revision: number
  base_revision: number | null
  owner: string
  content_hash: string
}

/** Every revision in the catalogue, in order. */
export async function catalogueRevisions(admin: pg.Client): Promise<CatalogueRow[]> {
  const { rows } = await admin.query<CatalogueRow>(
    `SELECT analysis_id, revision, base_revision, owner, content_hash FROM revisions ORDER BY analysis_id, revision`,
  )
  return rows
}

/** How many revisions the catalogue holds of analyses whose id starts with `stem`, at `revision`. */
export async function countRevisions(admin: pg.Client, stem: string, revision?: number): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    `SELECT count(*) AS n FROM revisions WHERE analysis_id LIKE $1 AND ($2::int IS NULL OR revision = $2)`,
    [`${stem}%`, revision ?? null],
  )
  return Number(rows[0]?.n ?? 0)
}

/** Polls `check` until it holds; a deadline far past any expected wait only keeps a broken test from hanging. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  deadlineMs = 60_000,
  everyMs = 5,
): Promise<T> {
  const until = Date.now() + deadlineMs
  for (;;) {
    const value = await check()
    if (value !== null && value !== undefined && value !== false) return value
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** What a library holds as taken by the catalogue: each analysis's acknowledged revision and hash. */
export const acknowledged = (db: Db): { analysisId: string; revision: number; hash: string | null }[] =>
  deskAnalyses(db)
    .filter((a) => a.mine && a.revision > 0)
    .map((a) => ({ analysisId: a.analysisId, revision: a.revision, hash: a.contentHash }))

/**
 * The guarantees every fault must keep: each library verifies clean against the catalogue, every revision
 * a library was told was taken is in the catalogue with its content, and no change was taken twice (each
 * analysis's revisions run 1, 2, … on each other, no content repeated within one analysis, which is what
 * a retried push taken as a new change would leave).
 */
export async function expectNothingLost(
  admin: pg.Client,
  libraries: readonly { db: Db; client: pg.Client }[],
  earlier: readonly { analysisId: string; revision: number; hash: string | null }[] = [],
): Promise<CatalogueRow[]> {
  for (const { db, client } of libraries) expect(await verifyDesk(db, client)).toEqual([])
  const rows = await catalogueRevisions(admin)
  const byId = new Map<string, CatalogueRow[]>()
  for (const row of rows) byId.set(row.analysis_id, [...(byId.get(row.analysis_id) ?? []), row])
  for (const [id, revisions] of byId) {
    expect(
      revisions.map((r) => [r.revision, r.base_revision]),
      `${id}: revisions each on the one before`,
    ).toEqual(revisions.map((_, i) => [i + 1, i === 0 ? null : i]))
    expect(new Set(revisions.map((r) => r.content_hash)).size, `${id}: a change taken twice`).toBe(
      revisions.length,
    )
  }
  const taken = [...earlier, ...libraries.flatMap(({ db }) => acknowledged(db))]
  for (const a of taken) {
    const there = byId.get(a.analysisId)?.find((r) => r.revision === a.revision)
    expect(there?.content_hash, `${a.analysisId} revision ${a.revision} acknowledged`).toBe(a.hash)
  }
  return rows
}

/** A one-line refusal as the CLI prints it: no stack, no second line, naming where the desk is. */
export function expectOneLine(error: unknown, place: string): string {
  expect(error).toBeInstanceOf(Error)
  const message = (error as Error).message
  expect(message).not.toMatch(/\n/)
  expect(message).not.toMatch(/\bat .+:\d+:\d+/)
  expect(message).toContain(place)
  return message
}
