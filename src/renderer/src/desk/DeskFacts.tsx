import type { DeskStatus, SyncReport } from '../../../shared/contract/desk'
import { formatEdited } from '../library/libraryColumns'

const changes = (n: number): string => `${n} ${n === 1 ? 'change' : 'changes'}`

/** Where the library stands with its desk: the catalogue (no secret in it), who, online or not, what waits. */
export function DeskStatusFacts({ status }: { status: DeskStatus | null }): React.JSX.Element {
  if (!status) return <p className="hint">Asking the library…</p>
  if (!status.connected)
    return (
      <p className="hint">
        Not connected: this library works on its own. Give the desk’s catalogue to share analyses with the
        desk.
      </p>
    )
  return (
    <dl className="desk-facts" aria-label="Desk status">
      <dt>Catalogue</dt>
      <dd>{status.url}</dd>
      <dt>Signed in as</dt>
      <dd>{status.user}</dd>
      <dt>Connection</dt>
      <dd>{status.online ? 'online' : 'offline: retrying by itself'}</dd>
      <dt>Waiting</dt>
      <dd>{status.waiting === 0 ? 'nothing' : `${changes(status.waiting)} to send`}</dd>
      <dt>Last sync</dt>
      <dd>{status.lastSyncAt ? formatEdited(status.lastSyncAt) : 'not yet'}</dd>
      {status.lastError && (
        <>
          <dt>Last error</dt>
          <dd className="error">{status.lastError}</dd>
        </>
      )}
    </dl>
  )
}

/** What the last sync the editor started did: counts, then each conflict and each analysis kept here. */
export function SyncOutcome({ report }: { report: SyncReport }): React.JSX.Element {
  const { pushed, pulled, conflicts, kept } = report
  return (
    <section className="desk-outcome" aria-label="Last sync">
      <p role="status">
        Synced: {pushed.length} sent, {pulled.length} brought from the desk
        {report.waiting > 0 ? `, ${changes(report.waiting)} still waiting` : ''}.
      </p>
      {conflicts.length > 0 && (
        <ul aria-label="Conflicts">
          {conflicts.map((c) => (
            <li key={c.keptAs}>
              Your change to {c.analysisId} was kept as {c.keptAs}: both are in the library.
            </li>
          ))}
        </ul>
      )}
      {kept.length > 0 && (
        <ul aria-label="Kept here">
          {kept.map((k) => (
            <li key={`${k.episodeId} ${k.reason}`}>
              {k.episodeId} stays here, not sent: {k.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
