import type { KeptHere, PulledAnalysis } from '../../../shared/contract/desk'
import { UserError } from '../../errors'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import { knownMediaFile } from '../../episodes/knownMedia'
import { checkEpisodeDocument } from '../../load/checkEpisodeFile'
import { parseEpisodeJson } from '../../load/episodeJsonText'
import { documentRows } from '../../load/documentRows'
import { freeCopyId, writeLoaded } from '../../load/writeLoaded'
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
  const pulled: PulledAnalysis[] = []
  const kept: KeptHere[] = []
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH)
    const { rows: docs } = await client.query<{ analysis_id: string; revision: number; document: string }>(
      `SELECT analysis_id, revision, document FROM revisions
       WHERE (analysis_id, revision) IN (SELECT * FROM unnest($1::text[], $2::int[]))`,
      [batch.map((r) => r.analysis_id), batch.map((r) => r.revision)],
    )
    const byId = new Map(docs.map((d) => [d.analysis_id, d.document]))
    for (const latest of batch) {
      const text = byId.get(latest.analysis_id)
      if (text === undefined) continue
      try {
        const written = await writePulledAnalysis(
          db,
          latest,
          text,
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
  text: string,
  here: DeskAnalysis | null,
  user: string,
): Promise<PulledAnalysis | null> {
  const name = `the desk's analysis ${latest.analysis_id} (revision ${latest.revision})`
  const doc = checkEpisodeDocument(parseEpisodeJson(text, name), name)
  const sha256 = doc.episode.media?.sha256
  const media = sha256 ? await knownMediaFile(db, sha256) : null
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
      const local =
        episodeId === doc.episode.id ? doc : { ...doc, episode: { ...doc.episode, id: episodeId } }
      writeLoaded(
        db,
        documentRows(local, new Date().toISOString()),
        { replace: true, name },
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
