import { createHash } from 'node:crypto'
import type { EpisodeDocument } from '../../../shared/episodeFormat'
import type { Db } from '../../db/openDatabase'
import { exportEpisode } from '../../export/exportEpisode'

/** What the catalogue keeps of one revision besides its document. */
export interface RevisionFacts {
  show: string | null
  title: string
  status: string
  mediaSha256: string | null
  mediaSize: number | null
}

/** An analysis as it travels: its episode JSON text, the hash of its content, and the facts listed. */
export interface AnalysisDocument extends RevisionFacts {
  text: string
  hash: string
}

/**
 * The hash of what an analysis says: its episode JSON without the moment it was written out, so the same
 * content exported twice (a retry, a verify) hashes the same.
 */
export const contentHash = (doc: EpisodeDocument): string =>
  createHash('sha256')
    .update(JSON.stringify({ ...doc, exportedAt: undefined }))
    .digest('hex')

/** The analysis as `export` writes it, under the catalogue's id when that is not the library's. */
export function analysisDocument(db: Db, episodeId: string, analysisId: string): AnalysisDocument {
  const exported = exportEpisode(db, episodeId)
  const doc: EpisodeDocument =
    analysisId === episodeId ? exported : { ...exported, episode: { ...exported.episode, id: analysisId } }
  return {
    ...documentFacts(doc),
    mediaSize: mediaSize(db, episodeId),
    ...textAndHash(doc),
  }
}

/**
 * The document's text and its content hash from that one text: the text without its `exportedAt` member
 * is exactly what contentHash stringifies, so a second JSON.stringify of a ~640 KB document (~5 ms, a
 * tenth of a push's work on it) is not needed. The member is found where JSON.stringify puts it (after
 * `format` and `version`, as export writes them); a document laid out otherwise is hashed the long way.
 */
export function textAndHash(doc: EpisodeDocument): { text: string; hash: string } {
  const text = JSON.stringify(doc)
  const head = `{"format":${JSON.stringify(doc.format)},"version":${JSON.stringify(doc.version)},`
  const stamp = `"exportedAt":${JSON.stringify(doc.exportedAt)},`
  if (!text.startsWith(stamp, head.length) || !text.startsWith(head)) return { text, hash: contentHash(doc) }
  const hash = createHash('sha256')
    .update(head)
    .update(text.slice(head.length + stamp.length))
    .digest('hex')
  return { text, hash }
}

export const documentFacts = (doc: EpisodeDocument): RevisionFacts => ({
  show: doc.episode.show,
  title: doc.episode.title,
  status: doc.review.status,
  mediaSha256: doc.episode.media?.sha256 ?? null,
  mediaSize: null,
})

const mediaSize = (db: Db, episodeId: string): number | null =>
  (
    db.prepare(`SELECT size_bytes FROM media WHERE episode_id = ?`).get(episodeId) as
      { size_bytes: number } | undefined
  )?.size_bytes ?? null
