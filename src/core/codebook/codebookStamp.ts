/**
 * Which codebook version an analysis was scored under: stamped when it is made (the show's current
 * version) or loaded (the file's `rubric.codebook`), and the version a file names made known to the library.
 */
import type { CodebookVersion } from '../../shared/codebook'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { getCodebook } from './codebookVersions'
import { insertVersion, readVersion, writeContent, type CodebookContent } from './codebookRows'

export interface CodebookStamp {
  show: string
  version: number
}

/** The version the analysis's scores were given under; null when it was never stamped. */
export function stampOf(db: Db, episodeId: string): CodebookStamp | null {
  const row = statement(db, `SELECT codebook_show, codebook_version FROM episodes WHERE id = ?`).get(
    episodeId,
  ) as { codebook_show: string | null; codebook_version: number | null } | undefined
  if (!row || row.codebook_show === null || row.codebook_version === null) return null
  return { show: row.codebook_show, version: row.codebook_version }
}

/** The version a new analysis of the show is scored under: the show's current one, if it has one. */
export const codebookForNewAnalysis = (db: Db, show: string): CodebookVersion | null =>
  show === '' ? null : getCodebook(db, show)

/** The codebook a loaded file names, with what its rubric says of it; the load makes it known. */
export interface LoadedCodebook extends CodebookStamp {
  content: CodebookContent
}

export function loadedCodebook(doc: EpisodeDocument): LoadedCodebook | null {
  const named = doc.rubric.codebook
  if (!named) return null
  return {
    show: named.show,
    version: named.version,
    content: {
      scale: { ...doc.rubric.scale },
      dimensions: doc.rubric.dimensions.map((d) => ({
        key: d.key,
        label: d.label,
        definition: d.description,
        highlightLabel: d.highlightLabel,
        levels: (d.levels ?? []).map((l) => ({ ...l })),
        anchors: [],
      })),
    },
  }
}

/**
 * A file scored under a version the library lacks brings that version, published as the file has it
 * (anchors stay in the library that made them); a version the library has is kept as it is.
 */
export function makeLoadedVersionKnown(db: Db, loaded: LoadedCodebook): void {
  if (readVersion(db, loaded.show, loaded.version) !== null) return
  insertVersion(db, loaded.show, loaded.version, 'published', loaded.content.scale)
  writeContent(db, loaded.show, loaded.version, loaded.content)
}
