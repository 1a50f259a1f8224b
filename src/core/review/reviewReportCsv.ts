import type { ReviewReport } from '../../shared/contract'
import { formatPreciseClock } from '../../shared/preciseTime'
import { csvField, textCell } from '../publish/csvCells'

export const REVIEW_CSV_HEADER = [
  'kind',
  'id',
  'title',
  'at',
  'change',
  'field',
  'machine',
  'reviewer',
] as const

/** One CSV cell, RFC 4180 quoted, and never a formula (machines' and transcripts' text may start like one). */
export const csvCell = (value: string): string => csvField(textCell(value))

/**
 * The review report for a spreadsheet: a row per field of each edited or rejected item (the machine's
 * value beside the reviewer's; a rejected item's reviewer cells are empty), then a row per differing
 * score and per differing reasoning of each chapter. Lines end with CRLF, as RFC 4180 has them.
 */
export function writeReviewReportCsv(report: ReviewReport): string {
  const rows: string[][] = report.items.flatMap((item) =>
    item.changes.map((c) => [
      item.kind,
      item.id,
      item.title,
      formatPreciseClock(item.time),
      item.decision,
      c.field,
      c.machine,
      c.reviewer,
    ]),
  )
  for (const chapter of report.chapters)
    for (const d of chapter.dimensions) {
      const row = (field: string, machine: string, reviewer: string): string[] => [
        'chapter',
        chapter.chapterId,
        chapter.title,
        formatPreciseClock(chapter.start),
        'score',
        field,
        machine,
        reviewer,
      ]
      if (d.machine !== d.reviewer)
        rows.push(row(`${d.label} score`, String(d.machine ?? ''), String(d.reviewer ?? '')))
      if (d.machineReasoning !== d.reasoning)
        rows.push(row(`${d.label} reasoning`, d.machineReasoning, d.reasoning))
    }
  return [REVIEW_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('')
}
