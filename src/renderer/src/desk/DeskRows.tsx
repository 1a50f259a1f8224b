import { useEffect, useState } from 'react'
import type { CatalogueAnalysis } from '../../../shared/contract/desk'
import { REVIEW_STATUS_WORDS } from '../episode/ReviewStatusBadge'
import { ListTable } from '../ListTable'
import { call } from '../platform'
import { useDeskArrivals, useDeskStatus } from './deskStatus'
import { personName } from './deskWords'

/** A catalogue status in the library's words (the review states), else as the catalogue has it. */
const statusWords = (status: string): string =>
  Object.hasOwn(REVIEW_STATUS_WORDS, status)
    ? REVIEW_STATUS_WORDS[status as keyof typeof REVIEW_STATUS_WORDS]
    : status

/**
 * "Show the desk’s analyses": while the library is connected, the catalogue's analyses this library
 * does not hold, each marked "in the desk, not here" with Get, which brings it (and the library reads
 * its analyses again). Listed without their documents; read again when the desk brings something.
 */
export function DeskRows(props: {
  onGot: () => void
  onError: (message: string) => void
}): React.JSX.Element | null {
  const status = useDeskStatus()
  const arrivals = useDeskArrivals()
  const [shown, setShown] = useState(false)
  const [rows, setRows] = useState<CatalogueAnalysis[] | null>(null)
  const [getting, setGetting] = useState<ReadonlySet<string>>(new Set())
  const [listed, setListed] = useState(0)
  const { onGot, onError } = props
  useEffect(() => {
    if (!shown) return
    let live = true
    call('desk.list', {}).then(
      (all) => live && setRows(all.filter((a) => a.here === null)),
      (e: Error) => live && onError(e.message),
    )
    return () => {
      live = false
    }
  }, [shown, arrivals, listed, onError])
  if (!status?.connected) return null
  const get = (id: string): void => {
    setGetting((now) => new Set(now).add(id))
    const done = (): void =>
      setGetting((now) => {
        const next = new Set(now)
        next.delete(id)
        return next
      })
    call('desk.get', { ids: [id] }).then(
      () => {
        done()
        setListed((n) => n + 1)
        onGot()
      },
      (e: Error) => {
        done()
        onError(e.message)
      },
    )
  }
  return (
    <section className="desk-rows" aria-label="The desk’s analyses">
      <button type="button" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        Show the desk’s analyses
      </button>
      {shown && rows === null && <p className="hint">Asking the desk…</p>}
      {shown && rows?.length === 0 && <p className="hint">Every analysis of the desk is here.</p>}
      {shown && rows && rows.length > 0 && (
        <ListTable
          label="In the desk, not here"
          columns={['Title', 'Show', 'Owner', 'Review', 'Where', { label: 'Get', hidden: true }]}
          columnClasses={[undefined, undefined, undefined, undefined, 'not-here']}
          items={rows}
          itemKey={(row) => row.id}
          cells={(row) => [
            row.title,
            row.show ?? '',
            personName(row.owner),
            statusWords(row.status),
            'in the desk, not here',
          ]}
          action={(row) => ({
            label: getting.has(row.id) ? 'Getting…' : 'Get',
            name: `Get “${row.title}”`,
            disabled: getting.has(row.id),
            onClick: () => get(row.id),
          })}
        />
      )}
    </section>
  )
}
