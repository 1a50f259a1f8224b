import type { ReviewReport } from '../shared/contract'

/** The review report as a table for a terminal: one tab-separated line per dimension, then the counts. */
export function reportLines(report: ReviewReport): string[] {
  return [
    'dimension\tcompared\tmean absolute difference',
    ...report.dimensions.map(
      (d) =>
        `${d.label}\t${d.compared}\t${d.meanAbsoluteDifference === null ? '-' : d.meanAbsoluteDifference.toFixed(2)}`,
    ),
    `accepted ${report.accepted}, edited ${report.edited}, rejected ${report.rejected}, unreviewed ${report.unreviewed}`,
  ]
}
