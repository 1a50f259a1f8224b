import type { TimedWord } from '../../shared/transcriptTokens'
import type { Db } from '../db/openDatabase'
import type { SegmentRow } from '../episodes/episodeRows'
import { notFound } from '../errors'
import { unpackWords } from './packedWords'

/**
 * One revision of an episode's transcript as read from SQLite, shared by everything that needs its
 * segments or words: the episode view (quote checks, speaking time), the transcript panel, export and
 * new statements. Four hours are 40,000 words; reading them costs more than all the rest of a view, and
 * they change only when the transcript does.
 */
export interface TranscriptSnapshot {
  readonly episodeId: string
  readonly rev: string
  /** In SQLite's order: start, end, id. */
  readonly segments: readonly Readonly<SegmentRow>[]
  /** Each segment's timed words in order; a segment without word times is absent. */
  readonly words: ReadonlyMap<string, readonly Readonly<TimedWord>[]>
}

/**
 * transcript_rev changes with every change of the transcript and comes back with its undo, so one
 * revision always names the same segments and words. One episode per connection is kept: the one
 * being edited.
 */
const kept = new WeakMap<Db, TranscriptSnapshot>()
const derivedBySnapshot = new WeakMap<TranscriptSnapshot, Map<(s: TranscriptSnapshot) => unknown, unknown>>()

/** The episode's transcript now. Call it inside the transaction whose other reads it must agree with. */
export function transcriptSnapshot(db: Db, episodeId: string): TranscriptSnapshot {
  return db.transaction(() => readSnapshot(db, episodeId))()
}

function readSnapshot(db: Db, episodeId: string): TranscriptSnapshot {
  const row = db.prepare(`SELECT transcript_rev FROM episodes WHERE id = ?`).get(episodeId) as
    { transcript_rev: string } | undefined
  if (!row) throw notFound(`episode ${episodeId}`)
  const rev = row.transcript_rev
  const known = kept.get(db)
  if (known && known.episodeId === episodeId && known.rev === rev) return known
  const words = new Map<string, readonly Readonly<TimedWord>[]>()
  const segments = segmentRows(db, episodeId).map(({ words: packed, ...segment }) => {
    const list = unpackWords(packed, segment.id).map((w) => Object.freeze(w))
    if (list.length > 0) words.set(segment.id, Object.freeze(list))
    return Object.freeze(segment)
  })
  const fresh: TranscriptSnapshot = { episodeId, rev, segments, words }
  // A database from before revisions were kept (rev '') may hold a transcript no revision names.
  if (rev !== '') kept.set(db, fresh)
  return fresh
}

/**
 * What `build` makes of a snapshot, made once per snapshot: indexes and views derived from the words
 * live as long as their revision. `build` must be a module-level function (it is the key).
 */
export function derived<T>(snapshot: TranscriptSnapshot, build: (s: TranscriptSnapshot) => T): T {
  let map = derivedBySnapshot.get(snapshot)
  if (!map) derivedBySnapshot.set(snapshot, (map = new Map()))
  if (map.has(build)) return map.get(build) as T
  const value = build(snapshot)
  map.set(build, value)
  return value
}

/** The segments with their packed words, which the snapshot keeps apart (`words`). */
function segmentRows(db: Db, episodeId: string): (SegmentRow & { words: string | null })[] {
  return db
    .prepare(`SELECT * FROM transcript_segments WHERE episode_id = ? ORDER BY start, end, id`)
    .all(episodeId) as (SegmentRow & { words: string | null })[]
}
