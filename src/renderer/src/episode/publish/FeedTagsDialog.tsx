import { useEffect, useState } from 'react'
import type { Edit } from '../editorPanelProps'
import { call, platform } from '../../platform'
import { useModalDialog } from '../../useModalDialog'
import { ExportDialogFrame } from './ExportDialogFrame'
import { UrlField } from './UrlField'
import { refusalInWords } from '../refusalInWords'
import './publishDialogs.css'

/**
 * Export > Feed tags: the `<podcast:…>` elements for the episode's `<item>`. They name the web page
 * folder's files, so the dialog asks where that folder is served (kept with the episode for next time).
 */
export function FeedTagsDialog(props: {
  id: string
  edit: Edit
  onDone: (notice: string) => void
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const [baseUrl, setBaseUrl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    void call('episodes.publishingChoices', { id: props.id }).then(
      (kept) => setBaseUrl(kept.baseUrl ?? ''),
      (e: Error) => setError(e.message),
    )
  }, [props.id])
  const submit = async (): Promise<void> => {
    setError(null)
    try {
      const file = await props.edit(
        'episodes.exportAs',
        {
          id: props.id,
          format: 'podcast-item',
          baseUrl: (baseUrl ?? '').trim(),
        },
        { onRefused: (message) => setError(refusalInWords(message)) },
      )
      if (!file) return
      await platform.saveText(file.fileName, file.text)
      dialog.current?.close()
      const warnings = file.warnings.length > 0 ? ` (${file.warnings.join('; ')})` : ''
      props.onDone(`Exported ${file.fileName}${warnings}`)
    } catch (e) {
      setError(refusalInWords((e as Error).message))
    }
  }
  return (
    <ExportDialogFrame
      dialogRef={dialog}
      className="feed-tags"
      title="Export the feed tags"
      error={error}
      submit={{ label: 'Export', disabled: baseUrl === null }}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p>
        The chapters, transcripts, soundbites and people of this episode, as Podcasting 2.0 tags to paste into
        its <code>&lt;item&gt;</code>. They point at the web page folder’s files where you upload it.
      </p>
      <UrlField
        label="Where the web page folder is served (its base URL)"
        required
        autoFocus
        value={baseUrl ?? ''}
        disabled={baseUrl === null}
        placeholder="https://cdn.example.com/show/episode-12/"
        onChange={setBaseUrl}
      />
    </ExportDialogFrame>
  )
}
