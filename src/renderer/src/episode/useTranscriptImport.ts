import { useCallback, useState } from 'react'
import type { EpisodeView } from '../../../shared/contract'
import { editedSegmentsRefused, transcriptImportMessage } from '../../../shared/transcriptImportMessage'
import type { ChosenFile } from '../platform'
import type { Edit } from './editorPanelProps'
import { refusalInWords } from './refusalInWords'
import type { EpisodeViewState } from './useEpisodeView'

export interface TranscriptImport {
  /** Imports a transcript file, asking first when it would replace segments edited by hand. */
  importTranscript: (file: ChosenFile) => void
  /** The file waiting for the editor's answer, and how many edited segments it would replace. */
  replacing: { file: ChosenFile; edited: number } | null
  replace: () => void
  cancel: () => void
}

/** A transcript imported into the episode, and what the editor is told of it. */
export function useTranscriptImport(
  id: string,
  view: EpisodeView | null,
  edit: Edit,
  setNotice: EpisodeViewState['setNotice'],
  reportError: EpisodeViewState['reportError'],
): TranscriptImport {
  // Segments edited by hand are not in the new file: the editor is asked before they are replaced.
  const [replacing, setReplacing] = useState<{ file: ChosenFile; edited: number } | null>(null)
  const runImport = useCallback(
    (file: ChosenFile, replaceEdited: boolean) =>
      void edit(
        'transcript.import',
        { id, file: file.ref, ...(replaceEdited && { replaceEdited }) },
        {
          // The view was older than the hand edits (made by the CLI or another window): ask all the same.
          onRefused: (message) => {
            const edited = editedSegmentsRefused(message)
            if (edited === null) reportError(refusalInWords(message))
            else setReplacing({ file, edited })
          },
        },
      ).then((r) => {
        if (!r) return
        const flagged = r.view.statements.filter((s) => s.quoteProblem !== null).length
        const silent = r.silentSpeakers
        setNotice(
          transcriptImportMessage(file.name, r, flagged) +
            (silent.length > 0
              ? `. ${silent.join(', ')} ${silent.length === 1 ? 'no longer speaks' : 'no longer speak'}: remove them in Speakers…`
              : '') +
            r.warnings.map((warning) => `. Warning: ${warning}`).join(''),
          // Warnings and flagged quotes are work to do: they stay until the editor closes them.
          { stays: flagged > 0 || r.warnings.length > 0 || silent.length > 0 },
        )
      }),
    [edit, id, setNotice, reportError],
  )
  const editedSegments = view?.transcript.editedSegments ?? 0
  const importTranscript = useCallback(
    (file: ChosenFile) =>
      editedSegments > 0 ? setReplacing({ file, edited: editedSegments }) : runImport(file, false),
    [editedSegments, runImport],
  )
  return {
    importTranscript,
    replacing,
    replace: () => {
      if (!replacing) return
      setReplacing(null)
      runImport(replacing.file, true)
    },
    cancel: () => setReplacing(null),
  }
}
