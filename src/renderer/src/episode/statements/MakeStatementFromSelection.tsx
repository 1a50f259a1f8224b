import { useCallback, useEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import type { TranscriptView } from '../../../../shared/contract'
import { roundMillis } from '../../../../shared/time'
import { useCommandKeys } from '../../commands/commandRegistry'
import { TRANSCRIPT_SELECTION_COMMANDS } from './transcriptSelectionCommands'
import { shortcutOf } from '../../commands/shortcuts'
import { COMMANDS } from '../../../../shared/commands'
import { focusStatementTitle } from './focusStatementTitle'
import type { EditorPanelProps } from '../editorPanelProps'
import { readTranscriptSelection, type SelectedWords } from './transcriptSelection'
import { noteWordsSelected } from '../evidence/citeSource'
import { keepTranscript } from '../evidence/wordsSaid'
import { createScope, type Held } from '../../scope'

const TRANSCRIPT = '[aria-label="Transcript"]'

/** The transcript words the editor has selected, followed as the selection changes or scrolls. */
function useTranscriptSelection(transcript: TranscriptView | null): SelectedWords | null {
  const [picked, setPicked] = useState<SelectedWords | null>(null)
  const segments = useMemo(() => new Map((transcript?.segments ?? []).map((s) => [s.id, s])), [transcript])
  useEffect(() => {
    const scope = createScope()
    let frame: Held | null = null
    // Selecting by dragging fires many changes a frame: read the selection once per frame.
    const read = (): void => {
      frame?.cancel()
      frame = scope.frame(() => {
        const region = document.querySelector(TRANSCRIPT)
        setPicked(region ? readTranscriptSelection(region, segments) : null)
      })
    }
    // A scroll only moves words already selected; without a selection (the collapse was read) it has
    // nothing to follow, so scrolling the transcript or a table costs no work a frame here.
    const follow = (): void => {
      if (document.getSelection()?.isCollapsed === false) read()
    }
    read()
    scope.listen(document, 'selectionchange', read)
    scope.listen(document, 'scroll', follow, true)
    return scope.dispose
  }, [segments])
  return picked
}

/**
 * A "Make statement" button beside words selected in the transcript; it (or S) makes a statement over
 * the words' span with them as its quote, and selects it.
 */
export function MakeStatementFromSelection(props: {
  transcript: TranscriptView | null
  editor: EditorPanelProps
}): React.JSX.Element | null {
  const { episodeId, edit, select } = props.editor
  const picked = useTranscriptSelection(props.transcript)
  // The chips of cited stretches say what was said there.
  useEffect(() => keepTranscript(props.transcript), [props.transcript])
  // Words selected are what Ctrl+Shift+E cites next, kept once the click into a field unselects them.
  useEffect(() => {
    if (picked) noteWordsSelected(episodeId, roundMillis(picked.said.start), roundMillis(picked.said.end))
  }, [picked, episodeId])

  const make = useCallback(() => {
    if (!picked) return
    const { start, end, quote } = picked
    document.getSelection()?.removeAllRanges()
    void edit('statements.create', {
      id: episodeId,
      start: roundMillis(start),
      end: roundMillis(end),
      quote,
    }).then((made) => {
      if (!made) return
      select({ kind: 'statement', id: made.statementId })
      focusStatementTitle(made.statementId)
    })
  }, [picked, edit, episodeId, select])

  // No words selected, no context: the key then belongs to whatever else declares it.
  useCommandKeys(TRANSCRIPT_SELECTION_COMMANDS, picked ? { make } : null)

  if (!picked) return null
  return createPortal(
    <button
      type="button"
      className="make-statement"
      title={COMMANDS['statement.fromTranscript'].label}
      style={{
        left: Math.max(8, Math.min(picked.anchor.x, window.innerWidth - 180)),
        top: Math.min(picked.anchor.y + 6, window.innerHeight - 40),
      }}
      // Pressing the button must not drop the selection it is about.
      onMouseDown={(e) => e.preventDefault()}
      onClick={make}
    >
      Make statement ({shortcutOf('statement.fromTranscript')})
    </button>,
    document.body,
  )
}
