import { wordsSaid } from '../../shared/quoteCheck'
import type { StatementRow } from '../analysis/analysisRows'
import { isSaidText } from '../analysis/spanTranscript'
import type { Row } from '../history/tables'

export interface QuoteCorrections {
  /** The statement columns an import writes, in its one undo step. */
  changes: { id: string; columns: Row }[]
  /** Quotes filled from the transcript that now read the new words of their span. */
  refilled: number
  /** Typed quotes that the new words of their span say less of than the old ones did. */
  outdated: number
}

/**
 * What a new transcript does to the statements' quotes. A quote never typed (filled from the words in
 * its span) is filled again from the new words there. A typed quote is kept as written, but when the
 * new words say fewer of its words than the old ones did, it is marked outdated: the editor checks it
 * before publishing, however small the change (two words of seventeen pass the quote check's 85%).
 */
export function correctedQuotes(
  statements: readonly StatementRow[],
  oldSaid: (s: StatementRow) => string,
  newSaid: (s: StatementRow) => string,
): QuoteCorrections {
  const corrections: QuoteCorrections = { changes: [], refilled: 0, outdated: 0 }
  for (const s of statements) {
    const before = oldSaid(s)
    const after = newSaid(s)
    const filled = s.quote_filled ?? (isSaidText(s.quote, before) ? 1 : 0)
    if (filled === 1) {
      // A span the new transcript says nothing in keeps its quote, which the quote check then flags.
      if (after === '' || after === s.quote) continue
      corrections.changes.push({ id: s.id, columns: { quote: after, quote_filled: 1, quote_outdated: 0 } })
      corrections.refilled++
    } else if (s.quote_outdated === 0 && wordsSaid(s.quote, after) < wordsSaid(s.quote, before)) {
      corrections.changes.push({ id: s.id, columns: { quote_outdated: 1 } })
      corrections.outdated++
    }
  }
  return corrections
}
