import type { Db } from '../db/openDatabase'
import { analysisEdit } from './analysisEdit'
import { itemRow, type StatementRow } from './analysisRows'

/**
 * The editor vouches for a quote filled by estimated word times (captions without them): from now on it
 * is kept as written when the span moves, like a typed quote, and checked against the words of the cues
 * the span touches. One undoable step; a quote already kept changes nothing.
 */
export function confirmQuote(db: Db, episodeId: string, statementId: string): void {
  const row = itemRow<StatementRow>(db, 'statements', episodeId, statementId, 'statement')
  if (row.quote_filled === 0) return
  analysisEdit(db, episodeId, 'Confirm quote', (w) =>
    w.update('statements', { episode_id: episodeId, id: statementId }, { quote_filled: 0 }),
  )
}
