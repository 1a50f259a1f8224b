import { useState } from 'react'
import type { SyncReport } from '../../../shared/contract/desk'
import { refusalInWords } from '../episode/refusalInWords'
import { ModalForm } from '../ModalForm'
import { call } from '../platform'
import { useModalDialog } from '../useModalDialog'
import { DeskStatusFacts, SyncOutcome } from './DeskFacts'
import { refreshDeskStatus, takeDeskStatus, useDeskStatus } from './deskStatus'

const URL_ERROR_ID = 'desk-url-error'
const URL_SHAPE = 'postgres://USER@HOST:PORT/DATABASE'

/** A refusal of the URL itself: the core names "the desk URL", the door the request's `/url`. */
const aboutUrl = (message: string): boolean => /^(the desk URL\b|\/url:)/.test(message)

/** The core's one line as the dialog says it: a sentence. */
const inWords = (message: string): string => {
  const words = refusalInWords(message)
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * File > Desk…: joins the library to the desk's catalogue on PostgreSQL (its URL, without TLS only when
 * allowed, the password kept in memory by the core), leaves it, or syncs now; says where the library
 * stands and what the last sync started here did (its conflicts, what it kept here and why).
 */
export function DeskDialog(props: { onClose: () => void; onSynced: () => void }): React.JSX.Element {
  const dialog = useModalDialog()
  const status = useDeskStatus()
  const [url, setUrl] = useState(status?.url ?? '')
  const [insecure, setInsecure] = useState(status?.insecure ?? false)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [report, setReport] = useState<SyncReport | null>(null)
  const { onSynced } = props

  const run = <T,>(doing: string, work: () => Promise<T>, done: (value: T) => void): void => {
    setBusy(doing)
    setError(null)
    work().then(
      (value) => {
        setBusy(null)
        done(value)
      },
      (e: Error) => {
        setBusy(null)
        setError(e.message)
        refreshDeskStatus()
      },
    )
  }
  const synced = (sync: SyncReport | null): void => {
    setReport(sync)
    if (sync && sync.pulled.length > 0) onSynced()
  }
  const connect = (): void => {
    const given = url.trim()
    if (given === '') {
      setError(`the desk URL: empty; it looks like ${URL_SHAPE}`)
      return
    }
    const request = { url: given, ...(insecure && { insecure }), ...(password !== '' && { password }) }
    run(
      'Connecting…',
      () => call('desk.connect', request),
      (answer) => {
        takeDeskStatus(answer.status)
        setPassword('')
        synced(answer.sync)
      },
    )
  }
  const disconnect = (): void =>
    run(
      'Disconnecting…',
      () => call('desk.disconnect', {}),
      (answer) => {
        takeDeskStatus(answer)
        setReport(null)
      },
    )
  const syncNow = (): void =>
    run(
      'Syncing…',
      () => call('desk.sync', {}),
      (answer) => {
        refreshDeskStatus()
        synced(answer)
      },
    )

  const urlError = error !== null && aboutUrl(error) ? inWords(error) : null
  const connected = status?.connected === true
  return (
    <ModalForm
      dialogRef={dialog}
      className="desk-dialog"
      title="Desk"
      onClose={props.onClose}
      onSubmit={connect}
      noValidate
    >
      <DeskStatusFacts status={status} />
      <label className="field">
        <span>Catalogue URL</span>
        <input
          type="text"
          value={url}
          spellCheck={false}
          autoComplete="off"
          placeholder={URL_SHAPE}
          aria-invalid={urlError !== null}
          aria-describedby={urlError ? URL_ERROR_ID : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      {urlError && (
        <p id={URL_ERROR_ID} role="alert" className="field-error">
          {urlError}
        </p>
      )}
      <label className="field">
        <span>Password</span>
        <input
          type="password"
          value={password}
          autoComplete="current-password"
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label className="desk-insecure">
        <input type="checkbox" checked={insecure} onChange={(e) => setInsecure(e.target.checked)} />
        Allow without TLS (only for a catalogue on a network you trust)
      </label>
      <p className="hint">
        The password is sent to the catalogue only: it is never written into the library, an export or a log.
      </p>
      {error && !urlError && (
        <p role="alert" className="error">
          {inWords(error)}
        </p>
      )}
      {busy && <p role="status">{busy}</p>}
      {(report ?? status?.notable) && <SyncOutcome report={(report ?? status?.notable) as SyncReport} />}
      <footer>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
        <button type="button" onClick={disconnect} disabled={!connected || busy !== null}>
          Disconnect
        </button>
        <button type="button" onClick={syncNow} disabled={!connected || busy !== null}>
          Sync now
        </button>
        <button type="submit" className="primary" disabled={busy !== null}>
          Connect
        </button>
      </footer>
    </ModalForm>
  )
}
