import { useEffect, useRef } from 'react'
import type { RestoreOutcome } from '../../../shared/contract'
import { BackupList } from './BackupList'

/** Help > Restore from Backup, and the library's button. */
export function RestoreBackupDialog(props: {
  onClose: () => void
  onRestored: (outcome: RestoreOutcome) => void
}): React.JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="restore-backup" aria-label="Restore from backup" onClose={props.onClose}>
      <form method="dialog">
        <h2>Restore from backup</h2>
        <BackupList onRestored={props.onRestored} />
        <footer>
          <button type="submit">Close</button>
        </footer>
      </form>
    </dialog>
  )
}
