import { Fragment, memo, useRef, useState } from 'react'
import { fieldExit } from '../../fields/fieldCommit'
import type { ParticipantView, TranscriptSegmentView } from '../../../../shared/contract'
import { tokensOf } from '../../../../shared/transcriptTokens'
import { formatClock } from '../../../../shared/time'
import type { SearchMatch } from './transcriptSearch'

export interface RowProps {
  segment: TranscriptSegmentView
  speaker: ParticipantView | null
  /** Index of the token being spoken, when this segment is the current one; else -1. */
  currentToken: number
  isCurrent: boolean
  matches: readonly SearchMatch[]
  activeMatch: SearchMatch | null
  editing: boolean
  /** Per token, whether its word is already inside a statement; null when none is. */
  marked: readonly boolean[] | null
  /** Per token, whether its word is inside the statement under review; null when none is. */
  reviewed: readonly boolean[] | null
  onSeek: (seconds: number) => void
  onStartEdit: (segmentId: string) => void
  onFinishEdit: (segmentId: string, text: string | null) => void
}

/** Character ranges of the tokens of a single-spaced text. */
function tokenRanges(tokens: readonly string[]): [number, number][] {
  let at = 0
  return tokens.map((t) => {
    const range: [number, number] = [at, at + t.length]
    at += t.length + 1
    return range
  })
}

/**
 * A segment's text, one paragraph: saved by the field rule (src/renderer/src/fields/fieldCommit.ts),
 * Enter, Escape, Tab or leaving it. The editor closes as it saves, once.
 */
function SegmentEditor(props: { text: string; onDone: (text: string | null) => void }): React.JSX.Element {
  const [draft, setDraft] = useState(props.text)
  const done = useRef(false)
  const finish = (): void => {
    if (done.current) return
    done.current = true
    props.onDone(draft)
  }
  return (
    <textarea
      className="segment-editor"
      aria-label="Segment text"
      autoFocus
      value={draft}
      rows={2}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={finish}
      onKeyDown={(e) => {
        if (!fieldExit(e, false)) return
        e.preventDefault()
        e.stopPropagation()
        finish()
      }}
    />
  )
}

/** One segment: time, speaker in the colour of their role, and its words, each a seek target. */
export const TranscriptRow = memo(function TranscriptRow(props: RowProps): React.JSX.Element {
  const { segment, speaker, currentToken, matches, activeMatch } = props
  const tokens = tokensOf(segment.text)
  const ranges = matches.length > 0 ? tokenRanges(tokens) : []
  const matchClass = (i: number): string => {
    const [from, to] = ranges[i] ?? [0, 0]
    const hit = matches.find((m) => m.from < to && m.to > from)
    if (!hit) return ''
    return hit === activeMatch ? ' match active-match' : ' match'
  }
  const seekToken = (event: React.MouseEvent<HTMLElement>): void => {
    const index = Number((event.target as HTMLElement).dataset.token)
    if (!Number.isInteger(index)) return
    const times = segment.wordTimes[index]
    props.onSeek(times ? times[0] : segment.start)
  }
  return (
    <>
      <button
        type="button"
        className="segment-time"
        onClick={() => props.onSeek(segment.start)}
        title={`Play from ${formatClock(segment.start)}${segment.approximate ? ' (approximate time)' : ''}`}
      >
        {segment.approximate ? '≈' : ''}
        {formatClock(segment.start)}
      </button>
      {speaker && <b className={`speaker role-${speaker.role}`}>{speaker.name}</b>}
      {props.editing ? (
        <SegmentEditor text={segment.text} onDone={(text) => props.onFinishEdit(segment.id, text)} />
      ) : (
        <>
          <span className="text" onClick={seekToken} onDoubleClick={() => props.onStartEdit(segment.id)}>
            {tokens.map((token, i) => (
              <Fragment key={i}>
                <span
                  data-token={i}
                  className={
                    (i === currentToken ? 'word current-word' : 'word') +
                    (segment.wordTimes[i] ? '' : ' untimed') +
                    (props.marked?.[i] ? ' in-statement' : '') +
                    (props.reviewed?.[i] ? ' under-review' : '') +
                    (ranges.length > 0 ? matchClass(i) : '')
                  }
                >
                  {token}
                </span>
                {i < tokens.length - 1 ? ' ' : ''}
              </Fragment>
            ))}
          </span>
          <button
            type="button"
            className="edit-segment"
            aria-label={`Edit text at ${formatClock(segment.start)}`}
            title="Edit text (double-click)"
            onClick={() => props.onStartEdit(segment.id)}
          >
            ✎
          </button>
        </>
      )}
    </>
  )
})
