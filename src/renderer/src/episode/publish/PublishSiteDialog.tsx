import { useEffect, useState } from 'react'
import type { PublishingChoices, SiteExport } from '../../../../shared/contract'
import { call, platform, type ChosenFile } from '../../platform'
import { useModalDialog } from '../../useModalDialog'
import { ExportDialogFrame } from './ExportDialogFrame'
import { UrlField } from './UrlField'
import { refusalInWords } from '../refusalInWords'
import './publishDialogs.css'

/** What the editor says of a finished export: where it went, how many files, what it left out. */
export function siteExportNotice(site: SiteExport): string {
  const warnings = site.warnings.length > 0 ? ` (${site.warnings.join('; ')})` : ''
  return `Exported the web page to ${site.folder}: ${site.files.length} files${warnings}`
}

/**
 * Export > Web page folder: what the page plays (the video, its audio alone, or a public address) and
 * where it goes. The choices come back as they were last time (kept with the episode in the library).
 * The desktop asks for a folder; a browser cannot name one, so the page goes beside the library.
 */
export function PublishSiteDialog(props: {
  id: string
  onDone: (site: SiteExport) => void
  onClose: () => void
}): React.JSX.Element {
  const dialog = useModalDialog()
  const [choices, setChoices] = useState<PublishingChoices | null>(null)
  const [mediaAs, setMediaAs] = useState<'audio' | 'video'>('video')
  const [mediaUrl, setMediaUrl] = useState('')
  const [folder, setFolder] = useState<ChosenFile | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void call('episodes.publishingChoices', { id: props.id }).then(
      (kept) => {
        setChoices(kept)
        setMediaAs(kept.mediaAs ?? kept.mediaKind ?? 'audio')
        setMediaUrl(kept.mediaUrl ?? '')
      },
      (e: Error) => setError(e.message),
    )
  }, [props.id])
  const chooseFolder = platform.chooseFolder
  const isVideo = choices?.mediaKind === 'video'
  const submit = async (): Promise<void> => {
    if (chooseFolder && !folder) return setError('Choose the folder to export to')
    setBusy(true)
    setError(null)
    try {
      const site = await call('episodes.exportSite', {
        id: props.id,
        mediaAs,
        mediaUrl: mediaUrl.trim(),
        ...(folder && { folder: folder.ref }),
      })
      dialog.current?.close()
      props.onDone(site)
    } catch (e) {
      setError(refusalInWords((e as Error).message))
    } finally {
      setBusy(false)
    }
  }
  return (
    <ExportDialogFrame
      dialogRef={dialog}
      className="publish-site"
      title="Export the web page"
      error={error}
      submit={{ label: busy ? 'Exporting…' : 'Export', disabled: busy || choices === null }}
      onSubmit={() => void submit()}
      onClose={props.onClose}
    >
      <p>
        A folder that works opened from disk or uploaded as it is: the page with its player, the media,
        captions, and the transcript and chapters files for the feed.
      </p>
      <fieldset disabled={choices === null}>
        <legend>The page plays</legend>
        <label>
          <input
            type="radio"
            name="media-as"
            checked={mediaAs === 'video'}
            disabled={!isVideo}
            onChange={() => setMediaAs('video')}
          />{' '}
          The video
        </label>
        <label>
          <input
            type="radio"
            name="media-as"
            checked={mediaAs === 'audio'}
            onChange={() => setMediaAs('audio')}
          />{' '}
          {isVideo ? 'Only its audio (copied into .m4a, not re-encoded)' : 'The audio'}
        </label>
      </fieldset>
      <UrlField
        label="Public media URL (optional: the page plays it instead of a copy)"
        value={mediaUrl}
        placeholder="https://cdn.example.com/episode.mp3"
        onChange={setMediaUrl}
      />
      {chooseFolder ? (
        <p className="folder">
          <button
            type="button"
            onClick={() =>
              void chooseFolder().then(
                (chosen) => chosen && setFolder(chosen),
                (e: Error) => setError(e.message),
              )
            }
          >
            Choose folder…
          </button>{' '}
          <span aria-live="polite">{folder ? folder.name : 'No folder chosen'}</span>
        </p>
      ) : (
        <p className="hint">
          A browser cannot choose a folder: the page goes into episcore-sites, beside the library.
        </p>
      )}
    </ExportDialogFrame>
  )
}
