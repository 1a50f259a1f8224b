import { useCallback, useEffect, useState } from 'react'
import type { TrashedEpisode } from '../../../shared/contract'
import { platform } from '../platform'
import { TableHead } from '../TableHead'

const day = (iso: string): string => iso.slice(0, 10)

/** The trash: episodes deleted from the library, each restorable until a start empties it 30 days on. */
export function TrashView(props: {
  restore: (id: string) => Promise<boolean>
  onError: (message: string) => void
  onClose: () => void
}): React.JSX.Element {
  const { onError } = props
  const [trashed, setTrashed] = useState<TrashedEpisode[] | null>(null)
  const load = useCallback(() => {
    void platform.call('episodes.listTrash', {}).then((reply) => {
      if (reply.ok) setTrashed(reply.value)
      else onError(reply.error.message)
    })
  }, [onError])
  useEffect(load, [load])
  return (
    <section className="trash" aria-label="Trash">
      <h2>Trash</h2>
      <p>Episodes moved to the trash are kept 30 days, then deleted for good when Episcore next starts.</p>
      <p>
        <button type="button" onClick={props.onClose}>
          ← Back to the library
        </button>
      </p>
      {trashed && trashed.length === 0 && <p className="empty">The trash is empty.</p>}
      {trashed && trashed.length > 0 && (
        <table className="episodes" aria-label="Trashed episodes">
          <TableHead columns={['Title', 'Id', 'Show', 'Trashed', 'Deleted after', 'Actions']} />
          <tbody>
            {trashed.map((e) => (
              <tr key={e.id}>
                <td>{e.title}</td>
                {/* Analyses of one episode share a title: the id tells them apart. */}
                <td className="id">{e.id}</td>
                <td>{e.show}</td>
                <td>{day(e.trashedAt)}</td>
                <td>{day(e.emptiedAfter)}</td>
                <td>
                  <button type="button" onClick={() => void props.restore(e.id).then(load)}>
                    Restore
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
