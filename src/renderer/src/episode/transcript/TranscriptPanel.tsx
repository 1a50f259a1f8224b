import { useVirtualizer } from '@tanstack/react-virtual'
import { shortcutOf } from '../../commands/shortcuts'
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import type { ParticipantView, TranscriptView } from '../../../../shared/contract'
import { usePlayingWord, useWordMarks } from './transcriptLighting'
import { TranscriptRow } from './TranscriptRow'
import { findMatches, firstMatchFrom, stepMatch, type SearchMatch } from './transcriptSearch'

const NO_MATCHES: readonly SearchMatch[] = []

/** What the screen's actions ask of the panel. */
export interface TranscriptPanelHandle {
  focusSearch(): void
  stepMatch(direction: 1 | -1): void
}

export interface TranscriptPanelProps {
  ref?: React.Ref<TranscriptPanelHandle>
  transcript: TranscriptView | null
  participants: readonly ParticipantView[]
  /** The statements' spans: the words inside one are marked. */
  statements: readonly { start: number; end: number }[]
  /** The span of the statement under review: its words, and only those, are lit apart. */
  underReview: { start: number; end: number } | null
  time: number
  onSeek: (seconds: number) => void
  onEditText: (segmentId: string, text: string) => void
  onOpenSpeakers: () => void
}

/**
 * The transcript, virtualized: only the rows on screen exist, so a four-hour transcript scrolls like a
 * short one. The word being said is lit while playing; search walks its matches with Enter/Shift+Enter.
 */
export function TranscriptPanel(props: TranscriptPanelProps): React.JSX.Element {
  const { transcript, participants, time, onSeek, onEditText } = props
  const segments = useMemo(() => transcript?.segments ?? [], [transcript])
  const [follow, setFollow] = useState(true)
  const [query, setQuery] = useState('')
  const [activeIndex, setActiveIndex] = useState(-1)
  const [editing, setEditing] = useState<string | null>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const searchField = useRef<HTMLInputElement>(null)

  const speakers = useMemo(() => new Map(participants.map((p) => [p.id, p])), [participants])
  const { statements } = props
  const { marks, reviewMarks } = useWordMarks(segments, statements, props.underReview)
  const matches = useMemo(
    () =>
      findMatches(
        segments.map((s) => s.text),
        query,
      ),
    [segments, query],
  )
  const matchesBySegment = useMemo(() => {
    const map = new Map<number, SearchMatch[]>()
    for (const m of matches) {
      const list = map.get(m.segment)
      if (list) list.push(m)
      else map.set(m.segment, [m])
    }
    return map
  }, [matches])
  const activeMatch = matches[activeIndex] ?? null

  const { started, current, currentToken } = usePlayingWord(segments, time)

  // The app is not built with the React Compiler, so nothing memoizes around the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: segments.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 52,
    overscan: 6,
  })

  // Following goes on between segments: a seek into a pause shows the words around it, not the old place.
  const followed = segments.length > 0 ? Math.max(0, started) : -1
  useEffect(() => {
    if (follow && followed >= 0 && editing === null) virtualizer.scrollToIndex(followed, { align: 'auto' })
  }, [followed, follow, editing, virtualizer])

  const goToMatch = useCallback(
    (index: number) => {
      setActiveIndex(index)
      const match = matches[index]
      if (!match) return
      // Reading a match must not be pulled away by the playhead.
      setFollow(false)
      virtualizer.scrollToIndex(match.segment, { align: 'center' })
    },
    [matches, virtualizer],
  )
  const step = useCallback(
    (direction: 1 | -1) => goToMatch(stepMatch(matches.length, activeIndex, direction)),
    [goToMatch, matches.length, activeIndex],
  )

  useImperativeHandle(
    props.ref,
    () => ({
      focusSearch: () => {
        searchField.current?.focus()
        searchField.current?.select()
      },
      stepMatch: step,
    }),
    [step],
  )

  const finishEdit = useCallback(
    (segmentId: string, text: string | null) => {
      setEditing(null)
      const original = segments.find((s) => s.id === segmentId)
      if (text === null || !original) return
      const next = text.replace(/\s+/g, ' ').trim()
      if (next !== '' && next !== original.text) onEditText(segmentId, next)
    },
    [segments, onEditText],
  )

  const mappedSpeakers = participants.filter((p) => p.segmentCount > 0).length
  return (
    <section className="transcript" aria-label="Transcript">
      <header>
        <h2>Transcript</h2>
        <label>
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
        </label>
        {mappedSpeakers > 0 && (
          <button type="button" onClick={props.onOpenSpeakers}>
            Speakers…
          </button>
        )}
      </header>
      {segments.length > 0 && (
        <div className="transcript-search" role="search">
          <input
            ref={searchField}
            type="search"
            aria-label="Search transcript"
            placeholder="Search (Ctrl+F)"
            value={query}
            onChange={(e) => {
              const next = e.target.value
              setQuery(next)
              // Find as you type: show the first match from where the editor is.
              const found = findMatches(
                segments.map((s) => s.text),
                next,
              )
              const index = firstMatchFrom(found, Math.max(0, current))
              setActiveIndex(index)
              const match = found[index]
              if (match) {
                setFollow(false)
                virtualizer.scrollToIndex(match.segment, { align: 'center' })
              }
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                step(e.shiftKey ? -1 : 1)
              } else if (e.key === 'Escape') {
                setQuery('')
                setActiveIndex(-1)
              }
            }}
          />
          <output aria-label="Search matches">
            {query.trim() === ''
              ? ''
              : matches.length === 0
                ? 'no match'
                : `${activeIndex >= 0 ? activeIndex + 1 : 0} of ${matches.length}`}
          </output>
          <button
            type="button"
            aria-label="Previous match"
            disabled={matches.length === 0}
            onClick={() => step(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label="Next match"
            disabled={matches.length === 0}
            onClick={() => step(1)}
          >
            ↓
          </button>
        </div>
      )}
      {transcript === null ? (
        <p className="hint">Loading the transcript…</p>
      ) : segments.length === 0 ? (
        <p className="hint empty">
          This episode has no transcript. Import one (VTT, SRT, JSON or text) with Import transcript… in the
          toolbar or <kbd>{shortcutOf('file.importTranscript')}</kbd>.
        </p>
      ) : (
        <div className="transcript-scroller" ref={scroller} data-segments={segments.length}>
          <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const segment = segments[item.index]
              if (!segment) return null
              const isCurrent = item.index === current
              return (
                <div
                  key={segment.id}
                  role="listitem"
                  data-index={item.index}
                  data-segment={segment.id}
                  ref={virtualizer.measureElement}
                  aria-current={isCurrent ? 'true' : undefined}
                  className={isCurrent ? 'segment current' : 'segment'}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <TranscriptRow
                    segment={segment}
                    speaker={segment.speakerId ? (speakers.get(segment.speakerId) ?? null) : null}
                    isCurrent={isCurrent}
                    currentToken={isCurrent ? currentToken : -1}
                    matches={matchesBySegment.get(item.index) ?? NO_MATCHES}
                    activeMatch={activeMatch?.segment === item.index ? activeMatch : null}
                    editing={editing === segment.id}
                    marked={marks.get(segment.id) ?? null}
                    reviewed={reviewMarks.get(segment.id) ?? null}
                    onSeek={onSeek}
                    onStartEdit={setEditing}
                    onFinishEdit={finishEdit}
                  />
                </div>
              )
            })}
          </div>
        </div>
      )}
    </section>
  )
}
