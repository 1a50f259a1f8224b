/** A show's codebook versions: read them, make the draft, save it, publish it. */
import type { CodebookVersion, CodebookVersionSummary } from '../../shared/codebook'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { notFound, UserError } from '../errors'
import { normalContent, refuseBadContent } from './codebookChecks'
import {
  currentVersionNumber,
  draftVersionNumber,
  insertVersion,
  nextVersionNumber,
  readVersion,
  versionSummaries,
  writeContent,
  type CodebookContent,
} from './codebookRows'
import { sharedRubric } from './sharedRubric'

/** The show's current version, or the version asked for; null when the show has no codebook. */
export function getCodebook(db: Db, show: string, version?: number): CodebookVersion | null {
  if (version !== undefined) return readVersion(db, show, version)
  const current = currentVersionNumber(db, show)
  return current === null ? null : readVersion(db, show, current)
}

export const codebookVersions = (db: Db, show: string): CodebookVersionSummary[] => versionSummaries(db, show)

const mustRead = (db: Db, show: string, version: number): CodebookVersion => {
  const read = readVersion(db, show, version)
  if (!read) throw notFound(`version ${version} of ${show}'s codebook`)
  return read
}

/**
 * The show's draft: the one being edited, else the next version, copied from the current one (or, for a
 * show with no codebook, from the rubric its episodes share).
 */
export function draftCodebook(db: Db, show: string): CodebookVersion {
  return db
    .transaction((): CodebookVersion => {
      const draft = draftVersionNumber(db, show)
      if (draft !== null) return mustRead(db, show, draft)
      const current = getCodebook(db, show)
      const content: CodebookContent = current ?? sharedRubric(db, show)
      const version = nextVersionNumber(db, show)
      insertVersion(db, show, version, 'draft', content.scale)
      writeContent(db, show, version, normalContent(content))
      return mustRead(db, show, version)
    })
    .immediate()
}

/** Replaces the draft's content, making the draft first when there is none; a used version never changes. */
export function saveDraft(db: Db, show: string, content: CodebookContent): CodebookVersion {
  // Checked before anything is written (a refused call writes nothing, not even a rolled-back draft), and
  // in one transaction with the draft's making.
  return db
    .transaction((): CodebookVersion => {
      refuseBadContent(db, content)
      const draft = draftCodebook(db, show)
      const now = mustRead(db, show, draft.version)
      if (now.state !== 'draft' || now.used)
        throw new UserError(
          'conflict',
          `version ${now.version} of ${show}'s codebook is used by an analysis and cannot change: publish it, then edit the next version`,
        )
      writeContent(db, show, draft.version, normalContent(content))
      return mustRead(db, show, draft.version)
    })
    .immediate()
}

/** The draft becomes the show's current version: new analyses of the show are scored under it. */
export function publishCodebook(db: Db, show: string): CodebookVersion {
  return db
    .transaction((): CodebookVersion => {
      const draft = draftVersionNumber(db, show)
      if (draft === null) throw new UserError('invalid-request', `${show}'s codebook has no draft to publish`)
      // Checked again: a draft saved before a rule, or made from a rubric with a repeated label.
      refuseBadContent(db, mustRead(db, show, draft))
      statement(
        db,
        `UPDATE codebook_versions SET state = 'published', published_at = ? WHERE show = ? AND version = ?`,
      ).run(new Date().toISOString(), show, draft)
      return mustRead(db, show, draft)
    })
    .immediate()
}
