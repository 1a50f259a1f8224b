/** The transcript: read, imported, a segment corrected, exported as captions. */
import { z } from 'zod'
import { byId, episodeId, fileRefSchema } from './fields'
import { edit, method } from './method'

export interface TranscriptSegmentView {
  id: string
  start: number
  end: number
  speakerId: string | null
  text: string
  /** Times interpolated, not read from the source (plain text transcripts). */
  approximate: boolean
  /** For each whitespace-separated token of `text`, its word's [start, end], or null when untimed. */
  wordTimes: ([number, number] | null)[]
}

/** What a transcript import did, for the editor (and the CLI) to be told. */
export interface TranscriptImport {
  segments: number
  /** What the reader left out or guessed (lines no cue holds, speakers carried), and a transcript past the media's end. */
  warnings: string[]
  /** Quotes filled from the transcript (never typed) filled again from the new words in their span. */
  quotesRefilled: number
  /** Typed quotes the new words say less of: flagged, and publishing waits until they are edited. */
  quotesOutdated: number
  /** Participants of the replaced transcript who no longer speak, by name: offered for removal. */
  silentSpeakers: string[]
}

export interface TranscriptView {
  rev: string
  segments: TranscriptSegmentView[]
}

export const transcriptExportFormatSchema = z.enum(['vtt', 'srt', 'podcast-json'])
export type TranscriptExportFormat = z.output<typeof transcriptExportFormatSchema>

export const transcriptMethods = {
  'transcript.get': method<TranscriptView>()(byId),
  /**
   * Refused with `conflict` while segments edited by hand would be replaced, unless `replaceEdited`
   * says the editor was told (the view's `transcript.editedSegments`) and chose to go on.
   */
  'transcript.import': edit<TranscriptImport>()(
    z.strictObject({ id: episodeId, file: fileRefSchema, replaceEdited: z.boolean().optional() }),
  ),
  'transcript.editSegment': edit()(
    z.strictObject({
      id: episodeId,
      segmentId: z.string().min(1).max(64),
      text: z.string().trim().min(1, 'a segment needs text').max(100_000),
    }),
  ),
  'transcript.export': method<{ fileName: string; text: string }>()(
    z.strictObject({ id: episodeId, format: transcriptExportFormatSchema }),
  ),
}
