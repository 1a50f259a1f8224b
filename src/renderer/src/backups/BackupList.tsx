import { useEffect, useState } from 'react'
import type { BackupInfo, RestoreOutcome } from '../../../shared/contract'
import { call } from '../platform'
import './backups.css'
import { TableHead } from '../TableHead'
import { MessageLine } from '../MessageLines'

const megabytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`

/**
 * The database's daily backups with a Restore button each: in the restore dialog, and inline on the
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
  useEffect(() => {
    call('backups.list', {}).then(setBackups, (e: Error) => setError(e.message))
  }, [])

  const restore = (backup: BackupInfo): void => {
    setBusy(true)
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
        kept aside in the episcore-backups folder beside it.
      </p>
      <MessageLine kind="error" message={error} />
      {backups && backups.length === 0 && <p className="empty">No backups yet.</p>}
      {backups && backups.length > 0 && (
        <table aria-label="Backups">
          <TableHead columns={['Taken', 'Size', 'Episodes', '']} />
          <tbody>
            {backups.map((b) => (
              <tr key={b.file}>
                <td>
                  <time dateTime={b.takenAt}>{new Date(b.takenAt).toLocaleString()}</time>
                </td>
                <td>{megabytes(b.sizeBytes)}</td>
                <td>{b.episodes ?? 'unreadable'}</td>
                <td>
                  <button
                    type="button"
                    onClick={() => restore(b)}
                    disabled={busy || b.episodes === null}
                    aria-label={`Restore the backup of ${new Date(b.takenAt).toLocaleString()}`}
                  >
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
