import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { SCORE_DIGIT_WAIT_MS, typeScoreDigit } from './scoreEntry'
import { useScope, type Held } from '../../scope'

export interface ScoreCellAddress {
  chapterId: string
  dimension: string
}

export interface PendingScore {
  cell: ScoreCellAddress
  typed: string
}

export interface ScoreTyping {
  /** Digits written on a cell that a next digit may still grow (`1` before a `0`); shown as `1…`. */
  pending: PendingScore | null
  type: (cell: ScoreCellAddress, digit: string) => void
  /** The editor moved on: the digits written stay as they are. */
  flush: () => void
  /** Another key set the score: the digits no longer grow. */
  discard: () => void
}

const sameCell = (a: ScoreCellAddress, b: ScoreCellAddress): boolean =>
  a.chapterId === b.chapterId && a.dimension === b.dimension

/**
 * Digits typed on score cells. Each digit is written at once (`1` is a score the moment it is typed);
 * a digit right after it on the same cell that makes a longer score (`1` `0`) rewrites it as one undo
 * step with the first (`amend`), so the cell never waits for a key that may not come.
 */
export function useScoreTyping(
  scaleMax: number,
  setScore: (cell: ScoreCellAddress, value: number, amend: boolean) => void,
): ScoreTyping {
  const [pending, setPending] = useState<PendingScore | null>(null)
  // The digits that may still grow and their timer live outside render: a timeout fires long after
  // the render that started it.
  const growing = useRef<PendingScore | null>(null)
  const scope = useScope()
  const timer = useRef<Held | null>(null)
  const latestSetScore = useRef(setScore)
  useLayoutEffect(() => {
    latestSetScore.current = setScore
  })

  const stop = useCallback(() => {
    timer.current?.cancel()
    growing.current = null
    setPending(null)
  }, [])

  const type = useCallback(
    (cell: ScoreCellAddress, digit: string) => {
      const before = growing.current && sameCell(growing.current.cell, cell) ? growing.current.typed : ''
      timer.current?.cancel()
      const entry = typeScoreDigit(before, digit, { max: scaleMax })
      const typed = entry.kind === 'set' ? String(entry.value) : entry.typed
      // The digit grew the number written just before on this cell: the same gesture, one undo step.
      const grew = before !== '' && typed === before + digit
      latestSetScore.current(cell, Number(typed), grew)
      if (entry.kind === 'set') return stop()
      growing.current = { cell, typed: entry.typed }
      setPending(growing.current)
      timer.current = scope.timeout(stop, SCORE_DIGIT_WAIT_MS)
    },
    [scaleMax, stop, scope],
  )

  return { pending, type, flush: stop, discard: stop }
}
