import { SEVERITIES, type Problem, type Severity } from './problems'

/**
 * The Problems panel's order: what blocks publishing first, then what is worth a look, then what only
 * informs; in the order of the media inside each. Listed by time alone, one error sat ninth after eight
 * notes.
 */
export function bySeverity<P extends Pick<Problem, 'severity'>>(problems: readonly P[]): P[] {
  const rank = (p: P): number => SEVERITIES.indexOf(p.severity)
  // Array.prototype.sort is stable: each severity keeps the media's order.
  return [...problems].sort((a, b) => rank(a) - rank(b))
}

const counted = (n: number, severity: Severity): string => `${n} ${severity}${n === 1 ? '' : 's'}`

/**
 * The panel's summary: only errors are "to fix before publishing"; warnings and notes never block it,
 * and the sentence does not say they must be fixed.
 */
export function problemCountsInWords(problems: readonly Pick<Problem, 'severity'>[]): string {
  const count = (severity: Severity): number => problems.filter((p) => p.severity === severity).length
  const others = (['warning', 'note'] as const).flatMap((s) => (count(s) === 0 ? [] : [counted(count(s), s)]))
  const othersInWords = others.join(' and ')
  const errors = count('error')
  if (errors === 0) return othersInWords ? `Nothing blocks publishing; ${othersInWords} to look at.` : ''
  const blocking = `${counted(errors, 'error')} to fix before publishing`
  if (!othersInWords) return `${blocking}.`
  return `${blocking}; ${othersInWords} ${count('warning') + count('note') === 1 ? 'does' : 'do'} not block it.`
}
