import { useEffect, useState } from 'react'
import type { CommandId } from '../../../shared/commands'
import type { EpisodeView } from '../../../shared/contract'
import { isEnabled, runCommand } from '../commands/commandRegistry'
import { useAnalysesOf } from '../compare/useAnalysesOf'
import { useMyAssignment } from '../desk/deskQueue'
import type { LibraryAnalysis } from '../../../shared/agreement'
import { platform, type ChosenFile } from '../platform'
import type { EditorContext, EditorDialog } from './editorContext'
import { EDITOR_COMMANDS } from './editorCommands'
import type { Selection } from './editorPanelProps'
import type { ExportChoice } from './exportFile'
import { noteStatementSelected } from './evidence/citeSource'
import { IMPORT_INPUT_ID } from './ImportTranscriptButton'
import type { Playback } from './playback/usePlayback'
import type { ReviewFlow } from './review/useReviewFlow'
import type { SnapTargets } from './spans/spanSnapping'
import type { EditorTabId } from './editorTabOrder'
import type { TranscriptPanelHandle } from './transcript/TranscriptPanel'
import type { EpisodeViewState } from './useEpisodeView'
import { useNudge } from './useNudge'
import type { WaveformController } from './Waveform'

export interface EditorScreenState {
  /** The context a command runs with, as the screen is now; null until the episode is open. */
  context: EditorContext | null
  /** Runs a declared command by id (toolbar, menu, context menu). */
  run: (id: CommandId) => void
  dialog: EditorDialog | null
  open: (dialog: EditorDialog) => void
  closeDialog: () => void
  /** A command's label as it reads now (`Undo Split chapter`). */
  labelOf: (id: CommandId) => string | undefined
  /** Whether a command can run now (its enabled rule). */
  enabled: (id: CommandId) => boolean
  pendingStart: number | null
  /** The library's analyses of this episode (itself included); null until known. Asked once per episode. */
  analyses: LibraryAnalysis[] | null
  /** This analysis as one of one's desk assignments; null when it is not one (or not connected). */
  assignment: EditorContext['assignment']
}

/** The screen's state that commands act on (dialogs, the marked start), and the context they get. */
export function useEditorContext(input: {
  id: string
  episode: EpisodeViewState
  playback: Playback
  review: ReviewFlow
  selection: Selection
  select: (selection: Selection) => void
  exportAs: (choice: ExportChoice) => void
  importTranscript: (file: ChosenFile) => void
  waveform: React.RefObject<WaveformController | null>
  transcript: React.RefObject<TranscriptPanelHandle | null>
  snap: SnapTargets
  showTab: (tab: EditorTabId | ((shown: EditorTabId) => EditorTabId)) => void
  autoPlay: boolean
  setAutoPlay: (on: boolean) => void
}): EditorScreenState {
  const [dialog, setDialog] = useState<EditorDialog | null>(null)
  const [pendingStart, setPendingStart] = useState<number | null>(null)
  const { episode, playback } = input
  const view: EpisodeView | null = episode.view
  const analyses = useAnalysesOf(input.id)
  const assignment = useMyAssignment(input.id)
  const nudge = useNudge(input.id, view, input.selection, episode.edit, playback.now, playback.seek)
  // A statement selected is what Ctrl+Shift+E cites next (until other words are selected).
  const { selection } = input
  useEffect(() => {
    if (selection?.kind === 'statement') noteStatementSelected(input.id, selection.id)
  }, [selection, input.id])
  const context: EditorContext | null = view && {
    id: input.id,
    view,
    selection: input.selection,
    select: input.select,
    playback,
    edit: episode.edit,
    notify: episode.setNotice,
    reportError: episode.reportError,
    review: input.review,
    reveal: episode.reveal,
    pendingStart,
    setPendingStart,
    waveform: input.waveform,
    transcript: input.transcript,
    open: setDialog,
    exportAs: input.exportAs,
    importTranscript: () => {
      if (platform.chooseFile)
        void platform
          .chooseFile('transcript')
          .then((f) => f && input.importTranscript(f), episode.reportError)
      else document.getElementById(IMPORT_INPUT_ID)?.click()
    },
    nudge,
    snap: input.snap,
    showTab: input.showTab,
    autoPlay: input.autoPlay,
    setAutoPlay: input.setAutoPlay,
    analyses: analyses?.length ?? 0,
    assignment,
  }
  return {
    context,
    run: (id) => {
      if (context) runCommand(EDITOR_COMMANDS, id, context)
    },
    dialog,
    open: setDialog,
    closeDialog: () => setDialog(null),
    labelOf: (id) => (view ? EDITOR_COMMANDS[id]?.label?.(view) : undefined),
    enabled: (id) => context !== null && isEnabled(EDITOR_COMMANDS[id], context),
    pendingStart,
    analyses,
    assignment,
  }
}
