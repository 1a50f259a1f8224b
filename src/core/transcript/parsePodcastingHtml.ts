import { plainCueText } from './cueText'
import { TranscriptError, type ParsedSegment, type ParsedTranscript } from './parsedTranscript'

// A page opens with a comment, a declaration or an element of a page's structure. Caption styling
// (<i>, <b>) and words in angle brackets ("<laughs>", "<crosstalk>") also open plain-text transcripts,
// whose reader keeps them as text.
const MARKUP_START =
  /^<(?:!--|!doctype\b|\?xml\b|(?:html|head|body|meta|link|title|style|script|main|article|section|header|footer|nav|aside|div|span|p|h[1-6]|ul|ol|li|table|blockquote|figure|cite|time)\b)/i

// A closed <time> or <cite> element, wherever it is: the Podcasting 2.0 transcript's own marks, after
// whatever opens the file. Neither run passes a `<`, so a file of unclosed tags is read in linear time.
const TRANSCRIPT_ELEMENT = /<(time|cite)\b[^<>]*>[^<]*<\/\1\s*>/i
// ...unless the file has cue timing lines: captions may style a title as <cite>.
const CUE_TIMING = /^[ \t]*\d[\d:.,]*[ \t]*-->/m

/** Whether a text is HTML markup rather than plain text that happens to hold a `<`. */
export function looksLikeHtml(head: string): boolean {
  return MARKUP_START.test(head) || (TRANSCRIPT_ELEMENT.test(head) && !CUE_TIMING.test(head))
}

// The Podcasting 2.0 HTML transcript (podcast-namespace transcripts.md): each turn a `<cite>` speaker,
// a `<time>` stamp and `<p>` paragraphs. Tags are matched whole; their content never holds a `<`.
const PART = /<(cite|time|p)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi

const notATranscript = (): TranscriptError =>
  new TranscriptError(
    1,
    'HTML without a Podcasting 2.0 transcript in it (<cite>Speaker:</cite> <time>0:00</time> <p>text</p>)',
  )

/** `0:09`, `1:02:03` or `00:00:09.5`: seconds, or null for anything else. */
function stampSeconds(text: string): number | null {
  const m = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)$/.exec(text.trim())
  if (!m) return null
  const [, h = '0', mm = '0', ss = '0'] = m
  return (Number(h) * 60 + Number(mm)) * 60 + Number(ss.replace(',', '.'))
}

const lineAt = (text: string, index: number): number => text.slice(0, index).split(/\r\n|\r|\n/).length

// A turn's end is the next turn's start; the last turn has none, so it lasts as long as its words take
// to say at an unhurried pace (about 150 words a minute), and never past the media's end.
const SECONDS_PER_WORD = 0.4

/**
 * A Podcasting 2.0 HTML transcript: `<cite>Name:</cite>` names the speaker of the turns that follow,
 * `<time>0:09</time>` starts a turn, each `<p>` is its text. HTML without a time stamp cannot be placed
 * on the media, so it is refused, naming what would be read.
 */
export function parsePodcastingHtml(text: string, durationSeconds?: number): ParsedTranscript {
  // Other HTML (show notes, a saved web page) is named for what it lacks, not for its first paragraph.
  if (!/<time\b/i.test(text)) throw notATranscript()
  const turns: { start: number; speaker: string | null; text: string[] }[] = []
  let speaker: string | null = null
  let start: number | null = null
  let stamps = 0
  for (const match of text.matchAll(PART)) {
    const tag = (match[1] ?? '').toLowerCase()
    const content = plainCueText(match[2] ?? '')
    if (tag === 'cite') speaker = content.replace(/\s*:$/, '').trim() || null
    else if (tag === 'time') {
      start = stampSeconds(content)
      if (start === null)
        throw new TranscriptError(
          lineAt(text, match.index),
          `<time>${content}</time> is not a time (m:ss or h:mm:ss)`,
        )
      stamps++
    } else if (content !== '') {
      const last = turns[turns.length - 1]
      // Paragraphs after one stamp are one turn; a paragraph before any stamp cannot be placed.
      if (start === null)
        throw new TranscriptError(lineAt(text, match.index), 'a paragraph before any <time> stamp')
      if (last && last.start === start && last.speaker === speaker) last.text.push(content)
      else turns.push({ start, speaker, text: [content] })
    }
  }
  if (stamps === 0 || turns.length === 0) throw notATranscript()
  const segments: ParsedSegment[] = turns.map((turn, i) => {
    const body = turn.text.join(' ')
    const next = turns[i + 1]?.start
    const spoken = turn.start + body.split(/\s+/).length * SECONDS_PER_WORD
    const end =
      next ??
      (durationSeconds !== undefined && durationSeconds > turn.start
        ? Math.min(spoken, durationSeconds)
        : spoken)
    return { start: turn.start, end: Math.max(turn.start, end), speaker: turn.speaker, text: body, words: [] }
  })
  return { format: 'html', segments }
}
