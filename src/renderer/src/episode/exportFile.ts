import type { PublishFormat, TranscriptExportFormat } from '../../../shared/contract'
import { call } from '../platform'

/** What the Export menu offers: episode JSON, the transcript's formats, the publishing formats, or publishing. */
export type ExportChoice =
  | 'episode'
  | TranscriptExportFormat
  // The feed tags ask for their base URL first: a dialog of their own.
  | Exclude<PublishFormat, 'episode' | 'podcast-item'>
  | 'publish'

// A record rather than the contract's enum, which would bring zod into the renderer; the type keeps it complete.
const TRANSCRIPT_FORMATS: Record<TranscriptExportFormat, true> = {
  vtt: true,
  srt: true,
  'podcast-json': true,
}

const isTranscriptFormat = (choice: ExportChoice): choice is TranscriptExportFormat =>
  Object.hasOwn(TRANSCRIPT_FORMATS, choice)

/** The exports that only read: episode JSON as it is, and the transcript's formats. */
export type ReadExport = 'episode' | TranscriptExportFormat

export const isReadExport = (choice: ExportChoice): choice is ReadExport =>
  choice === 'episode' || isTranscriptFormat(choice)

/** Asks the core for the file of an export that only reads. */
export function exportFile(id: string, choice: ReadExport): Promise<{ fileName: string; text: string }> {
  if (choice === 'episode')
    return call('episodes.export', { id }).then(({ fileName, json }) => ({ fileName, text: json }))
  return call('transcript.export', { id, format: choice })
}
