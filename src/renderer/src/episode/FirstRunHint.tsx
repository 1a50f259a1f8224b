import { useEffect, useState } from 'react'
import type { CommandId } from '../../../shared/commands'
import { shortcutOf } from '../commands/shortcuts'
import { call } from '../platform'

/** `asking` until the core has said whether the hint was closed before. */
export type FirstRunHintState = 'asking' | 'shown' | 'closed'

/** Whether the episode screen shows its first-run hint, and closing it for good. */
export function useFirstRunHint(): { state: FirstRunHintState; close: () => void } {
  const [state, setState] = useState<FirstRunHintState>('asking')
  useEffect(() => {
    let live = true
    // A library that cannot say is one where the hint need not get in the way.
    call('firstRunHint.get', {}).then(
      (r) => live && setState(r.seen ? 'closed' : 'shown'),
      () => live && setState('closed'),
    )
    return () => {
      live = false
    }
  }, [])
  const close = (): void => {
    setState('closed')
    void call('firstRunHint.dismiss', {}).catch(() => undefined)
  }
  return { state, close }
}

const Key = (props: { id: CommandId }): React.JSX.Element => <kbd>{shortcutOf(props.id)}</kbd>

/**
 * What to do first on an episode, with the keys the commands declare. It is laid out with the rest of
 * the screen (the screen waits for whether to show it), so it never pushes the waveform once shown.
 */
export function FirstRunHint(props: { onClose: () => void }): React.JSX.Element {
  return (
    <aside className="first-run-hint" aria-label="Getting started">
      <div>
        <b>Getting started.</b> Press <Key id="playback.toggle" /> to play and pause. At the playhead,{' '}
        <Key id="statement.markStart" /> and <Key id="statement.markEnd" /> mark a statement’s start and end,{' '}
        <Key id="chapter.split" /> splits a chapter (score it in Chapters &amp; scores), and{' '}
        <Key id="highlight.set" /> then a dimension’s number sets a highlight. <Key id="help.shortcuts" />{' '}
        lists every shortcut.
      </div>
      <button type="button" onClick={props.onClose}>
        Got it
      </button>
    </aside>
  )
}
