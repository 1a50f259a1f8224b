import type { EpisodeDocument } from '../../shared/episodeFormat'

/** The Podcasting 2.0 namespace's recommendation for a soundbite's length, in seconds. */
export const SOUNDBITE_MIN = 15
export const SOUNDBITE_MAX = 120
/** Around a highlight: from a little before the moment to the point it makes after. */
const BEFORE = 5
const AFTER = 25
/** How far an edge moves outward to land on the end of a word rather than cut one. */
const REACH = 3

export interface Soundbite {
  startTime: number
  duration: number
  title: string
}

const TITLE_LENGTH = 128
const round3 = (seconds: number): number => Math.round(seconds * 1000) / 1000

/** The times an edge may move to: word ends, or cue edges where the transcript has no word times. */
function edges(doc: EpisodeDocument): number[] {
  const times: number[] = []
  for (const s of doc.transcript?.segments ?? []) {
    if (s.words.length > 0) for (const w of s.words) times.push(w.end)
    else times.push(s.start, s.end)
  }
  return times.sort((a, b) => a - b)
}

/** `text` cut to 128 characters (the namespace's limit for a soundbite's title and a person's name), the last one "…" when cut. */
export function cutForFeed(text: string): string {
  const chars = [...text]
  return chars.length <= TITLE_LENGTH ? text : `${chars.slice(0, TITLE_LENGTH - 1).join('')}…`
}

/**
 * A soundbite per moment: from 5 s before a highlight to 25 s after, each edge moved outward to the
 * nearest word end within 3 s, then fitted into the episode keeping 15-120 s. Highlights that come out
 * as the same span (two dimensions flagging one moment) are one soundbite naming each, since a feed
 * listing the same clip twice offers its listeners a duplicate. An episode under 15 s has none.
 */
export function soundbites(doc: EpisodeDocument): Soundbite[] {
  const length = doc.episode.durationSeconds
  if (length < SOUNDBITE_MIN) return []
  const times = edges(doc)
  const dimensions = new Map(doc.rubric.dimensions.map((d) => [d.key, d]))
  const bites = new Map<string, { startTime: number; duration: number; titles: string[] }>()
  for (const h of doc.highlights) {
    let start = h.time - BEFORE
    let end = h.time + AFTER
    const earlier = times.filter((t) => t <= start && t >= start - REACH).at(-1)
    const later = times.find((t) => t >= end && t <= end + REACH)
    if (earlier !== undefined) start = earlier
    if (later !== undefined) end = later
    start = Math.max(0, start)
    end = Math.min(length, end)
    if (end - start < SOUNDBITE_MIN) {
      if (start === 0) end = Math.min(length, SOUNDBITE_MIN)
      else start = Math.max(0, end - SOUNDBITE_MIN)
    }
    if (end - start > SOUNDBITE_MAX) end = start + SOUNDBITE_MAX
    const d = dimensions.get(h.dimension)
    const label = d?.highlightLabel || d?.label || h.dimension
    const startTime = round3(start)
    const duration = round3(end - start)
    const key = `${startTime}/${duration}`
    const title = `${label}: ${h.title}`
    const same = bites.get(key)
    if (!same) bites.set(key, { startTime, duration, titles: [title] })
    else if (!same.titles.includes(title)) same.titles.push(title)
  }
  return [...bites.values()].map((b) => ({
    startTime: b.startTime,
    duration: b.duration,
    title: cutForFeed(b.titles.join(' · ')),
  }))
}
