/** Search across the library: every episode's text, best hits first. */
import { z } from 'zod'
import { method } from './method'

export const SEARCH_KINDS = ['transcript', 'statement', 'chapter', 'reasoning', 'highlight'] as const
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
  /** The segment, statement, chapter or highlight; for reasoning, its chapter. */
  itemId: string
  seconds: number
  snippet: SnippetPart[]
}

export const searchMethods = {
  /**
   * Every episode's text (transcript, statements, chapters, reasoning, highlights) searched, best hits
   * first. The query's length and syntax are checked by the core, which says what to change.
   */
  'library.search': method<{ hits: SearchHit[] }>()(
    z.strictObject({
      query: z.string().max(100_000, 'a search is at most 1,000 characters: search for a few words of it'),
      show: z.string().max(1000).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
  ),
}
