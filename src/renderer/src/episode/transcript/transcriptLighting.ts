import { useMemo, useState } from 'react'
import type { TranscriptView } from '../../../../shared/contract'
import { markedWords } from './markedWords'
import { lastStartedIndex } from './playingIndex'

type Segments = TranscriptView['segments']
interface Span {
  start: number
  end: number
}

const NO_MARKS: ReadonlyMap<string, readonly boolean[]> = new Map()

const sameSpans = (a: readonly Span[], b: readonly Span[]): boolean =>
  a === b || (a.length === b.length && a.every((s, i) => s.start === b[i]?.start && s.end === b[i]?.end))

/**
 * The spans as last given while none moved: a statement's title or any other edit that leaves every span
 * where it was marks no word again.
 */
function useSameSpans(spans: readonly Span[]): readonly Span[] {
  const [kept, setKept] = useState(spans)
  const same = sameSpans(kept, spans)
  if (!same) setKept(spans)
  return same ? kept : spans
}

/** The words inside a statement's span, and apart from them those of the statement under review. */
export function useWordMarks(
  segments: Segments,
  statements: readonly { start: number; end: number }[],
  underReview: { start: number; end: number } | null,
): { marks: ReturnType<typeof markedWords>; reviewMarks: ReadonlyMap<string, readonly boolean[]> } {
  const spans = useSameSpans(statements)
  const marks = useMemo(() => markedWords(segments, spans), [segments, spans])
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
