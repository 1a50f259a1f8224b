import type { RestoreOutcome } from '../../../shared/contract'
import { BackupList } from './BackupList'

/** What the library shows instead of the episodes when the core found the database damaged at start. */
export function DatabaseDamage(props: {
  /** The core's message: which database, what is wrong, and that nothing was changed. */
  message: string
  onRestored: (outcome: RestoreOutcome) => void
}): React.JSX.Element {
  return (
    <section className="database-damage" aria-label="Damaged database">
      <p role="alert" className="error">
        {props.message} Restore a backup:
      </p>
      <BackupList onRestored={props.onRestored} />
    </section>
  )
}
