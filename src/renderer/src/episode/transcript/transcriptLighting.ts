import { useMemo } from 'react'
import type { TranscriptView } from '../../../../shared/contract'
import { markedWords } from './markedWords'
import { lastStartedIndex } from './playingIndex'

type Segments = TranscriptView['segments']

const NO_MARKS: ReadonlyMap<string, readonly boolean[]> = new Map()

/** The words inside a statement's span, and apart from them those of the statement under review. */
export function useWordMarks(
  segments: Segments,
  statements: readonly { start: number; end: number }[],
  underReview: { start: number; end: number } | null,
): { marks: ReturnType<typeof markedWords>; reviewMarks: ReadonlyMap<string, readonly boolean[]> } {
  const marks = useMemo(() => markedWords(segments, statements), [segments, statements])
  const reviewStart = underReview?.start
  const reviewEnd = underReview?.end
  const reviewMarks = useMemo(
    () =>
      reviewStart === undefined || reviewEnd === undefined
        ? NO_MARKS
        : markedWords(segments, [{ start: reviewStart, end: reviewEnd }]),
    [segments, reviewStart, reviewEnd],
  )
  return { marks, reviewMarks }
}

/** The segment last begun, the one being said (-1 in a pause) and its word being said (-1 for none). */
export function usePlayingWord(
  segments: Segments,
  time: number,
): { started: number; current: number; currentToken: number } {
  // The segment last begun: lit while it lasts, and kept in view through the silence after it too.
  const started = useMemo(
    () => lastStartedIndex(segments.length, (i) => segments[i]?.start ?? 0, time),
    [segments, time],
  )
  const current = started >= 0 && time < (segments[started]?.end ?? 0) ? started : -1
  const currentToken = useMemo(() => {
    const times = segments[current]?.wordTimes
    if (!times) return -1
    const timed = times.flatMap((t, i) => (t ? [{ i, start: t[0] }] : []))
    const k = lastStartedIndex(timed.length, (j) => timed[j]?.start ?? 0, time)
    return timed[k]?.i ?? -1
  }, [segments, current, time])

  return { started, current, currentToken }
}
