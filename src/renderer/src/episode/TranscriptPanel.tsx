import { useEffect, useMemo, useRef, useState } from 'react'
import type { SegmentView } from '../../../shared/contract'
import { formatClock } from '../../../shared/time'

/** Index of the segment being spoken at `time` (the last one started), or -1. */
function currentSegment(segments: readonly SegmentView[], time: number): number {
  let lo = 0
  let hi = segments.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((segments[mid] as SegmentView).start <= time) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found >= 0 && time < (segments[found] as SegmentView).end ? found : -1
}

export function TranscriptPanel(props: {
  segments: readonly SegmentView[]
  time: number
  onSeek: (seconds: number) => void
}): React.JSX.Element {
  const { segments, time, onSeek } = props
  const [follow, setFollow] = useState(true)
  const current = useMemo(() => currentSegment(segments, time), [segments, time])
  const list = useRef<HTMLOListElement>(null)

  useEffect(() => {
    if (!follow || current < 0) return
    list.current?.children[current]?.scrollIntoView({ block: 'nearest' })
  }, [current, follow])

  return (
    <section className="transcript" aria-label="Transcript">
      <header>
        <h2>Transcript</h2>
        <label>
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
          playback
        </label>
      </header>
      {segments.length === 0 ? (
        <p className="hint">This episode has no transcript.</p>
      ) : (
        <ol ref={list}>
          {segments.map((s, i) => (
            <li
              key={s.id}
              aria-current={i === current ? 'true' : undefined}
              className={i === current ? 'current' : undefined}
            >
              <button
                type="button"
                onClick={() => onSeek(s.start)}
                title={`Play from ${formatClock(s.start)}`}
              >
                <time>{formatClock(s.start)}</time>
                {s.speaker && <b className="speaker">{s.speaker}</b>}
                <span className="text">{s.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
