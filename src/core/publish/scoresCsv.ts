import type { EpisodeDocument } from '../../shared/episodeFormat'
import { evidenceCell } from '../../shared/evidence'
import { csvField, textCell } from './csvCells'

export const SCORES_CSV_HEADER = [
  'chapter',
  'start',
  'end',
  'dimension',
  'score',
  'reasoning',
  'evidence',
] as const

/**
 * Every score as a row for a spreadsheet: one a chapter and dimension, in the rubric's order. Times
 * are seconds with 3 decimals (what episode JSON keeps; a spreadsheet sorts and sums them as numbers),
 * the dimension is its label as the page shows it, and a score not given yet is an empty cell.
 * Lines end with CRLF, as RFC 4180 has them. Text that a spreadsheet would run as a formula gets a
 * leading `'`.
 */
export function writeScoresCsv(doc: EpisodeDocument): string {
  const rows = doc.chapters.flatMap((c) =>
    doc.rubric.dimensions.map((d) => {
      const score = c.scores[d.key]
      // Times and scores are numbers the app writes (never text from a file) and stay numbers.
      return [
        textCell(c.title),
        c.start.toFixed(3),
        c.end.toFixed(3),
        textCell(d.label),
        score?.value === null || score === undefined ? '' : String(score.value),
        textCell(score?.reasoning ?? ''),
        // A statement id comes from a file: made formula-safe like any text.
        textCell(evidenceCell(score?.evidence)),
      ]
    }),
  )
  return [SCORES_CSV_HEADER, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('')
}
