import { ALPHA_BAND_WORDS, alphaBand, type Agreement } from '../shared/agreement'
import { terminalField } from './terminalText'

const f = terminalField
const number = (x: number | null, digits = 3): string => (x === null ? '-' : x.toFixed(digits))
const alphaCell = (alpha: number | null): string =>
  alpha === null ? '- (nothing to compare)' : `${number(alpha)} ${ALPHA_BAND_WORDS[alphaBand(alpha)]}`

/**
 * The agreement for a terminal: the analyses numbered as given, then per dimension alpha (interval and
 * ordinal, with Krippendorff's band) and each pair's mean absolute difference, then statements per pair.
 */
export function agreementLines(result: Agreement, labels: Record<string, string>): string[] {
  const numbered = (i: number): string => `#${i + 1}`
  const sourceOf = (i: number): string => f(result.analyses[i]?.source ?? '?')
  return [
    `${result.units} units (the timeline cut at every chapter edge of every analysis)`,
    ...result.analyses.map(
      (a, i) =>
        `${numbered(i)}\t${f(a.source)}\t${a.origin}\t${a.reviewer === null ? '(no reviewer)' : f(a.reviewer)}`,
    ),
    'dimension\talpha (interval)\talpha (ordinal)',
    ...Object.entries(result.dimensions).flatMap(([key, d]) => [
      `${f(labels[key] ?? key)}\t${alphaCell(d.alpha.interval)}\t${alphaCell(d.alpha.ordinal)}`,
      ...d.pairs.map(
        (p) =>
          `  ${numbered(p.a)}-${numbered(p.b)}: mean absolute difference ${number(p.meanAbsoluteDifference, 2)} over ${p.units} units`,
      ),
    ]),
    ...Object.entries(result.partial).map(
      ([key, lacking]) =>
        `not in every analysis: ${f(labels[key] ?? key)} (${lacking.map(sourceOf).join(', ')}): measured over the others`,
    ),
    ...Object.entries(result.leftOut).map(
      ([key, reason]) => `left out: ${f(labels[key] ?? key)}: ${f(reason)}`,
    ),
    'statements\tmatched\tF1',
    ...result.statements.pairs.map((p) => `${numbered(p.a)}-${numbered(p.b)}\t${p.matched}\t${number(p.f1)}`),
  ]
}
