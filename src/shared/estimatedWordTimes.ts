import { tokensOf, type TimedWord } from './transcriptTokens'

/**
 * Word times for a cue that has none (WebVTT and SRT captions): the cue's time shared among its words in
 * proportion to their characters, the way speech roughly spends it. Only an estimate: what a span
 * quotes from such a cue is flagged as estimated until the editor confirms it.
 */
export function estimatedWordTimes(cue: { start: number; end: number; text: string }): TimedWord[] {
  const tokens = tokensOf(cue.text)
  const characters = tokens.reduce((sum, t) => sum + t.length, 0)
  if (characters === 0) return []
  const perCharacter = Math.max(0, cue.end - cue.start) / characters
  let at = cue.start
  return tokens.map((text, i) => {
    const start = at
    // The last word ends where the cue does, whatever the rounding on the way.
    const end = i === tokens.length - 1 ? cue.end : start + text.length * perCharacter
    at = end
    return { start, end, text }
  })
}

/** The words of a cue without word times that a span `[start, end)` holds: those whose estimated midpoint is inside it. */
export function estimatedWordsInSpan(
  cue: { start: number; end: number; text: string },
  start: number,
  end: number,
): string[] {
  return estimatedWordTimes(cue)
    .filter((w) => {
      const middle = (w.start + w.end) / 2
      return middle >= start && middle < end
    })
    .map((w) => w.text)
}
