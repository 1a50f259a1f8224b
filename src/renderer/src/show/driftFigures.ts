import type { DriftFigure, DriftReport } from '../../../shared/contract/deskWork'
import { personName } from '../desk/deskWords'

/** A person as the drift section names them: the machine by that name, a reviewer by theirs. */
export const whoName = (who: string): string => (who === 'machine' ? 'The machine' : personName(who))

/** The whole period's figure for one person and dimension (month null); null when the core gave none. */
export const overall = (report: DriftReport, who: string, dimension: string): DriftFigure | null =>
  report.figures.find((f) => f.who === who && f.dimension === dimension && f.month === null) ?? null

/** Whether anything of this person's is scored yet (any dimension, the whole period). */
export const scored = (report: DriftReport, who: string): boolean =>
  report.figures.some((f) => f.who === who && f.month === null && f.n > 0)

/** The months any figure has, oldest first. */
export const monthsOf = (report: DriftReport): string[] =>
  [...new Set(report.figures.flatMap((f) => (f.month === null ? [] : [f.month])))].sort()

/** One person's monthly means on one dimension, by month (months without scores left out). */
export function monthly(report: DriftReport, who: string, dimension: string): Map<string, number> {
  const line = new Map<string, number>()
  for (const f of report.figures)
    if (f.who === who && f.dimension === dimension && f.month !== null && f.mean !== null)
      line.set(f.month, f.mean)
  return line
}

/** How far the chart's axis reaches either side of 0: the largest lean, rounded up to a half point. */
export function reach(report: DriftReport, dimension: string): number {
  const largest = Math.max(
    0,
    ...report.figures.flatMap((f) =>
      f.dimension === dimension && f.mean !== null ? [Math.abs(f.mean)] : [],
    ),
  )
  return Math.max(0.5, Math.ceil(largest * 2) / 2)
}
