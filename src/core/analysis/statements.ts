import { uncite } from './evidenceEdits'
import type { Db } from '../db/openDatabase'
import { episodeRow } from '../episodes/episodeQueries'
import { notFound } from '../errors'
import { readRow } from '../history/rowWriter'
import type { Row } from '../history/tables'
import { analysisEdit, changedColumns, editItem, editLabel } from './analysisEdit'
import { itemRow, nextItemId, type StatementRow } from './analysisRows'
import { isSaidText, spanTranscript } from './spanTranscript'
import { transcriptSnapshot } from '../transcript/transcriptSnapshot'
import { checkedSpan } from './timeChecks'
import { refuseAtCap } from './itemCaps'

export interface NewStatement {
  start: number
  end: number
  title?: string | undefined
  quote?: string | undefined
}

export interface StatementPatch {
  title?: string | undefined
  quote?: string | undefined
  start?: number | undefined
  end?: number | undefined
  speakerId?: string | null | undefined
}

const statementRow = (db: Db, episodeId: string, id: string): StatementRow =>
  itemRow(db, 'statements', episodeId, id, 'statement')

/**
 * Adds a statement over a span. Unless given, its quote is what the transcript says there (filled: it
 * follows the span from then on) and its speaker whoever speaks longest there, which is what the editor
 * would otherwise copy by hand. A given quote counts as filled only when it is those very words.
 */
export function createStatement(db: Db, episodeId: string, input: NewStatement): string {
  const { start, end } = checkedSpan(input.start, input.end, episodeRow(db, episodeId).duration_seconds)
  refuseAtCap(db, episodeId, 'statements')
  const said = spanTranscript(db, episodeId, start, end)
  const id = nextItemId(db, 'statements', episodeId, 'st')
  analysisEdit(db, episodeId, 'Add statement', (w) =>
    w.insert('statements', {
      episode_id: episodeId,
      id,
      title: input.title ?? '',
      quote: input.quote ?? said.text,
      quote_filled: input.quote === undefined || isSaidText(input.quote, said.text) ? 1 : 0,
      start,
      end,
      speaker_id: said.speakerId,
      origin: 'human',
      status: 'accepted',
    }),
  )
  return id
}

const LABELS = {
  title: 'Rename statement',
  quote: 'Edit statement quote',
  start: 'Move statement',
  end: 'Move statement',
  speaker_id: 'Change statement speaker',
}

/**
 * Edits a statement. A span that moves (by a drag, a key, typed times or a nudge: they all come here)
 * takes its quote along when the quote was filled from the transcript, so the published quote is always
 * what is said in the span; a typed quote is kept as written, and the quote check flags it if the span
 * no longer says it. A quote the editor types is filled only if it is exactly the span's words.
 */
export function updateStatement(db: Db, episodeId: string, statementId: string, patch: StatementPatch): void {
  const duration = episodeRow(db, episodeId).duration_seconds
  const before = statementRow(db, episodeId, statementId)
  const { start, end } = checkedSpan(patch.start ?? before.start, patch.end ?? before.end, duration)
  if (patch.speakerId && !readRow(db, 'participants', { episode_id: episodeId, id: patch.speakerId }))
    throw notFound(`participant ${patch.speakerId}`)
  const wanted: Row = {
    start,
    end,
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.quote !== undefined && { quote: patch.quote }),
    ...(patch.speakerId !== undefined && { speaker_id: patch.speakerId }),
  }
  // Named after what the editor did: a move that refills the quote is still a move.
  const label = editLabel(changedColumns(before as unknown as Row, wanted), LABELS, 'Edit statement')
  const changes = changedColumns(before as unknown as Row, {
    ...wanted,
    ...quoteFollowing(db, episodeId, before, patch, start, end),
    // A quote a corrected transcript outdated is checked once the editor retypes it or moves its span.
    ...((patch.quote !== undefined || start !== before.start || end !== before.end) && { quote_outdated: 0 }),
  })
  if (Object.keys(changes).length === 0) return
  const key = { episode_id: episodeId, id: statementId }
  analysisEdit(db, episodeId, label, (w) => editItem(db, w, 'statements', key, changes))
}

/** The quote (and whether it is filled) after an edit that may type it or move its span. */
function quoteFollowing(
  db: Db,
  episodeId: string,
  before: StatementRow,
  patch: StatementPatch,
  start: number,
  end: number,
): Row {
  const moved = start !== before.start || end !== before.end
  if (patch.quote !== undefined && patch.quote !== before.quote)
    return { quote_filled: isSaidText(patch.quote, spanTranscript(db, episodeId, start, end).text) ? 1 : 0 }
  if (!moved) return {}
  // Without a transcript there is nothing to fill from; the quote stays as it is until there is one.
  if (transcriptSnapshot(db, episodeId).segments.length === 0) return {}
  const filled =
    before.quote_filled ??
    (isSaidText(before.quote, spanTranscript(db, episodeId, before.start, before.end).text) ? 1 : 0)
  if (filled === 0) return { quote_filled: 0 }
  return { quote: spanTranscript(db, episodeId, start, end).text, quote_filled: 1 }
}

export function deleteStatement(db: Db, episodeId: string, statementId: string): void {
  const statement = statementRow(db, episodeId, statementId)
  analysisEdit(db, episodeId, 'Delete statement', (w) => {
    uncite(db, w, episodeId, statement)
    w.delete('statements', { episode_id: episodeId, id: statementId })
  })
}
