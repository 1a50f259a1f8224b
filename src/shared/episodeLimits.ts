/*
 * How much one episode may hold, whichever way it comes in (a loaded file, an import, an edit): every
 * view, chart and export is made from these, so a number or a list in a file must never be able to
 * stall the app or run it out of memory. The format document (docs/episode-format.md) says the same.
 */
import { grouped } from './textLimits'

/** Seven days: no episode is longer, and a bigger number is a mistake (or an attack) in a file. */
export const MAX_DURATION_SECONDS = 604_800

/** The most items of each kind one episode holds. */
export const ITEM_LIMITS = {
  chapters: 2_000,
  statements: 20_000,
  highlights: 1_000,
  participants: 1_000,
  dimensions: 50,
  segments: 200_000,
  words: 1_000_000,
  // On one field: a score, a chapter's why, a highlight.
  evidence: 100,
} as const

/** A transcript segment's text, as `transcript.editSegment` takes it. */
export const MAX_SEGMENT_TEXT = 100_000
/** One word of a transcript. */
export const MAX_WORD_TEXT = 1_000
/** A media file's name: the longest most file systems take. */
export const MAX_FILE_NAME = 255

/** The most items of `what` one episode holds, as the refusal says it. */
export const tooMany = (limit: number, what: string): string =>
  `at most ${grouped(limit)} ${what} in one episode`

/** A refusal lists this many problems, then says how many more there are. */
export const MAX_LISTED_PROBLEMS = 100

/** The first {@link MAX_LISTED_PROBLEMS} problems, then one line `… and 19,900 more problems`. */
export function listedProblems(problems: readonly string[]): string[] {
  if (problems.length <= MAX_LISTED_PROBLEMS) return [...problems]
  const more = problems.length - MAX_LISTED_PROBLEMS
  return [
    ...problems.slice(0, MAX_LISTED_PROBLEMS),
    `… and ${grouped(more)} more problem${more === 1 ? '' : 's'}`,
  ]
}

/**
 * Characters that end a line, move the cursor or start a terminal's escape code: C0, DEL, C1 and the
 * Unicode line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
// eslint-disable-next-line no-control-regex
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/

export const CONTROL_CHARACTER_PROBLEM = 'holds a control character (a line break, tab or escape code)'

/** A title typed or given on the command line: each run of control characters becomes one space. */
export function withoutControlCharacters(text: string): { text: string; replaced: boolean } {
  const cleaned = text.replace(CONTROL_RUN, ' ')
  return { text: cleaned, replaced: cleaned !== text }
}

/** The warning for a title or a name whose control characters were replaced. */
export const controlCharactersReplaced = (text: string, what: 'title' | 'name' = 'title'): string =>
  `the ${what}'s line breaks, tabs and other control characters were each replaced by a space: "${text}"`
