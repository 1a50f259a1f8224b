/** What the statements table's cells are given: both the columns and the cells they draw read it. */
import type { ParticipantView, RequestOf } from '../../../../shared/contract'

export type StatementPatch = RequestOf<'statements.update'>['patch']

/** What the cells need from the panel: the participants to pick from and the edits they make. */
export interface StatementsTableMeta {
  participants: readonly ParticipantView[]
  /** Resolves false when the core refused the edit, so the field keeps the text to correct. */
  update: (statementId: string, patch: StatementPatch) => Promise<boolean>
  remove: (statementId: string) => Promise<unknown>
  /** The editor vouches for a quote filled by estimated word times. */
  confirmQuote: (statementId: string) => Promise<unknown>
}
