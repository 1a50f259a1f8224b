import { useCallback, useEffect, useState } from 'react'
import type { TrashedEpisode } from '../../../shared/contract'
import { platform } from '../platform'
import { ListTable } from '../ListTable'

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
        <ListTable
          className="episodes"
          label="Trashed episodes"
          columns={['Title', 'Id', 'Show', 'Trashed', 'Deleted after', 'Actions']}
          // Analyses of one episode share a title: the id tells them apart.
          columnClasses={[undefined, 'id']}
          items={trashed}
          itemKey={(e) => e.id}
          cells={(e) => [e.title, e.id, e.show, day(e.trashedAt), day(e.emptiedAfter)]}
          action={(e) => ({ label: 'Restore', onClick: () => void props.restore(e.id).then(load) })}
        />
      )}
    </section>
  )
}
