import type { EpisodeDocument } from '../../shared/episodeFormat'

export const SCORES_CSV_HEADER = ['chapter', 'start', 'end', 'dimension', 'score', 'reasoning'] as const

/** RFC 4180: a field with a comma, a quote or a line break is quoted, and its quotes doubled. */
const field = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/**
 * Every score as a row for a spreadsheet: one a chapter and dimension, in the rubric's order. Times
 * are seconds with 3 decimals (what episode JSON keeps; a spreadsheet sorts and sums them as numbers),
 * the dimension is its label as the page shows it, and a score not given yet is an empty cell.
 * Lines end with CRLF, as RFC 4180 has them.
 */
export function writeScoresCsv(doc: EpisodeDocument): string {
  const rows = doc.chapters.flatMap((c) =>
    doc.rubric.dimensions.map((d) => {
      const score = c.scores[d.key]
      return [
        c.title,
        c.start.toFixed(3),
        c.end.toFixed(3),
        d.label,
        score?.value === null || score === undefined ? '' : String(score.value),
        score?.reasoning ?? '',
      ]
    }),
  )
  return [SCORES_CSV_HEADER, ...rows].map((row) => row.map(field).join(',') + '\r\n').join('')
}
