import { useEffect, useState } from 'react'
import type { BackupInfo, RestoreOutcome } from '../../../shared/contract'
import { call } from '../platform'
import './backups.css'
import { ListTable } from '../ListTable'
import { MessageLine } from '../MessageLines'
import { lossInWords } from './lossInWords'
import { createScope } from '../scope'

const megabytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`

const RESTORE_POLL_MS = 250

const KIND_WORDS: Record<BackupInfo['kind'], string> = {
  daily: 'Daily',
  manual: 'Backed up by hand',
  'before-restore': 'Replaced by a restore',
}

/**
 * The database's backups with a Restore button each: in the restore dialog, and inline on the
 * library when the database is damaged.
 */
export function BackupList({
  onRestored,
}: {
  onRestored: (outcome: RestoreOutcome) => void
}): React.JSX.Element {
  const [backups, setBackups] = useState<BackupInfo[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [asked, setAsked] = useState<BackupInfo | null>(null)
  /** How far the restore under way is (0 to 1), asked of the core while it runs on its own thread. */
  const [progress, setProgress] = useState<number | null>(null)
  useEffect(() => {
    call('backups.list', {}).then(setBackups, (e: Error) => setError(e.message))
  }, [])
  useEffect(() => {
    if (!busy) return
    const scope = createScope()
    const ask = (): void => {
      call('backups.restoring', {}).then(
        (under) => {
          if (scope.disposed) return
          if (under) setProgress(under.progress)
          scope.timeout(ask, RESTORE_POLL_MS)
        },
        // The restore's own answer says what went wrong; the bar just stops.
        () => undefined,
      )
    }
    scope.timeout(ask, RESTORE_POLL_MS)
    return scope.dispose
  }, [busy])

  const restore = (backup: BackupInfo): void => {
    setAsked(null)
    setBusy(true)
    setProgress(null)
    setError(null)
    call('backups.restore', { backup: backup.file }).then(onRestored, (e: Error) => {
      setError(e.message)
      setBusy(false)
    })
  }

  return (
    <div className="backup-list">
      <p className="warning">
        Restoring replaces the current database with the backup. The current database is not deleted: it is
        kept aside in the episcore-backups folder beside it, and listed here.
      </p>
      <MessageLine kind="error" message={error} />
      {busy && (
        <p className="restoring">
          Restoring…{' '}
          <progress max={100} value={Math.round((progress ?? 0) * 100)} aria-label="Restore progress" />{' '}
          {Math.round((progress ?? 0) * 100)}%
        </p>
      )}
      {asked && (
        <div className="restore-confirm" role="group" aria-label="Confirm the restore">
          <p>
            Restore the backup of {new Date(asked.takenAt).toLocaleString()}? {lossInWords(asked)}
          </p>
          <button type="button" onClick={() => restore(asked)}>
            Restore it
          </button>
          <button type="button" onClick={() => setAsked(null)} autoFocus>
            Keep the current database
          </button>
        </div>
      )}
      {backups && backups.length === 0 && <p className="empty">No backups yet.</p>}
      {backups && backups.length > 0 && (
        <ListTable
          label="Backups"
          columns={['Taken', 'Kind', 'Size', 'Episodes', '']}
          items={backups}
          itemKey={(b) => b.file}
          cells={(b) => [
            <time key="taken" dateTime={b.takenAt}>
              {new Date(b.takenAt).toLocaleString()}
            </time>,
            KIND_WORDS[b.kind],
            megabytes(b.sizeBytes),
            b.episodes ?? 'unreadable',
          ]}
          action={(b) => ({
            label: 'Restore',
            name: `Restore the backup of ${new Date(b.takenAt).toLocaleString()}`,
            disabled: busy || b.episodes === null,
            onClick: () => setAsked(b),
          })}
        />
      )}
    </div>
  )
}
