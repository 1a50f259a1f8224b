import type { KeptHere, PushedAnalysis, SyncConflict } from '../../../shared/contract/desk'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import { UserError } from '../../errors'
import { MAX_EPISODE_JSON_BYTES } from '../../load/episodeJsonText'
import { idWithSuffix } from '../../load/writeLoaded'
import { analysisDocument, type AnalysisDocument } from './analysisDocument'
import { analysisExporter, type DocumentLater } from './exportOffThread'
import { catalogueKinds, ROLE_FOR_KIND, type CatalogueKind } from './catalogueKind'
import { deskAnalysisOf, saveDeskAnalysis, type DeskAnalysis } from './deskAnalyses'

export interface PushOutcome {
  pushed: PushedAnalysis[]
  conflicts: SyncConflict[]
  kept: KeptHere[]
}

interface OutboxEntry {
  episode_id: string
  mark: number
}

/** How many first pushes travel in one statement and transaction. */
const BATCH = 50

/**
 * Pushes the outbox in order. Each analysis is exported as it is now; its pending revision and hash are
 * written to the library before the catalogue is asked, so a push cut off before its answer is recognised
 * next time (the catalogue holds that hash on that base) instead of making a second revision. An entry
 * is cleared only when no change came in while it was pushed. A failure to reach the catalogue stops the
 * push: what is left stays in the outbox for the next sync.
 */
export async function pushOutbox(db: Db, client: ClientBase, user: string): Promise<PushOutcome> {
  const outcome: PushOutcome = { pushed: [], conflicts: [], kept: [] }
  const entries = db.prepare(`SELECT episode_id, mark FROM desk_outbox ORDER BY seq`).all() as OutboxEntry[]
  if (entries.length === 0) return outcome
  const kinds = catalogueKinds(db)
  const may = await kindsAllowed(client)
  const run: PushRun = { db, client, user, outcome }
  const firsts: Prepared[] = []
  // On a large push the next analyses are exported on the export thread while these are sent.
  const exportOf = analysisExporter(db, entries.length >= THREAD_AT)
  const handed: Array<Handed | null> = []
  for (const [at, entry] of entries.entries()) {
    for (let k = at; k <= at + AHEAD && k < entries.length; k++)
      handed[k] ??= handOver(db, entries[k] as OutboxEntry, kinds, may, exportOf)
    const prepared = await prepare(db, entry, user, kinds, may, outcome, handed[at] ?? null)
    handed[at] = null
    if (!prepared) continue
    if (prepared.link.revision === 0 && prepared.link.pending === null) {
      firsts.push(prepared)
      if (firsts.length === BATCH) await pushFirsts(run, firsts.splice(0))
      continue
    }
    await pushOne(run, prepared)
  }
  if (firsts.length > 0) await pushFirsts(run, firsts)
  return outcome
}

/** From how many entries a push exports on the export thread, whose start costs more than a few. */
const THREAD_AT = 20

/**
 * How many analyses are handed to the exporter ahead of the one being sent: enough to keep it busy
 * while a batch's INSERT is in PostgreSQL (~0.3 s for 50 hour-long documents, ~10 exports), and a
 * bound on the documents held beside a batch.
 */
const AHEAD = 16

/** One push: the library, the catalogue's connection as this person, and what it did so far. */
interface PushRun {
  db: Db
  client: ClientBase
  user: string
  outcome: PushOutcome
}

interface Prepared {
  entry: OutboxEntry
  link: DeskAnalysis
  kind: CatalogueKind
  doc: AnalysisDocument
}

/** An entry's analysis handed to the exporter ahead of its turn. */
interface Handed {
  analysisId: string
  doc: DocumentLater
}

/**
 * The entry's analysis handed to the exporter when, as things are now, it would be pushed; else null.
 * Nothing is decided here: prepare looks at the entry again at its turn and only takes this export
 * when it is of the analysis it pushes.
 */
function handOver(
  db: Db,
  entry: OutboxEntry,
  kinds: Map<string, CatalogueKind>,
  may: Set<CatalogueKind>,
  exportOf: (episodeId: string, analysisId: string) => DocumentLater,
): Handed | null {
  const id = entry.episode_id
  const exists = db.prepare(`SELECT trashed_at FROM episodes WHERE id = ?`).get(id) as
    { trashed_at: string | null } | undefined
  const known = deskAnalysisOf(db, id)
  if (!exists || exists.trashed_at !== null || (known && !known.mine) || !may.has(kinds.get(id) ?? 'person'))
    return null
  const analysisId = known?.analysisId ?? id
  return { analysisId, doc: exportOf(id, analysisId) }
}

/** The entry's analysis exported, or null when there is nothing to push (noted in the outcome). */
async function prepare(
  db: Db,
  entry: OutboxEntry,
  user: string,
  kinds: Map<string, CatalogueKind>,
  may: Set<CatalogueKind>,
  outcome: PushOutcome,
  handed: Handed | null,
): Promise<Prepared | null> {
  const id = entry.episode_id
  const exists = db.prepare(`SELECT trashed_at FROM episodes WHERE id = ?`).get(id) as
    { trashed_at: string | null } | undefined
  // Gone or in the trash: the catalogue keeps every revision it took; there is nothing new to send.
  if (!exists || exists.trashed_at !== null) return clear(db, entry)
  const known = deskAnalysisOf(db, id)
  if (known && !known.mine) return clear(db, entry)
  const kind = kinds.get(id) ?? 'person'
  if (!may.has(kind)) {
    outcome.kept.push({
      episodeId: id,
      reason: `${kindName(kind)}: only ${ROLE_FOR_KIND[kind]} pushes those`,
    })
    return clear(db, entry)
  }
  const link: DeskAnalysis = known ?? {
    episodeId: id,
    analysisId: id,
    owner: user,
    mine: true,
    revision: 0,
    contentHash: null,
    pending: null,
  }
  let doc: AnalysisDocument
  try {
    doc =
      handed?.analysisId === link.analysisId ? await handed.doc() : analysisDocument(db, id, link.analysisId)
  } catch (error) {
    if (!(error instanceof UserError)) throw error
    outcome.kept.push({ episodeId: id, reason: error.message.split('\n').join(' ') })
    return null
  }
  if (Buffer.byteLength(doc.text) > MAX_EPISODE_JSON_BYTES) {
    outcome.kept.push({
      episodeId: id,
      reason: `its episode JSON is ${Buffer.byteLength(doc.text)} bytes, over the format's cap of ${MAX_EPISODE_JSON_BYTES}`,
    })
    return null
  }
  // Unchanged since the catalogue last took it (an undo back, a reconnect): no new revision.
  if (link.pending === null && link.contentHash === doc.hash) return clear(db, entry)
  return { entry, link, kind, doc }
}

const kindName = (kind: CatalogueKind): string =>
  kind === 'machine'
    ? "a machine's analysis nobody has reviewed"
    : kind === 'consensus'
      ? 'a consensus'
      : 'an analysis'

function clear(db: Db, entry: OutboxEntry): null {
  db.prepare(`DELETE FROM desk_outbox WHERE episode_id = ? AND mark = ?`).run(entry.episode_id, entry.mark)
  return null
}

/** The kinds this person's roles may push. */
async function kindsAllowed(client: ClientBase): Promise<Set<CatalogueKind>> {
  const { rows } = await client.query<{ pipeline: boolean; lead: boolean }>(
    `SELECT pg_has_role(current_user, 'episcore_pipeline', 'member') AS pipeline,
            pg_has_role(current_user, 'episcore_lead', 'member') AS lead`,
  )
  const row = rows[0]
  const kinds = new Set<CatalogueKind>(['person'])
  if (row?.pipeline) kinds.add('machine')
  if (row?.lead) kinds.add('consensus')
  return kinds
}

/** Writes what is about to be sent, before it is sent. */
function notePending(db: Db, p: Prepared): void {
  p.link = { ...p.link, pending: { revision: p.link.revision + 1, hash: p.doc.hash } }
  saveDeskAnalysis(db, p.link)
}

/** Records the catalogue's answer and clears the entry unless a change came in meanwhile. */
function acknowledge(db: Db, p: Prepared, analysisId: string, revision: number, outcome: PushOutcome): void {
  db.transaction(() => {
    saveDeskAnalysis(db, {
      ...p.link,
      analysisId,
      revision,
      contentHash: p.doc.hash,
      pending: null,
      conflictOf: null,
    })
    db.prepare(`DELETE FROM desk_outbox WHERE episode_id = ? AND mark = ?`).run(
      p.entry.episode_id,
      p.entry.mark,
    )
  }).immediate()
  outcome.pushed.push({ episodeId: p.entry.episode_id, analysisId, revision })
  // Said by whichever sync lands the copy: the one that made it, or a retry after its answer was lost.
  if (p.link.conflictOf)
    outcome.conflicts.push({
      episodeId: p.entry.episode_id,
      analysisId: p.link.conflictOf,
      keptAs: analysisId,
    })
}

/** Analyses the catalogue has never had from here, many in one transaction; one at a time if that fails. */
async function pushFirsts(run: PushRun, batch: Prepared[]): Promise<void> {
  const { db, client, outcome } = run
  db.transaction(() => batch.forEach((p) => notePending(db, p))).immediate()
  try {
    await client.query('BEGIN')
    await client.query(`INSERT INTO analyses (id, kind) SELECT * FROM unnest($1::text[], $2::text[])`, [
      batch.map((p) => p.link.analysisId),
      batch.map((p) => p.kind),
    ])
    await insertRevisions(
      client,
      batch.map((p) => ({ id: p.link.analysisId, revision: 1, base: null, doc: p.doc })),
    )
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    if (!isConstraintError(error)) throw error
    for (const p of batch) await pushOne(run, p)
    return
  }
  for (const p of batch) acknowledge(db, p, p.link.analysisId, 1, outcome)
}

interface NewRevision {
  id: string
  revision: number
  base: number | null
  doc: AnalysisDocument
}

/** A revision's columns, in the order insertRevisions gives them, each with the type its value binds as. */
const REVISION_COLUMNS = [
  ['analysis_id', 'text'],
  ['revision', 'int'],
  ['base_revision', 'int'],
  ['show', 'text'],
  ['title', 'text'],
  ['status', 'text'],
  ['media_sha256', 'text'],
  ['media_size', 'bigint'],
  ['content_hash', 'text'],
  ['document', 'text'],
] as const

/**
 * Many revisions in one multi-row INSERT, each value a parameter of its own. Not arrays through unnest:
 * pg escapes a document inside a text[] literal character by character and the server parses it back,
 * which made the first push of the bench's hour-long episodes about three times slower (~45 ms a
 * document against ~15). 50 rows of 10 are 500 parameters, far below PostgreSQL's 65,535.
 */
async function insertRevisions(client: ClientBase, revisions: readonly NewRevision[]): Promise<void> {
  const width = REVISION_COLUMNS.length
  const rows = revisions.map(
    (_, row) =>
      `(${REVISION_COLUMNS.map(([, type], column) => `$${row * width + column + 1}::${type}`).join(', ')})`,
  )
  await client.query(
    `INSERT INTO revisions (${REVISION_COLUMNS.map(([name]) => name).join(', ')}) VALUES ${rows.join(', ')}`,
    revisions.flatMap((r) => [
      r.id,
      r.revision,
      r.base,
      r.doc.show,
      r.doc.title,
      r.doc.status,
      r.doc.mediaSha256,
      r.doc.mediaSize,
      r.doc.hash,
      r.doc.text,
    ]),
  )
}

const isConstraintError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error as { code: unknown }).code === '23505'

interface CatalogueRevision {
  revision: number
  base_revision: number | null
  content_hash: string
  owner: string
}

/**
 * One analysis on top of the revision this library has. A pending push is settled first: if the catalogue
 * holds its hash on its base, it landed and is acknowledged. Then the new revision goes on the base; when
 * the catalogue has moved past it (the same person's other machine, a restored copy), the change is kept
 * as a new analysis of its own, never written over the other.
 */
async function pushOne(run: PushRun, p: Prepared): Promise<void> {
  const { db, client, user, outcome } = run
  const id = p.link.analysisId
  if (p.link.pending) {
    const landed = await revisionAt(client, id, p.link.pending.revision)
    if (
      landed &&
      landed.content_hash === p.link.pending.hash &&
      landed.base_revision === baseOf(p.link.pending.revision)
    ) {
      p.link = {
        ...p.link,
        revision: p.link.pending.revision,
        contentHash: p.link.pending.hash,
        pending: null,
      }
      saveDeskAnalysis(db, p.link)
      if (p.link.contentHash === p.doc.hash) {
        acknowledge(db, p, id, p.link.revision, outcome)
        return
      }
    } else {
      p.link = { ...p.link, pending: null }
    }
  }
  notePending(db, p)
  const revision = p.link.revision + 1
  const inserted = await tryInsert(client, async () => {
    if (revision === 1) {
      const owner = await ownerOf(client, id)
      if (owner !== null) return false
      await client.query(`INSERT INTO analyses (id, kind) VALUES ($1, $2)`, [id, p.kind])
    }
    await insertRevisions(client, [{ id, revision, base: baseOf(revision), doc: p.doc }])
    return true
  })
  if (inserted) {
    acknowledge(db, p, id, revision, outcome)
    return
  }
  const there = await revisionAt(client, id, revision)
  if (
    there &&
    there.content_hash === p.doc.hash &&
    there.base_revision === baseOf(revision) &&
    there.owner === user
  ) {
    acknowledge(db, p, id, revision, outcome)
    return
  }
  await keepAsNew(run, p)
}

const baseOf = (revision: number): number | null => (revision === 1 ? null : revision - 1)

/** Runs `write` in a transaction; false when the catalogue refused it as taken (a unique key). */
async function tryInsert(client: ClientBase, write: () => Promise<boolean>): Promise<boolean> {
  await client.query('BEGIN')
  try {
    const done = await write()
    await client.query(done ? 'COMMIT' : 'ROLLBACK')
    return done
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    if (isConstraintError(error)) return false
    throw error
  }
}

async function revisionAt(
  client: ClientBase,
  id: string,
  revision: number,
): Promise<CatalogueRevision | null> {
  const { rows } = await client.query<CatalogueRevision>(
    `SELECT revision, base_revision, content_hash, owner FROM revisions WHERE analysis_id = $1 AND revision = $2`,
    [id, revision],
  )
  return rows[0] ?? null
}

async function ownerOf(client: ClientBase, id: string): Promise<string | null> {
  const { rows } = await client.query<{ owner: string }>(`SELECT owner FROM analyses WHERE id = $1`, [id])
  return rows[0]?.owner ?? null
}

/**
 * The change kept as an analysis of its own: `<id>-conflict` (then `-conflict-2`, …) when the analysis is
 * this person's (two machines, or a restored copy, changed it apart); `<id>-<user>` when the id is
 * another person's in the catalogue (two people loaded the same file). Nothing is overwritten.
 */
async function keepAsNew(run: PushRun, p: Prepared): Promise<void> {
  const { db, client, user, outcome } = run
  const id = p.link.analysisId
  const owner = await ownerOf(client, id)
  const stem = owner === user ? '-conflict' : `-${user}`
  for (let n = 1; ; n += 1) {
    const candidate = idWithSuffix(id, n === 1 ? stem : `${stem}-${n}`)
    const doc = analysisDocument(db, p.entry.episode_id, candidate)
    const fresh: Prepared = {
      ...p,
      doc,
      link: {
        ...p.link,
        analysisId: candidate,
        revision: 0,
        contentHash: null,
        pending: null,
        conflictOf: owner === user ? id : null,
      },
    }
    notePending(db, fresh)
    const inserted = await tryInsert(client, async () => {
      if ((await ownerOf(client, candidate)) !== null) return false
      await client.query(`INSERT INTO analyses (id, kind) VALUES ($1, $2)`, [candidate, p.kind])
      await insertRevisions(client, [{ id: candidate, revision: 1, base: null, doc }])
      return true
    })
    if (!inserted) continue
    acknowledge(db, fresh, candidate, 1, outcome)
    return
  }
}
