import type { RestoreOutcome } from '../../../shared/contract'
import { BackupList } from './BackupList'
import { useModalDialog } from '../useModalDialog'

/** Help > Restore from Backup, and the library's button. */
export function RestoreBackupDialog(props: {
  onClose: () => void
  onRestored: (outcome: RestoreOutcome) => void
}): React.JSX.Element {
  const dialog = useModalDialog()
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
