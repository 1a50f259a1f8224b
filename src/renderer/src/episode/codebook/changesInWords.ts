import type { CodebookChanges } from '../../../../shared/codebook'

const list = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * What changed between the version an analysis was scored under and the current one, a line per kind of
 * change, naming dimensions by their labels (`labelOf` knows them; a key it does not know stands as is).
 */
export function changesInWords(changes: CodebookChanges, labelOf: (key: string) => string): string[] {
  const names = (keys: readonly string[]): string => list(keys.map(labelOf))
  const lines: string[] = []
  if (changes.added.length > 0) lines.push(`Added: ${names(changes.added)} (unscored after the move)`)
  if (changes.removed.length > 0)
    lines.push(`Removed: ${names(changes.removed)} (its scores and highlights go with the move)`)
  for (const r of changes.renamed) lines.push(`Renamed: ${r.from} is now ${r.to}`)
  if (changes.definitionChanged.length > 0)
    lines.push(`Definition changed: ${names(changes.definitionChanged)}`)
  if (changes.descriptorsChanged.length > 0)
    lines.push(`Descriptors changed: ${names(changes.descriptorsChanged)}`)
  if (changes.scaleChanged) lines.push('The scale changed: every score will be flagged for rescoring')
  return lines
}

/** What the move did, for the status line: how many scores wait to be scored again, and the way back. */
export function movedInWords(version: number, flagged: number, undoKey: string): string {
  const rescoring =
    flagged === 0
      ? 'no score flagged for rescoring'
      : `${flagged} ${flagged === 1 ? 'score' : 'scores'} flagged for rescoring (marked “rescore”)`
  return `Moved to codebook version ${version}: ${rescoring}. ${undoKey} undoes it.`
}
