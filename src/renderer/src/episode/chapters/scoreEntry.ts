/**
 * How digits typed on a score cell become a score. On a 0-10 scale `1` may be the start of `10`, so it
 * waits for the next digit (the cell commits it when no digit follows in time); any digit that cannot
 * grow into a score on the scale is the score at once.
 */
export type ScoreEntry = { kind: 'set'; value: number } | { kind: 'wait'; typed: string }

/** How long a digit that may start a longer score waits for the next one. */
export const SCORE_DIGIT_WAIT_MS = 700

export function typeScoreDigit(typed: string, digit: string, scale: { max: number }): ScoreEntry {
  if (!/^[0-9]$/.test(digit)) throw new Error(`"${digit}" is not a digit`)
  // A digit that would take the number past the scale starts a new number: `1` `1` is 1, then 1 again.
  const text = Number(typed + digit) > scale.max ? digit : typed + digit
  const value = Number(text)
  const canGrow = text !== '0' && value * 10 <= scale.max
  return canGrow ? { kind: 'wait', typed: text } : { kind: 'set', value }
}
