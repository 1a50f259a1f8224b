import type { PublishFormat, TranscriptExportFormat } from '../../../shared/contract'
import { call } from '../platform'

/** What the Export menu offers: episode JSON, the transcript's formats, the publishing formats, or publishing. */
export type ExportChoice = 'episode' | TranscriptExportFormat | Exclude<PublishFormat, 'episode'> | 'publish'

// A record rather than the contract's enum, which would bring zod into the renderer; the type keeps it complete.
const TRANSCRIPT_FORMATS: Record<TranscriptExportFormat, true> = {
  vtt: true,
  srt: true,
  'podcast-json': true,
}

const isTranscriptFormat = (choice: ExportChoice): choice is TranscriptExportFormat =>
  Object.hasOwn(TRANSCRIPT_FORMATS, choice)

/** Asks the core for the file of a choice; publishing is the final export of episode JSON. */
export function exportFile(id: string, choice: ExportChoice): Promise<{ fileName: string; text: string }> {
  if (choice === 'episode')
    return call('episodes.export', { id }).then(({ fileName, json }) => ({ fileName, text: json }))
  if (isTranscriptFormat(choice)) return call('transcript.export', { id, format: choice })
  if (choice === 'publish') return call('episodes.exportAs', { id, format: 'episode', final: true })
  return call('episodes.exportAs', { id, format: choice })
}
