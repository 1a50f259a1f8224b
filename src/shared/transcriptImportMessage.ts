import type { TranscriptImport } from './contract'

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/**
 * What an import did, in one sentence for the status line and the CLI: the segments read, the quotes
 * filled again and the typed ones it outdated ("3 quotes refilled, 1 typed quote no longer matches"),
 * and how many other quotes the new words do not say (`flagged`: every quote the check flags now).
 */
export function transcriptImportMessage(fileName: string, r: TranscriptImport, flagged = 0): string {
  const quotes = [
    r.quotesRefilled > 0 && count(r.quotesRefilled, 'quote refilled', 'quotes refilled'),
    r.quotesOutdated > 0 &&
      count(r.quotesOutdated, 'typed quote no longer matches', 'typed quotes no longer match'),
    flagged > r.quotesOutdated &&
      `${count(flagged - r.quotesOutdated, 'other quote is', 'other quotes are')} not what the transcript says in its span`,
  ].filter((part) => part !== false)
  return (
    `Imported ${count(r.segments, 'transcript segment', 'transcript segments')} from ${fileName}` +
    (quotes.length > 0 ? `; ${quotes.join(', ')}` : '')
  )
}

/**
 * Why an import is refused while segments edited by hand would be replaced. Each surface says how to go
 * on in its own way: the CLI names its flag, the app asks in a dialog.
 */
export function editedSegmentsRefusal(edited: number): string {
  return `${count(edited, 'transcript segment was', 'transcript segments were')} edited by hand; the import would replace ${edited === 1 ? 'it' : 'them'}`
}

const EDITED_REFUSAL = /^(\d+) transcript segments? (?:was|were) edited by hand; the import would replace /

/**
 * How many edited segments a refusal names, or null for any other refusal. The app reads it back when
 * its view was older than the edits (made in another window or by the CLI), to ask as it would have.
 */
export function editedSegmentsRefused(message: string): number | null {
  const match = EDITED_REFUSAL.exec(message)
  return match ? Number(match[1]) : null
}
