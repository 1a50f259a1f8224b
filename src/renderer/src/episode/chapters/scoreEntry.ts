/**
 * How digits typed on a score cell become a score. On a 0-10 scale `1` may be the start of `10`: it is
 * written at once and may still grow (`wait`) for a moment, when a `0` makes it 10; any digit that cannot
 * grow into a score on the scale is final at once.
 */
export type ScoreEntry = { kind: 'set'; value: number } | { kind: 'wait'; typed: string }

/** How long a digit that may start a longer score can still grow into it. */
export const SCORE_DIGIT_WAIT_MS = 700

export function typeScoreDigit(typed: string, digit: string, scale: { max: number }): ScoreEntry {
  if (!/^[0-9]$/.test(digit)) throw new Error(`"${digit}" is not a digit`)
  // A digit that would take the number past the scale starts a new number: `1` `1` is 1, then 1 again.
  const text = Number(typed + digit) > scale.max ? digit : typed + digit
  const value = Number(text)
  const canGrow = text !== '0' && value * 10 <= scale.max
  return canGrow ? { kind: 'wait', typed: text } : { kind: 'set', value }
}
