import { estimatedWordTimes } from '../../shared/estimatedWordTimes'
import { foldedTokens } from '../../shared/quoteCheck'
import { foldToken, type TimedWord } from '../../shared/transcriptTokens'
import { firstIndex } from '../../shared/firstIndex'

/** A transcript as the span reading needs it: the database's snapshot, or a document being loaded. */
export interface SpokenTranscript {
  segments: readonly { id: string; start: number; end: number; speaker_id: string | null; text: string }[]
  words: ReadonlyMap<string, readonly TimedWord[]>
}

/** A word as a span reads it: where its middle is, and whether its time is only estimated. */
interface SpanWord {
  readonly middle: number
  readonly text: string
}

interface SegmentWords {
  readonly words: readonly SpanWord[]
  /** A cue without word times: a span holds a word whose estimated middle is before its end, not at it. */
  readonly estimated: boolean
}

/**
 * A transcript indexed once for reading spans: which segments a span overlaps is found by binary
 * search instead of a scan of every segment, and a quote is compared word by word as the span is read,
 * so a quote that differs stops at its first different word. A file of 20,000 statements each spanning
 * 200,000 segments read every segment for every statement (hours); with the index a load reads each
 * statement's first words.
 */
export class SpokenIndex {
  private readonly maxEnds: Float64Array
  private readonly sorted: boolean
  private readonly words: (SegmentWords | undefined)[]
  /** For each segment, the next one at or after it whose words fold to any token (-1: none). */
  private nextSpoken: Int32Array | null = null

  constructor(private readonly transcript: SpokenTranscript) {
    const { segments } = transcript
    this.words = new Array<SegmentWords | undefined>(segments.length)
    this.maxEnds = new Float64Array(segments.length)
    let sorted = true
    let maxEnd = -Infinity
    segments.forEach((segment, i) => {
      if (i > 0 && segment.start < (segments[i - 1]?.start ?? 0)) sorted = false
      maxEnd = Math.max(maxEnd, segment.end)
      this.maxEnds[i] = maxEnd
    })
    // Files and the database give segments by start; anything else is read as a plain scan.
    this.sorted = sorted
  }

  /** The first segment that can overlap a span starting at `start`: every one before it ends by then. */
  private firstFrom(start: number): number {
    if (!this.sorted) return 0
    return firstIndex(this.maxEnds.length, (i) => (this.maxEnds[i] ?? 0) <= start)
  }

  /** Whether segment `i` lies wholly past the span's end, and so does every later one. */
  private pastEnd(i: number, end: number): boolean {
    return this.sorted && (this.transcript.segments[i]?.start ?? 0) >= end
  }

  private overlap(i: number, start: number, end: number): number {
    const segment = this.transcript.segments[i]
    return segment === undefined ? 0 : Math.min(end, segment.end) - Math.max(start, segment.start)
  }

  private wordsOf(i: number): SegmentWords {
    const known = this.words[i]
    if (known) return known
    const segment = this.transcript.segments[i]
    if (segment === undefined) return { words: [], estimated: false }
    const timed = this.transcript.words.get(segment.id) ?? []
    // A cue without word times: its words' times are estimated (shared/estimatedWordTimes.ts).
    const estimated = timed.length === 0
    const words = (estimated ? estimatedWordTimes(segment) : timed).map((w) => ({
      middle: (w.start + w.end) / 2,
      text: w.text,
    }))
    return (this.words[i] = { words, estimated })
  }

  /** The words of segment `i` a span holds, in order. */
  private *heldWords(i: number, start: number, end: number): Generator<string> {
    const { words, estimated } = this.wordsOf(i)
    for (const word of words)
      if (word.middle >= start && (estimated ? word.middle < end : word.middle <= end)) yield word.text
  }

  /** What the span says and who says most of it: see saidInSpan. */
  saidInSpan(start: number, end: number): { text: string; speakerId: string | null } {
    const said: string[] = []
    const seconds = new Map<string, number>()
    const { segments } = this.transcript
    for (let i = this.firstFrom(start); i < segments.length && !this.pastEnd(i, end); i++) {
      const overlap = this.overlap(i, start, end)
      if (overlap <= 0) continue
      const speaker = segments[i]?.speaker_id
      if (speaker) seconds.set(speaker, (seconds.get(speaker) ?? 0) + overlap)
      for (const word of this.heldWords(i, start, end)) said.push(word)
    }
    let speakerId: string | null = null
    let longest = 0
    for (const [id, total] of seconds) if (total > longest) [speakerId, longest] = [id, total]
    return { text: said.join(' ').replace(/\s+/g, ' ').trim(), speakerId }
  }

  /**
   * Whether a quote is exactly the words the span says (case, punctuation and spacing aside), as
   * isSaidText(quote, saidInSpan(…).text) answers, reading only as far as the quote and the span agree.
   */
  says(quote: string, start: number, end: number): boolean {
    const wanted = foldedTokens(quote)
    if (wanted.length === 0) return false
    const next = this.spokenSegments()
    let at = 0
    for (
      let i = next[this.firstFrom(start)] ?? -1;
      i !== -1 && !this.pastEnd(i, end);
      i = next[i + 1] ?? -1
    ) {
      if (this.overlap(i, start, end) <= 0) continue
      for (const word of this.heldWords(i, start, end))
        for (const token of foldedTokens(word)) if (token !== wanted[at++]) return false
    }
    return at === wanted.length
  }

  /**
   * Segments whose words fold to no token say nothing a quote could be compared with: skipping them
   * keeps a span of thousands of such segments from being read for every statement.
   */
  private spokenSegments(): Int32Array {
    if (this.nextSpoken) return this.nextSpoken
    const count = this.transcript.segments.length
    const next = new Int32Array(count + 1).fill(-1)
    for (let i = count - 1; i >= 0; i--) {
      const spoken = this.wordsOf(i).words.some((w) => w.text.split(/\s+/).some((t) => foldToken(t) !== ''))
      // Not kept: a load reads the first few segments of most spans, not all of them.
      this.words[i] = undefined
      next[i] = spoken ? i : (next[i + 1] ?? -1)
    }
    return (this.nextSpoken = next)
  }
}

const indexes = new WeakMap<SpokenTranscript, SpokenIndex>()

/** The transcript's index, made at its first span and kept as long as the transcript object lives. */
export function spokenIndex(transcript: SpokenTranscript): SpokenIndex {
  let index = indexes.get(transcript)
  if (!index) indexes.set(transcript, (index = new SpokenIndex(transcript)))
  return index
}
