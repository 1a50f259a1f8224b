import type { EvidenceItem } from '../../../../shared/episodeFormat'

/**
 * What the editor selected last that can be cited: a statement, or words of the transcript. Kept past
 * the selection itself, which the click into a reasoning field takes away.
 */
let last: { item: EvidenceItem; episodeId: string } | null = null

export function noteStatementSelected(episodeId: string, statementId: string): void {
  last = { episodeId, item: { statement: statementId } }
}

export function noteWordsSelected(episodeId: string, start: number, end: number): void {
  last = { episodeId, item: { start, end } }
}

/** The item to cite in `episodeId`, if its editor selected one. */
export const lastCitable = (episodeId: string): EvidenceItem | null =>
  last && last.episodeId === episodeId ? last.item : null
