import './desk.css'
import { go } from '../routes'
import { DeskDialog } from './DeskDialog'
import { useDeskStatus } from './deskStatus'
import { deskLine } from './deskWords'

/**
 * The library header's desk: the Desk… button, and while connected the lead's Board (a reviewer who
 * opens it is told it is the lead's) and a status line that opens the same dialog (offline, with the
 * changes waiting, or when it last synced).
 */
export function DeskHeader(props: {
  open: boolean
  setOpen: (open: boolean) => void
  /** A sync from the dialog brought something: the library reads its analyses again. */
  onSynced: () => void
}): React.JSX.Element {
  const status = useDeskStatus()
  const { setOpen } = props
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Desk…
      </button>
      {status?.connected && (
        <button type="button" onClick={() => go({ screen: 'board' })}>
          Board
        </button>
      )}
      {status?.connected && (
        <button
          type="button"
          className={`link desk-line${status.online ? '' : ' offline'}`}
          onClick={() => setOpen(true)}
        >
          {deskLine(status)}
        </button>
      )}
      {props.open && <DeskDialog onClose={() => setOpen(false)} onSynced={props.onSynced} />}
    </>
  )
}
