/** A show's codebook: its versions, the draft being edited, moving an analysis to the current version. */
import { z } from 'zod'
import {
  anchorNoteSchema,
  anchorTargetSchema,
  codebookContentSchema,
  type Anchor,
  type CodebookChanges,
  type CodebookVersion,
  type CodebookVersionSummary,
} from '../codebook'
import { dimensionKeySchema } from '../episodeFormat'
import { byId, fileRefSchema } from './fields'
import { edit, method } from './method'

const show = z.string().trim().min(1).max(200)

/** Where an analysis stands with its show's codebook: the editor's banner. */
export interface AnalysisCodebook {
  /** The version its scores were given under; null when it was never stamped (a file from before). */
  stamped: number | null
  /** The show's current published version; null when the show has no codebook. */
  current: number | null
  /** What changed from the stamped version to the current one; null when they are the same. */
  changes: CodebookChanges | null
}

/** What an import made, or would make (`dryRun`), said before anything is written. */
export interface CodebookImport {
  codebook: CodebookVersion
  /** What the reading decided: a hierarchy flattened, a default scale taken, codes capped. */
  notes: string[]
  written: boolean
}

export const codebookMethods = {
  /** The show's current published version (or `version`), or null when it has none. */
  'codebook.get': method<CodebookVersion | null>()(
    z.strictObject({ show, version: z.number().int().min(1).optional() }),
  ),
  'codebook.versions': method<CodebookVersionSummary[]>()(z.strictObject({ show })),
  /**
   * The show's draft: the one being edited, else a new one copied from the current version (or, for a
   * show with none, from the rubric its episodes share).
   */
  'codebook.draft': method<CodebookVersion>()(z.strictObject({ show })),
  /** Replaces the draft's content; descriptors must cover the scale, labels differ. */
  'codebook.saveDraft': method<CodebookVersion>()(z.strictObject({ show, content: codebookContentSchema })),
  /** The draft becomes the show's current version; new analyses of the show are scored under it. */
  'codebook.publish': method<CodebookVersion>()(z.strictObject({ show })),
  /**
   * Adds an anchor of a dimension at a moment of an analysis in the library (a statement, a chapter's
   * score, a time range) to the show's draft, made from the current version when there is none.
   */
  'codebook.addAnchor': method<{ draft: CodebookVersion; anchor: Anchor }>()(
    z.strictObject({ dimension: dimensionKeySchema, target: anchorTargetSchema, note: anchorNoteSchema }),
  ),
  'codebook.ofAnalysis': method<AnalysisCodebook>()(byId),
  /**
   * Moves the analysis to the current version in one undoable step, mapping dimensions by key; scores
   * of a dimension whose scale changed are flagged for rescoring, never converted.
   */
  'codebook.moveAnalysis': edit<{ flagged: number }>()(byId),
  /** The codebook as a file's text (the window saves it, the CLI writes it): .qdc, Markdown or JSON. */
  'codebook.export': method<{ text: string; fileName: string }>()(
    z.strictObject({
      show,
      version: z.number().int().min(1).optional(),
      format: z.enum(['qdc', 'md', 'json']),
    }),
  ),
  /** Reads a REFI-QDA codebook (.qdc) as the show's next version; `dryRun` says what it would make. */
  'codebook.import': method<CodebookImport>()(
    z.strictObject({ show, file: fileRefSchema, dryRun: z.boolean().optional() }),
  ),
}
