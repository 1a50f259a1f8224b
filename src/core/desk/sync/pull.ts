import type { KeptHere, PulledAnalysis } from '../../../shared/contract/desk'
import { UserError } from '../../errors'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import { withBulkWriteSettings } from '../../db/bulkWriteSettings'
import { knownMediaFile } from '../../episodes/knownMedia'
import type { DocumentRows } from '../../load/documentRows'
import { episodeChecker, type EpisodeJsonSource, type RowsLater } from '../../load/loadOffThread'
import { freeCopyId, withEpisodeId, writeLoaded } from '../../load/writeLoaded'
import { deskAnalyses, saveDeskAnalysis, type DeskAnalysis } from './deskAnalyses'

/** What a pull brought, and the analyses it could not take, each with why. */
export interface PullOutcome {
  pulled: PulledAnalysis[]
  kept: KeptHere[]
}

/** What to pull besides the other analyses of the episodes this library holds. */
export interface PullWanted {
  ids?: readonly string[]
  show?: string
}

interface Latest {
  analysis_id: string
  revision: number
  owner: string
  content_hash: string
}

/** How many documents one query brings. */
const BATCH = 25

/** From how many documents a pull checks them on the loading thread, whose start costs more than a few. */
const THREAD_AT = 20

/** How many documents are handed to the checker ahead of the one being written. */
const AHEAD = 2

/** The documents of these revisions, by analysis id. */
async function fetchDocuments(client: ClientBase, batch: readonly Latest[]): Promise<Map<string, string>> {
  const { rows } = await client.query<{ analysis_id: string; document: string }>(
    `SELECT analysis_id, document FROM revisions
     WHERE (analysis_id, revision) IN (SELECT * FROM unnest($1::text[], $2::int[]))`,
    [batch.map((r) => r.analysis_id), batch.map((r) => r.revision)],
  )
  return new Map(rows.map((d) => [d.analysis_id, d.document]))
}

/**
 * A promise awaited later, its failure marked as handled meanwhile: one that fails while an earlier
 * document is written must not end the process as an unhandled rejection; it is thrown where awaited.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

const revisionName = (latest: Latest): string =>
  `the desk's analysis ${latest.analysis_id} (revision ${latest.revision})`

/**
 * Brings every other analysis of the episodes this library holds (the same media SHA-256, else the same
 * id) and what was asked for, at their latest revisions. Only what is new is fetched: the latest revision
 * numbers are compared first, so a sync with nothing new reads no document. An analysis of this person's
 * with changes waiting here is left for the push, which keeps them apart if both changed.
 */
export async function pullCatalogue(
  db: Db,
  client: ClientBase,
  user: string,
  wanted: PullWanted = {},
): Promise<PullOutcome> {
  const known = new Map(deskAnalyses(db).map((a) => [a.analysisId, a]))
  const waiting = new Set(
    (db.prepare(`SELECT episode_id FROM desk_outbox`).all() as { episode_id: string }[]).map(
      (r) => r.episode_id,
    ),
  )
  const media = (
    db
      .prepare(
        `SELECT DISTINCT m.sha256 FROM media m JOIN episodes e ON e.id = m.episode_id WHERE e.trashed_at IS NULL`,
      )
      .all() as {
      sha256: string
    }[]
  ).map((r) => r.sha256)
  const local = new Map(
    (
      db.prepare(`SELECT id, trashed_at FROM episodes`).all() as { id: string; trashed_at: string | null }[]
    ).map((r) => [r.id, r.trashed_at === null ? ('here' as const) : ('trashed' as const)]),
  )
  const ids = [...local].flatMap(([id, state]) => (state === 'here' ? [id] : []))
  const asked = new Set(wanted.ids ?? [])
  const { rows } = await client.query<Latest>(
    `SELECT DISTINCT ON (analysis_id) analysis_id, revision, owner, content_hash
     FROM revisions
     WHERE media_sha256 = ANY($1) OR analysis_id = ANY($2) OR analysis_id = ANY($3) OR show = $4
     ORDER BY analysis_id, revision DESC`,
    [media, ids, wanted.ids ?? [], wanted.show ?? null],
  )
  const due = rows.filter((r) => {
    const here = known.get(r.analysis_id)
    if (!here) return true
    const state = local.get(here.episodeId)
    // Deleted here for good: it comes back only when asked for by id. In the trash: left there.
    if (state === undefined) return asked.has(r.analysis_id)
    if (state === 'trashed') return false
    if (here.revision >= r.revision) return false
    return !(here.mine && waiting.has(here.episodeId))
  })
  const batches = Array.from({ length: Math.ceil(due.length / BATCH) }, (_, i) =>
    due.slice(i * BATCH, (i + 1) * BATCH),
  )
  // Three things at once on a large pull: the next batch's documents on their way from the catalogue,
  // this batch's read and checked on the loading thread, and the ones checked written here in turn.
  const many = due.length >= THREAD_AT
  const check = episodeChecker(many)
  const write = (): Promise<PullOutcome> => writeBatches(db, client, user, batches, check, known)
  return many ? withBulkWriteSettings(db, write) : write()
}

/** Each batch fetched while the one before is checked and written; see pullCatalogue. */
async function writeBatches(
  db: Db,
  client: ClientBase,
  user: string,
  batches: Latest[][],
  check: (source: EpisodeJsonSource, name: string) => RowsLater,
  known: ReadonlyMap<string, DeskAnalysis>,
): Promise<PullOutcome> {
  const pulled: PulledAnalysis[] = []
  const kept: KeptHere[] = []
  let next = batches[0] && handled(fetchDocuments(client, batches[0]))
  for (let b = 0; b < batches.length; b++) {
    const batch = batches[b] as Latest[]
    const texts = (await next) as Map<string, string>
    const following = batches[b + 1]
    next = following && handled(fetchDocuments(client, following))
    const items = batch.flatMap((latest) => {
      const text = texts.get(latest.analysis_id)
      return text === undefined ? [] : [{ latest, text }]
    })
    const rowsOf: RowsLater[] = []
    for (const [i, { latest }] of items.entries()) {
      // A few handed over ahead of the one written: enough to keep the thread busy, not a batch's rows held.
      for (let k = i; k <= i + AHEAD && k < items.length; k++) {
        const item = items[k] as (typeof items)[number]
        rowsOf[k] ??= check({ text: item.text }, revisionName(item.latest))
      }
      try {
        const written = await writePulledAnalysis(
          db,
          latest,
          await (rowsOf[i] as RowsLater)(),
          known.get(latest.analysis_id) ?? null,
          user,
        )
        if (written) pulled.push(written)
      } catch (error) {
        // One document this app cannot take (a newer format, over a cap) is said, and the rest still come.
        if (!(error instanceof UserError)) throw error
        kept.push({
          episodeId: latest.analysis_id,
          reason: `not pulled: ${error.message.split('\n').join(' ')}`,
        })
      }
    }
  }
  return { pulled, kept }
}

/**
 * Writes one pulled revision: over this library's copy of that analysis, else as a new analysis under its
 * catalogue id, or the keep-both suffix when the library uses that id for another. Someone else's is
 * recorded as theirs before its rows are written, so the outbox's triggers pass it by. A copy of this
 * person's own that was changed here while the revision was on its way is left alone (null): the change
 * waits for the push, which keeps the two apart, rather than being written over.
 */
async function writePulledAnalysis(
  db: Db,
  latest: Latest,
  rows: DocumentRows,
  here: DeskAnalysis | null,
  user: string,
): Promise<PulledAnalysis | null> {
  const sha256 = rows.media[0]?.sha256
  const media = typeof sha256 === 'string' && sha256 !== '' ? await knownMediaFile(db, sha256) : null
  return db
    .transaction((): PulledAnalysis | null => {
      if (here?.mine && db.prepare(`SELECT 1 FROM desk_outbox WHERE episode_id = ?`).get(here.episodeId))
        return null
      const episodeId = here?.episodeId ?? freeLocalId(db, latest.analysis_id)
      const mine = latest.owner === user
      saveDeskAnalysis(db, {
        episodeId,
        analysisId: latest.analysis_id,
        owner: latest.owner,
        mine,
        revision: latest.revision,
        contentHash: latest.content_hash,
        pending: null,
      })
      const local = episodeId === rows.episodes[0]?.id ? rows : withEpisodeId(rows, episodeId)
      writeLoaded(
        db,
        local,
        { replace: true, name: revisionName(latest) },
        media && { media, required: false },
      )
      // This person's own analysis from another machine: what was written is the catalogue's, not a change.
      db.prepare(`DELETE FROM desk_outbox WHERE episode_id = ?`).run(episodeId)
      return { episodeId, analysisId: latest.analysis_id, owner: latest.owner, revision: latest.revision }
    })
    .immediate()
}

const freeLocalId = (db: Db, id: string): string =>
  db.prepare(`SELECT 1 FROM episodes WHERE id = ?`).get(id) === undefined ? id : freeCopyId(db, id)
