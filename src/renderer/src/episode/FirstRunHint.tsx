import type { CommandId } from '../../../shared/commands'
import { shortcutOf } from '../commands/shortcuts'

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
