/** One place a search query occurs: a segment and the character range in its text. */
export interface SearchMatch {
  segment: number
  from: number
  to: number
}

/** Every occurrence of `query` in the texts, case-insensitively, in reading order. */
export function findMatches(texts: readonly string[], query: string): SearchMatch[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return []
  const matches: SearchMatch[] = []
  texts.forEach((text, segment) => {
    const haystack = text.toLowerCase()
    // Lower-casing can change a string's length (rare letters); offsets would then be wrong, so skip.
    if (haystack.length !== text.length) return
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length))
      matches.push({ segment, from: at, to: at + needle.length })
  })
  return matches
}

/** The match to go to from `current` in a direction, wrapping around; -1 when there is none. */
export function stepMatch(count: number, current: number, direction: 1 | -1): number {
  if (count === 0) return -1
  if (current < 0) return direction === 1 ? 0 : count - 1
  return (current + direction + count) % count
}

/** The first match at or after a segment: where a search starts from what the editor is looking at. */
export function firstMatchFrom(matches: readonly SearchMatch[], segment: number): number {
  const index = matches.findIndex((m) => m.segment >= segment)
  return index >= 0 ? index : matches.length > 0 ? 0 : -1
}
