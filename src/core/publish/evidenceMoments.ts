import type { EpisodeDocument, EvidenceItem } from '../../shared/episodeFormat'
import { formatClock } from '../../shared/time'

/** An evidence item as a page shows it: when it starts, how it reads, the editor's note. */
export interface EvidenceMoment {
  start: number
  text: string
  note: string | null
}

/** The moments a list cites: a statement at its start, a range as its two times. */
export function evidenceMoments(
  doc: EpisodeDocument,
  items: readonly EvidenceItem[] | undefined,
): EvidenceMoment[] {
  const statements = new Map(doc.statements.map((s) => [s.id, s]))
  return (items ?? []).flatMap((item) => {
    const note = item.note ?? null
    if (!('statement' in item))
      return [{ start: item.start, text: `${formatClock(item.start)}–${formatClock(item.end)}`, note }]
    const statement = statements.get(item.statement)
    return statement
      ? [{ start: statement.start, text: formatClock(statement.start), note: note ?? statement.title }]
      : []
  })
}
