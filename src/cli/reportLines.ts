import type { ReviewReport } from '../shared/contract'
import { formatPreciseClock } from '../shared/preciseTime'
import { evidenceCell } from '../shared/evidence'
import { terminalField } from './terminalText'

const name = (title: string, id: string): string => terminalField(title ? `“${title}”` : id)
const f = terminalField

/**
 * The review report for a terminal: one tab-separated line per dimension, the counts, then each item
 * edited or rejected with its fields (machine -> reviewer), and each chapter's differing scores and
 * reasonings, with the chapter's review status and each score's.
 */
export function reportLines(report: ReviewReport): string[] {
  return [
    'dimension\tcompared\tmean absolute difference',
    ...report.dimensions.map(
      (d) =>
        `${f(d.label)}\t${d.compared}\t${d.meanAbsoluteDifference === null ? '-' : d.meanAbsoluteDifference.toFixed(2)}`,
    ),
    `accepted ${report.accepted}, edited ${report.edited}, rejected ${report.rejected}, unreviewed ${report.unreviewed}`,
    ...report.items.flatMap((item) => [
      `${item.decision} ${item.kind} ${name(item.title, item.id)} at ${formatPreciseClock(item.time)}`,
      ...item.changes.map((c) =>
        item.decision === 'rejected'
          ? `  ${c.field}: ${f(c.machine)}`
          : `  ${c.field}: ${f(c.machine)} -> ${f(c.reviewer)}`,
      ),
    ]),
    ...report.chapters.flatMap((chapter) => [
      `scores of chapter ${name(chapter.title, chapter.chapterId)} at ${formatPreciseClock(chapter.start)} (chapter ${chapter.status})`,
      ...chapter.dimensions.flatMap((d) => [
        ...(d.machine !== d.reviewer || d.machineReasoning === d.reasoning
          ? [
              `  ${f(d.label)}: ${d.machine ?? '-'} -> ${d.reviewer ?? '-'} (score ${d.review}${d.machineReasoning === d.reasoning ? ', reasoning kept' : ''})`,
            ]
          : []),
        ...(d.machineReasoning !== d.reasoning
          ? [`  ${f(d.label)} reasoning: ${f(d.machineReasoning || '-')} -> ${f(d.reasoning || '-')}`]
          : []),
        ...(d.evidence.length > 0 ? [`  ${f(d.label)} evidence: ${f(evidenceCell(d.evidence))}`] : []),
      ]),
    ]),
  ]
}
