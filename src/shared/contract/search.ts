/** Search across the library: every episode's text, best hits first. */
import { z } from 'zod'
import { grouped } from '../textLimits'
import { method } from './method'

export const SEARCH_KINDS = [
  'transcript',
  'statement',
  'chapter',
  'reasoning',
  'highlight',
  'episode',
] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** A piece of a hit's snippet: `match` where the query's words were found. */
export interface SnippetPart {
  text: string
  match: boolean
}

/** One item whose text matched: its time is where the episode opens to show it (seconds, 3 decimals). */
export interface SearchHit {
  episodeId: string
  episodeTitle: string
  kind: SearchKind
  /** The segment, statement, chapter or highlight; for reasoning, its chapter; for an episode (its title or summary), the episode. */
  itemId: string
  seconds: number
  snippet: SnippetPart[]
}

/** A word of the query the library's words index does not hold, and the indexed words closest to it. */
export interface ClosestWords {
  /** As typed, lowercased. */
  word: string
  /** Closest first, each as the text writes it (lowercased). */
  closest: string[]
}

/** Past this many matching items, a search gives the newest episodes' hits first instead of the best. */
export const MANY_MATCHES = 1000

/** What a person is told when a search's hits are the newest, not the best. */
export const NEWEST_FIRST_NOTE = `More than ${grouped(MANY_MATCHES)} items match: the newest episodes’ hits come first. Add a word, or search a phrase, to rank them by relevance.`

export const searchMethods = {
  /**
   * Every episode's text (transcript, statements, chapters, reasoning, highlights, its title and
   * summary) searched, best hits first (newest first past a thousand matches: `newestFirst`). The query's length and syntax are checked by the core, which says what to change.
   */
  'library.search': method<{
    hits: SearchHit[]
    /** When nothing is found: for each word the index does not hold, the closest words it does. */
    closest: ClosestWords[]
    /**
     * True when more items matched than are ranked (a common word in a large library): the hits are
     * the newest episodes' (each episode's in its order of time), not the best; a narrower query ranks.
     */
    newestFirst: boolean
  }>()(
    z.strictObject({
      query: z.string().max(100_000, 'a search is at most 1,000 characters: search for a few words of it'),
      show: z.string().max(1000).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
}
