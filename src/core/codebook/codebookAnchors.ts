/** Anchors added from an episode (issue 45): a moment the editor marks goes into its show's codebook draft. */
import type { Anchor, AnchorTarget, CodebookVersion } from '../../shared/codebook'
import type { Db } from '../db/openDatabase'
import { notFound, UserError } from '../errors'
import { normalContent, refuseBadContent } from './codebookChecks'
import { draftVersionNumber, readVersion, writeContent, type CodebookContent } from './codebookRows'
import { draftCodebook, getCodebook } from './codebookVersions'
import { sharedRubric } from './sharedRubric'

export interface AddedAnchor {
  draft: CodebookVersion
  anchor: Anchor
}

/**
 * Adds an anchor of `dimension` at `target` (a statement, a chapter's score or a time range of an
 * analysis in the library) to its show's codebook draft, making the draft from the current version
 * when there is none, as Edit does. Everything is checked before anything is written: the analysis has
 * a show, the draft can change (a used version never does), the dimension is in it, and the target
 * names a real item (the codebook's own rule).
 */
export function addAnchor(
  db: Db,
  request: { dimension: string; target: AnchorTarget; note: string },
): AddedAnchor {
  return db
    .transaction((): AddedAnchor => {
      const row = db
        .prepare(`SELECT show FROM episodes WHERE id = ? AND trashed_at IS NULL`)
        .get(request.target.episodeId) as { show: string } | undefined
      if (!row) throw notFound(`episode ${request.target.episodeId}`)
      const show = row.show.trim()
      if (show === '')
        throw new UserError(
          'invalid-request',
          `${request.target.episodeId} has no show: give it one in its details, then its show's codebook takes anchors`,
        )
      const draftNumber = draftVersionNumber(db, show)
      const base: CodebookContent =
        (draftNumber === null ? getCodebook(db, show) : readVersion(db, show, draftNumber)) ??
        sharedRubric(db, show)
      if (draftNumber !== null && readVersion(db, show, draftNumber)?.used)
        throw new UserError(
          'conflict',
          `version ${draftNumber} of ${show}'s codebook is used by an analysis and cannot change: publish it, then add the anchor`,
        )
      const dimension = base.dimensions.find((d) => d.key === request.dimension)
      if (!dimension)
        throw new UserError(
          'invalid-request',
          `${show}'s codebook has no dimension ${request.dimension}: add it to the draft first`,
        )
      const taken = new Set(dimension.anchors.map((a) => a.id))
      let n = dimension.anchors.length + 1
      while (taken.has(`a${n}`)) n++
      const anchor: Anchor = { id: `a${n}`, target: request.target, note: request.note.trim() }
      const content: CodebookContent = {
        scale: base.scale,
        dimensions: base.dimensions.map((d) =>
          d.key === dimension.key ? { ...d, anchors: [...d.anchors, anchor] } : d,
        ),
      }
      refuseBadContent(db, content)
      const draft = draftCodebook(db, show)
      writeContent(db, show, draft.version, normalContent(content))
      const written = readVersion(db, show, draft.version)
      if (!written) throw new Error(`the draft of ${show}'s codebook was not read back`)
      return { draft: written, anchor }
    })
    .immediate()
}
