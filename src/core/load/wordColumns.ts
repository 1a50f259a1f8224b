import type { Row } from '../history/tables'
import type { DocumentRows } from './documentRows'

/*
 * A document's rows as they cross between threads (loadOffThread.ts). Structured clone makes each row
 * object again key by key: the ~10,000 transcript words of an hour-long episode took ~10 ms to arrive.
 * As columns (numbers in typed arrays) they arrive in under 2 ms, the rows made again included.
 */

/** The transcript words of one episode, column by column; the episode is the rows' own. */
export interface WordColumns {
  segmentId: string[]
  position: Int32Array
  start: Float64Array
  end: Float64Array
  text: string[]
}

export type PackedRows = Omit<DocumentRows, 'transcript_words'> & { words: WordColumns }

export function packRows(rows: DocumentRows): PackedRows {
  const { transcript_words: words, ...rest } = rows
  return {
    ...rest,
    words: {
      segmentId: words.map((w) => String(w.segment_id)),
      position: Int32Array.from(words, (w) => Number(w.position)),
      start: Float64Array.from(words, (w) => Number(w.start)),
      end: Float64Array.from(words, (w) => Number(w.end)),
      text: words.map((w) => String(w.text)),
    },
  }
}

export function unpackRows(packed: PackedRows): DocumentRows {
  const { words, ...rest } = packed
  const episode_id = rest.episodes[0]?.id ?? null
  const rows: Row[] = new Array<Row>(words.text.length)
  // The columns are as long as each other: packRows made them from the same rows.
  for (let i = 0; i < rows.length; i++)
    rows[i] = {
      episode_id,
      segment_id: words.segmentId[i] as string,
      position: words.position[i] as number,
      start: words.start[i] as number,
      end: words.end[i] as number,
      text: words.text[i] as string,
    }
  return { ...rest, transcript_words: rows }
}
