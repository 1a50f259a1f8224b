import './deskWork.css'
import { useState } from 'react'
import type { QueueItem } from '../../../shared/contract/deskWork'
import { refusalInWords } from '../episode/refusalInWords'
import { TableHead } from '../TableHead'
import { useDeskQueue } from './deskQueue'
import { canSubmit, dueWords, STATE_WORDS, today } from './workWords'

/** Rows shown until asked for all: the work to do comes first, so it is always among them. */
const FIRST = 25

/** The queue's header cells, each the head of its column to assistive technology. */
const QUEUE_COLUMNS = ['Episode', 'Show', 'State', 'Due', 'Marks', 'Lead’s note']

/** The work still to do first, the nearest due date first within it, then by title. */
function queueOrder(a: QueueItem, b: QueueItem): number {
  const open = Number(canSubmit(b.state)) - Number(canSubmit(a.state))
  if (open !== 0) return open
  if (a.due !== b.due) return a.due === null ? 1 : b.due === null ? -1 : a.due < b.due ? -1 : 1
  return (a.title ?? a.episode).localeCompare(b.title ?? b.episode)
}

function QueueRow(props: { item: QueueItem; on: string; onOpen: (id: string) => void }): React.JSX.Element {
  const { item, onOpen } = props
  const title = item.title ?? item.episode
  const due = dueWords(item.due, item.state, props.on)
  const here = item.here
  return (
    <tr>
      <th scope="row">
        {here === null ? (
          <>
            {title} <span className="hint">(arrives with the next sync)</span>
          </>
        ) : (
          <button type="button" className="link" onClick={() => onOpen(here)}>
            {title}
          </button>
        )}
      </th>
      <td>{item.show ?? ''}</td>
      <td>
        <span className={`work-state state-${item.state}`}>{STATE_WORDS[item.state]}</span>
      </td>
      <td className={due.overdue ? 'overdue' : undefined}>
        {due.overdue && <span aria-hidden="true">⚠ </span>}
        {due.text}
      </td>
      <td>
        {item.blind && <span className="work-mark">blind</span>}
        {item.calibration && <span className="work-mark">calibration</span>}
      </td>
      <td>{item.note !== null && <q className="lead-note">{item.note}</q>}</td>
    </tr>
  )
}

/**
 * "My queue", first in the library while connected to a desk: the episodes the lead gave this person,
 * with their state, due date (overdue marked), blind and calibration marks and the lead's note when the
 * work came back; a title opens its analysis in the editor.
 */
export function MyQueue(props: { onOpen: (id: string) => void }): React.JSX.Element | null {
  const queue = useDeskQueue()
  const [all, setAll] = useState(false)
  if (queue.kind === 'off' || queue.kind === 'reading') return null
  if (queue.kind === 'failed')
    return (
      <section className="my-queue" aria-labelledby="my-queue-heading">
        <h2 id="my-queue-heading">My queue</h2>
        <p className="hint">The desk could not list your assignments: {refusalInWords(queue.message)}</p>
      </section>
    )
  if (queue.items.length === 0) return null
  const items = [...queue.items].sort(queueOrder)
  const open = items.filter((i) => canSubmit(i.state)).length
  const on = today()
  return (
    <section className="my-queue" aria-labelledby="my-queue-heading">
      <h2 id="my-queue-heading">
        My queue <span className="meta">{open === 0 ? 'all submitted' : `${open} to do`}</span>
      </h2>
      <table aria-labelledby="my-queue-heading">
        <TableHead columns={QUEUE_COLUMNS} scoped />
        <tbody>
          {(all ? items : items.slice(0, FIRST)).map((item) => (
            <QueueRow key={item.analysis} item={item} on={on} onOpen={props.onOpen} />
          ))}
        </tbody>
      </table>
      {!all && items.length > FIRST && (
        <button type="button" className="link" onClick={() => setAll(true)}>
          Show all {items.length} assignments
        </button>
      )}
    </section>
  )
}
