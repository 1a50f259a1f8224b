import './library.css'
import { useCallback, useEffect, useRef, useState } from 'react'
import { shortcutOf } from '../commands/shortcuts'
import type { LibraryDimension, RestoreOutcome } from '../../../shared/contract'
import { DatabaseDamage } from '../backups/DatabaseDamage'
import { RestoreBackupDialog } from '../backups/RestoreBackupDialog'
import { platform } from '../platform'
import { useMenuCommand } from '../useMenuCommand'
import { usePreferences } from '../usePreferences'
import { answerOf } from '../earlyAnswers'
import { LibrarySearch } from './LibrarySearch'
import { NewEpisodeForm } from './NewEpisodeForm'
import { EpisodeJsonOutcome, OpenEpisodeJsonButton, useEpisodeJsonOpener } from './OpenEpisodeJson'
import { areEpisodeJson, EpisodeFilesSummary, useEpisodeFilesLoader } from './LoadEpisodeFiles'
import { StatusLine } from '../StatusLine'
import { LibraryEpisodes } from './LibraryEpisodes'
import { useLibraryListing } from './useLibraryListing'
import { ShowLink } from '../show/ShowLink'
import { TrashUndo } from './TrashUndo'
import { TrashView } from './TrashView'
import { useEpisodeActions } from './useEpisodeActions'
import { useScope } from '../scope'
import type { LibraryCommand } from '../../../shared/commands'
import { DeskHeader } from '../desk/DeskHeader'
import { DeskRows } from '../desk/DeskRows'
import { MyQueue } from '../desk/MyQueue'
import { useDeskArrivals } from '../desk/deskStatus'

/** A library command's key, said only where the app's menu takes it (a browser keeps Ctrl+N for itself). */
const menuKey = (id: 'file.new' | 'file.open'): React.ReactNode =>
  platform.kind === 'desktop' && (
    <>
      {' '}
      (<kbd>{shortcutOf(id)}</kbd>)
    </>
  )

/** A row's show opens the show's trends; an episode of no show names none. */
const showText = (show: string): React.ReactNode => (show === '' ? '' : <ShowLink show={show} />)

export type { LibraryCommand }

export function LibraryScreen({
  onOpen,
  startWith,
}: {
  onOpen: (id: string) => void
  /** A menu command given on the episode screen, to carry out here at once. */
  startWith: LibraryCommand | null
}): React.JSX.Element {
  const [dimensions, setDimensions] = useState<LibraryDimension[]>([])
  const [error, setError] = useState<string | null>(null)
  const [creating, setCreating] = useState(startWith === 'file.new')
  const newButton = useRef<HTMLButtonElement>(null)
  const scope = useScope()
  const [restoring, setRestoring] = useState(startWith === 'help.restoreBackup')
  const [deskOpen, setDeskOpen] = useState(startWith === 'file.desk')
  const [damage, setDamage] = useState<string | null>(null)
  const [restored, setRestored] = useState<RestoreOutcome | null>(null)
  const [backedUp, setBackedUp] = useState<string | null>(null)
  const [backingUp, setBackingUp] = useState(false)
  const [startNotice, setStartNotice] = useState<string | null>(null)
  const [dropped, setDropped] = useState<File[]>([])
  const opener = useEpisodeJsonOpener(onOpen)
  const openAtStart = startWith === 'file.open'
  const { open } = opener
  useEffect(() => {
    if (openAtStart) open()
    // Once, as the library appears: later renders must not open the dialog again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const preferences = usePreferences(setError)
  const listing = useLibraryListing(setError, setDamage)
  const { reload, shown: episodes } = listing
  const refresh = useCallback(() => {
    reload()
    // The columns of averages: the table waits for nothing but its rows, and gains them when they come.
    answerOf('library.dimensions').then(
      (reply) => reply.ok && setDimensions(reply.value),
      () => undefined,
    )
  }, [reload])
  // Other people's work the desk brought shows without a reload: the analyses are read again.
  const arrivals = useDeskArrivals()
  useEffect(refresh, [refresh, arrivals])
  const several = useEpisodeFilesLoader(refresh)
  const dropFiles = async (files: File[]): Promise<void> => {
    const [file] = files
    // Episode JSON loads as Open episode JSON… does (one file opens); other files start a new episode.
    if (file && (await areEpisodeJson(files))) {
      if (files.length === 1) opener.adopt(file)
      else several.loadAll(files)
      return
    }
    setDropped(files)
    setCreating(true)
  }
  const [showTrash, setShowTrash] = useState(false)
  const [actionNotice, setActionNotice] = useState<string | null>(null)
  // The status line tells the last thing done: an action's words replace a backup's or a start's (#42).
  const sayAction = useCallback((message: string) => {
    setRestored(null)
    setBackedUp(null)
    setStartNotice(null)
    setActionNotice(message)
  }, [])
  const actions = useEpisodeActions(refresh, { error: setError, notice: sayAction })
  useEffect(() => {
    // What the start could not do (an episode it could not prepare) is told once, here: the app's
    // editor never sees the stderr it was written to. A refusal (a damaged database) says it already.
    platform.call('library.notices', {}).then(
      (reply) => {
        if (reply.ok && reply.value.length > 0) setStartNotice(reply.value.join(' '))
      },
      () => undefined,
    )
  }, [])
  useMenuCommand((command) => {
    if (command === 'file.new') setCreating(true)
    if (command === 'help.restoreBackup') setRestoring(true)
    if (command === 'file.desk') setDeskOpen(true)
  })
  const backUpNow = (): void => {
    setBackingUp(true)
    platform.call('backups.create', {}).then(
      (reply) => {
        setBackingUp(false)
        if (reply.ok) {
          setRestored(null)
          setActionNotice(null)
          setBackedUp(reply.value.file)
        } else setError(reply.error.message)
      },
      (e: Error) => {
        setBackingUp(false)
        setError(e.message)
      },
    )
  }
  const onRestored = (outcome: RestoreOutcome): void => {
    setBackedUp(null)
    setRestoring(false)
    setRestored(outcome)
    setStartNotice(null)
    setActionNotice(null)
    setError(null)
    refresh()
  }

  return (
    <main
      className="library"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault()
        void dropFiles(Array.from(e.dataTransfer.files))
      }}
    >
      <header className="bar">
        <h1>Episcore</h1>
        <button ref={newButton} type="button" onClick={() => setCreating(true)} disabled={creating}>
          New episode from media…
        </button>
        <OpenEpisodeJsonButton opener={opener} onSeveral={several.loadAll} />
        <button type="button" onClick={backUpNow} disabled={backingUp || damage !== null}>
          Back up now
        </button>
        <button type="button" onClick={() => setRestoring(true)}>
          Restore from backup…
        </button>
        <button type="button" aria-pressed={showTrash} onClick={() => setShowTrash((s) => !s)}>
          Trash
        </button>
        <DeskHeader open={deskOpen} setOpen={setDeskOpen} onSynced={refresh} />
      </header>
      <TrashUndo actions={actions} />
      {showTrash && (
        <TrashView restore={actions.restore} onError={setError} onClose={() => setShowTrash(false)} />
      )}
      <EpisodeJsonOutcome opener={opener} />
      <EpisodeFilesSummary loader={several} onOpen={onOpen} />
      {!showTrash && <MyQueue onOpen={onOpen} />}
      {episodes && episodes.length > 0 && <LibrarySearch />}
      {restoring && <RestoreBackupDialog onClose={() => setRestoring(false)} onRestored={onRestored} />}
      {damage && <DatabaseDamage message={damage} onRestored={onRestored} />}
      {creating && (
        <NewEpisodeForm
          dropped={dropped}
          onCreated={onOpen}
          onCancel={() => {
            setCreating(false)
            setDropped([])
            // Back to the button that opened the form, enabled again once the form is gone.
            scope.frame(() => newButton.current?.focus())
          }}
        />
      )}
      {episodes && episodes.length === 0 && !creating && !showTrash && (
        <p className="empty">
          No episodes yet. Create one from an episode’s audio or video and its transcript with New episode
          from media…{menuKey('file.new')}, or drop the files here. Or open an episode JSON file, such as a
          scoring pipeline’s analysis{menuKey('file.open')}.
        </p>
      )}
      {!showTrash && <DeskRows onGot={refresh} onError={setError} />}
      {episodes && episodes.length > 0 && !showTrash && (
        <LibraryEpisodes
          episodes={episodes}
          partOf={listing.partOf}
          dimensions={dimensions}
          onOpen={onOpen}
          actions={actions}
          showLink={showText}
          preferences={preferences}
        />
      )}
      <StatusLine
        error={error}
        notice={
          actionNotice ??
          (backedUp
            ? `Backed up as ${backedUp} in the episcore-backups folder beside the database.`
            : restored
              ? 'Backup restored.' +
                (restored.keptAside
                  ? ` The database it replaced is kept as ${restored.keptAside} in episcore-backups; Restore from backup… lists it.`
                  : '')
              : startNotice)
        }
        dismissError={() => setError(null)}
        // Where a file went, to read again: it stays until closed.
        noticeStays={Boolean(backedUp ?? restored?.keptAside ?? startNotice)}
        dismissNotice={() => {
          setRestored(null)
          setBackedUp(null)
          setStartNotice(null)
          setActionNotice(null)
        }}
      />
    </main>
  )
}
