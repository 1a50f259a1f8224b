import type { ClientBase } from 'pg'
import type { DeskService } from '../deskService'
import { readDocumentsInBatches, revisionKey, type RevisionKey } from './catalogueEpisodes'

/** What the drift needs of one revision: its length, its rubric's keys, and its chapters' spans and scores. */
export interface ScoredRevision {
  duration: number
  dimensions: string[]
  chapters: { start: number; end: number; scores: Record<string, number | null> }[]
}

/**
 * Each revision's scores, kept for as long as the desk's process runs (a revision never changes): a
 * season's drift read again reads only the revisions submitted since. Null for a document that failed
 * its check. Per desk, as the board's agreements are.
 */
const kept = new WeakMap<DeskService, Map<string, ScoredRevision | null>>()
const KEPT_REVISIONS = 200_000
const REVISIONS_PER_BATCH = 48

export async function scoredRevisions(
  client: ClientBase,
  desk: DeskService,
  keys: readonly RevisionKey[],
): Promise<Map<string, ScoredRevision | null>> {
  let cache = kept.get(desk)
  if (!cache) kept.set(desk, (cache = new Map()))
  const found = new Map<string, ScoredRevision | null>()
  const missing = new Map<string, RevisionKey>()
  for (const key of keys) {
    const name = revisionKey(key.analysis, key.revision)
    const scored = cache.get(name)
    if (scored !== undefined) found.set(name, scored)
    else missing.set(name, key)
  }
  await readDocumentsInBatches(
    client,
    [...missing.values()],
    REVISIONS_PER_BATCH,
    (batch) => batch,
    (batch, documents) => {
      for (const key of batch) {
        const name = revisionKey(key.analysis, key.revision)
        const document = documents.get(name)
        const scored: ScoredRevision | null = document
          ? {
              duration: document.episode.durationSeconds,
              dimensions: document.rubric.dimensions.map((d) => d.key),
              chapters: document.chapters.map((c) => ({
                start: c.start,
                end: c.end,
                scores: Object.fromEntries(Object.entries(c.scores).map(([k, s]) => [k, s.value])),
              })),
            }
          : null
        if (cache.size >= KEPT_REVISIONS) {
          const oldest = cache.keys().next()
          if (!oldest.done) cache.delete(oldest.value)
        }
        cache.set(name, scored)
        found.set(name, scored)
      }
    },
  )
  return found
}
