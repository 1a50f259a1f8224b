import type { EvidenceItem } from './episodeFormat'

/**
 * An item with its keys in the order episode JSON writes them (`statement`, or `start` and `end`, then
 * `note`), so a list goes out exactly as it came in.
 */
export function orderedEvidence(item: EvidenceItem): EvidenceItem {
  const note = item.note === undefined ? {} : { note: item.note }
  return 'statement' in item
    ? { statement: item.statement, ...note }
    : { start: item.start, end: item.end, ...note }
}

/** A list as the database keeps it: NULL for an absent field, the JSON of the list otherwise. */
export const evidenceText = (items: readonly EvidenceItem[] | undefined): string | null =>
  items === undefined ? null : JSON.stringify(items.map(orderedEvidence))

/** A kept list read back: undefined where the field was absent. */
export function evidenceOf(text: string | null | undefined): EvidenceItem[] | undefined {
  if (text === null || text === undefined) return undefined
  return JSON.parse(text) as EvidenceItem[]
}

/** A list in one line (the CSV's cell, the report's line): `320.500-334.250` or `statement <id>`, joined by `; `. */
export const evidenceCell = (items: readonly EvidenceItem[] | undefined): string =>
  (items ?? [])
    .map((item) =>
      'statement' in item ? `statement ${item.statement}` : `${item.start.toFixed(3)}-${item.end.toFixed(3)}`,
    )
    .join('; ')
