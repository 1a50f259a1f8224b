import { z } from 'zod'
import { cleanText, groupTokens, parseWith, seconds, transcriptOf, type Token } from './jsonTranscriptParts'
import type { ParsedSegment, ParsedTranscript } from './parsedTranscript'

const entrySchema = z.object({
  speaker: z.string().nullish(),
  startTime: seconds,
  endTime: seconds,
  body: z.string(),
})

// `version` is not checked: files in the wild write "1.0.0", "1.0" or nothing, and it changes no field.
const fileSchema = z.object({ segments: z.array(entrySchema) })

type Entry = z.infer<typeof entrySchema>

const tokenOf = (e: Entry): Token => ({
  start: e.startTime,
  end: e.endTime,
  text: e.body,
  speaker: cleanText(e.speaker ?? '') || null,
})

/**
 * Podcasting 2.0 JSON transcript (podcast-namespace transcripts.md). Real files often hold one word per
 * entry: runs of one-word entries become turns with those entries as words (see groupTokens); an entry
 * holding several words is already a phrase or sentence and stays a segment of its own.
 */
export function parsePodcastingJson(data: unknown): ParsedTranscript {
  const file = parseWith(fileSchema, data)
  const entries = file.segments
    .map(tokenOf)
    .filter((t) => cleanText(t.text) !== '')
    .sort((a, b) => a.start - b.start)
  const segments: ParsedSegment[] = []
  let words: Token[] = []
  const closeTurn = (): void => {
    for (const turn of groupTokens(words)) segments.push(turn)
    words = []
  }
  for (const entry of entries) {
    if (/\s/.test(cleanText(entry.text))) {
      closeTurn()
      segments.push({ ...entry, words: [] })
    } else words.push(entry)
  }
  closeTurn()
  return transcriptOf('podcasting20', segments, '/segments')
}
