import { foldedTokens, MISSING_AT_EDGES, tokensMatch, wordsNeeded } from '../../shared/quoteCheck'
import type { SpokenTranscript } from '../analysis/spokenIndex'
import { firstIndex } from '../../shared/firstIndex'

// Word times and a hand-set span rarely agree to the millisecond.
const SPAN_MARGIN_SECONDS = 0.5

/**
 * Below this many comparisons (the quote's words times the span's) the span's words are compared as
 * they are; above it, through the index of where each word is said, so that a statement spanning a
 * whole episode of a million words costs about the square of its quote's words, not a pass over the
 * episode.
 */
const PLAIN_COMPARISONS = 2_000_000

/** A timed word, or the whole text of a segment without word times, and its folded words' range. */
interface Piece {
  start: number
  end: number
  /** Its folded words are `tokens[first .. last)`. */
  first: number
  last: number
}

/** A run of the transcript's folded words: `[first, last)`. */
type Run = readonly [number, number]

/**
 * The words said in each span, for checking quotes: timed words where a segment has them, else the
 * whole text of the segments that overlap, half a second of margin either side. Built once per
 * transcript revision (see `derived`), asked per statement.
 */
export class SpokenTokens {
  private readonly pieces: Piece[] = []
  private readonly tokens: string[] = []
  private readonly longest: number
  /** Where each folded word is said, in order: made at the first span too long to read word by word. */
  private positions: Map<string, Int32Array> | null = null

  /** `plainComparisons`: see PLAIN_COMPARISONS (a test sets it to 0 to check the index against it). */
  constructor(
    transcript: SpokenTranscript,
    private readonly plainComparisons = PLAIN_COMPARISONS,
  ) {
    const timedPieces: { start: number; end: number; text: string }[] = []
    for (const segment of transcript.segments) {
      const timed = transcript.words.get(segment.id)
      if (timed && timed.length > 0) for (const w of timed) timedPieces.push(w)
      else timedPieces.push({ start: segment.start, end: segment.end, text: segment.text })
    }
    // Stable: pieces that start together stay in the transcript's order.
    timedPieces.sort((a, b) => a.start - b.start)
    for (const p of timedPieces) {
      const first = this.tokens.length
      for (const token of foldedTokens(p.text)) this.tokens.push(token)
      this.pieces.push({ start: p.start, end: p.end, first, last: this.tokens.length })
    }
    this.longest = this.pieces.reduce((max, p) => Math.max(max, p.end - p.start), 0)
  }

  /** The first piece whose start is past `time` (or at it, with `inclusive`). */
  private firstStarting(time: number, inclusive: boolean): number {
    return firstIndex(this.pieces.length, (i) => {
      const start = this.pieces[i]?.start ?? 0
      return inclusive ? start < time : start <= time
    })
  }

  /**
   * The runs of words a span holds, in the transcript's order: each piece that starts by the span's end
   * and ends after its start. Those starting inside it are one run; those starting before it are read
   * one by one, back as far as the longest piece reaches.
   */
  private runs(start: number, end: number): Run[] {
    const from = start - SPAN_MARGIN_SECONDS
    const to = end + SPAN_MARGIN_SECONDS
    const reach = this.firstStarting(from - this.longest, true)
    const inside = this.firstStarting(from, false)
    const after = this.firstStarting(to, false)
    const runs: [number, number][] = []
    const add = (first: number, last: number): void => {
      if (first === last) return
      const previous = runs[runs.length - 1]
      if (previous && previous[1] === first) previous[1] = last
      else runs.push([first, last])
    }
    for (let i = reach; i < Math.min(inside, after); i++) {
      const p = this.pieces[i] as Piece
      if (p.end > from) add(p.first, p.last)
    }
    const firstInside = this.pieces[inside]
    const lastInside = this.pieces[after - 1]
    if (inside < after && firstInside && lastInside) add(firstInside.first, lastInside.last)
    return runs
  }

  /** The text said in a span, as its folded words: what a short span's quote is compared with. */
  private wordsIn(runs: readonly Run[]): string[] {
    return runs.flatMap(([first, last]) => this.tokens.slice(first, last))
  }

  private positionsOf(token: string): Int32Array | undefined {
    if (!this.positions) {
      const lists = new Map<string, number[]>()
      this.tokens.forEach((t, i) => {
        let list = lists.get(t)
        if (!list) lists.set(t, (list = []))
        list.push(i)
      })
      this.positions = new Map([...lists].map(([t, list]) => [t, Int32Array.from(list)]))
    }
    return this.positions.get(token)
  }

  /** The first place at or after `at`, inside the runs, where `token` is said; -1 when none. */
  private nextPlace(token: string, runs: readonly Run[], at: number): number {
    const places = this.positionsOf(token)
    if (!places) return -1
    for (const [first, last] of runs) {
      if (last <= at) continue
      const from = Math.max(first, at)
      const place = places[firstIndex(places.length, (i) => (places[i] ?? 0) < from)]
      if (place !== undefined && place < last) return place
    }
    return -1
  }

  /**
   * Whether the quote is what the span says, as quoteMatches(quote, <the span's text>) answers. The
   * common subsequence is found as, for each length, the earliest place in the span where the quote's
   * words so far can end one of that length (each step a binary search in where a word is said).
   */
  quoteMatches(quote: string, start: number, end: number): boolean {
    const wanted = foldedTokens(quote)
    const runs = this.runs(start, end)
    const said = runs.reduce((sum, [first, last]) => sum + last - first, 0)
    if (wanted.length === 0 || said === 0 || wanted.length * said <= this.plainComparisons)
      return tokensMatch(wanted, this.wordsIn(runs))
    const present = (token: string): boolean => this.nextPlace(token, runs, 0) !== -1
    const missingRun = (words: readonly string[]): number => {
      let run = 0
      while (run < words.length && !present(words[run] ?? '')) run++
      return run
    }
    if (missingRun(wanted) > MISSING_AT_EDGES) return false
    if (missingRun([...wanted].reverse()) > MISSING_AT_EDGES) return false
    const needed = wordsNeeded(wanted.length)
    // ends[l]: the earliest place just past a common subsequence of length l; Infinity: none yet.
    const ends = new Float64Array(wanted.length + 1).fill(Infinity)
    ends[0] = 0
    let longest = 0
    for (let i = 0; i < wanted.length; i++) {
      // Too few of the quote's words are left to reach what is needed.
      if (longest + (wanted.length - i) < needed) return false
      const word = wanted[i] ?? ''
      for (let l = Math.min(longest, i); l >= 0; l--) {
        const after = ends[l] ?? Infinity
        if (after === Infinity) continue
        const place = this.nextPlace(word, runs, after)
        if (place !== -1 && place + 1 < (ends[l + 1] ?? Infinity)) ends[l + 1] = place + 1
      }
      while ((ends[longest + 1] ?? Infinity) !== Infinity) longest++
      if (longest >= needed) return true
    }
    return longest >= needed
  }
}
