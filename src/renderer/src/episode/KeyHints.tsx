import { formatClock } from '../../../shared/time'
import { shortcutOf } from '../commands/shortcuts'
import type { PlaySpan } from './playback/usePlayback'

/** The line of hints under the transport: the main keys as this platform writes them, and what is under way. */
export function KeyHints(props: {
  pendingStart: number | null
  queueLength: number
  loop: PlaySpan | null
}): React.JSX.Element {
  const { pendingStart, queueLength, loop } = props
  return (
    <>
      {shortcutOf('playback.toggle')} play/pause · {shortcutOf('statement.markStart')}{' '}
      {shortcutOf('statement.markEnd')} new statement · {shortcutOf('chapter.split')} split chapter ·{' '}
      {shortcutOf('highlight.set')} highlight · {shortcutOf('playback.goTo')} go to time ·{' '}
      {shortcutOf('edit.undo')} undo · {shortcutOf('help.shortcuts')} all shortcuts
      {pendingStart !== null && <> · new statement starts at {formatClock(pendingStart)}</>}
      {queueLength > 0 && (
        <output aria-label="Review progress">
          {' '}
          · review: {queueLength} left ({shortcutOf('review.next')} next, {shortcutOf('review.play')} play,{' '}
          {shortcutOf('review.accept')} accept, {shortcutOf('review.reject')} reject)
        </output>
      )}
      {loop && !loop.once && (
        <>
          {' '}
          · looping {formatClock(loop.start)}–{formatClock(loop.end)} ({shortcutOf('statement.loop')} to stop)
        </>
      )}
    </>
  )
}
