import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { SCORE_DIGIT_WAIT_MS, typeScoreDigit } from './scoreEntry'

export interface ScoreCellAddress {
  chapterId: string
  dimension: string
}

export interface PendingScore {
  cell: ScoreCellAddress
  typed: string
}

export interface ScoreTyping {
  /** Digits typed on a cell that wait for the next one; shown in the cell until they are set. */
  pending: PendingScore | null
  type: (cell: ScoreCellAddress, digit: string) => void
  /** Sets the waiting digits now (the editor moved on). */
  flush: () => void
  /** Drops the waiting digits (another key set the score). */
  discard: () => void
}

const sameCell = (a: ScoreCellAddress, b: ScoreCellAddress): boolean =>
  a.chapterId === b.chapterId && a.dimension === b.dimension

/** Digits typed on score cells, turned into one score each (so `1` `0` is one edit of 10, not two). */
export function useScoreTyping(
  scaleMax: number,
  setScore: (cell: ScoreCellAddress, value: number) => void,
): ScoreTyping {
  const [pending, setPending] = useState<PendingScore | null>(null)
  // The timer and the digits it commits live outside render: a timeout fires long after the render
  // that started it.
  const waiting = useRef<PendingScore | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const latestSetScore = useRef(setScore)
  useLayoutEffect(() => {
    latestSetScore.current = setScore
  })

  const flush = useCallback(() => {
    window.clearTimeout(timer.current)
    const entry = waiting.current
    waiting.current = null
    setPending(null)
    if (entry) latestSetScore.current(entry.cell, Number(entry.typed))
  }, [])

  const discard = useCallback(() => {
    window.clearTimeout(timer.current)
    waiting.current = null
    setPending(null)
  }, [])

  const type = useCallback(
    (cell: ScoreCellAddress, digit: string) => {
      const before = waiting.current
      if (before && !sameCell(before.cell, cell)) flush()
      window.clearTimeout(timer.current)
      const entry = typeScoreDigit(waiting.current?.typed ?? '', digit, { max: scaleMax })
      if (entry.kind === 'set') {
        waiting.current = null
        setPending(null)
        latestSetScore.current(cell, entry.value)
        return
      }
      waiting.current = { cell, typed: entry.typed }
      setPending(waiting.current)
      timer.current = window.setTimeout(flush, SCORE_DIGIT_WAIT_MS)
    },
    [scaleMax, flush],
  )

  // Digits still waiting when the panel closes are what the editor typed: keep them.
  useEffect(() => flush, [flush])

  return { pending, type, flush, discard }
}
