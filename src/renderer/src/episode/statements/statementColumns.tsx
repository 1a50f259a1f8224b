import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table'
import type { ParticipantView, RequestOf } from '../../../../shared/contract'
import { formatPreciseClock, parsePreciseClock } from '../../../../shared/preciseTime'
import { CommitField } from '../details/CommitField'
import type { StatementRow } from './statementRows'

export type StatementPatch = RequestOf<'statements.update'>['patch']

/** What the cells need from the panel: the participants to pick from and the edits they make. */
export interface StatementsTableMeta {
  participants: readonly ParticipantView[]
  /** Resolves false when the core refused the edit, so the field keeps the text to correct. */
  update: (statementId: string, patch: StatementPatch) => Promise<boolean>
  remove: (statementId: string) => void
}

export const statementFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, alphanumeric: sortFn_alphanumeric },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  tableMeta: {} as StatementsTableMeta,
})

/** The columns the filter box searches. */
export const FILTERED_COLUMNS: readonly string[] = ['title', 'quote', 'speaker']

function TimeCell(props: {
  row: StatementRow
  edge: 'start' | 'end'
  meta: StatementsTableMeta
}): React.JSX.Element {
  const { row, edge, meta } = props
  const validate = (text: string): string | null => {
    const parsed = parsePreciseClock(text)
    if (!parsed.ok) return parsed.error
    if (edge === 'start' && parsed.seconds >= row.end)
      return `must be before the end, ${formatPreciseClock(row.end)}`
    if (edge === 'end' && parsed.seconds <= row.start)
      return `must be after the start, ${formatPreciseClock(row.start)}`
    return null
  }
  return (
    <CommitField
      label={edge === 'start' ? 'Start' : 'End'}
      className="time"
      value={formatPreciseClock(row[edge])}
      validate={validate}
      onCommit={async (text) => {
        const parsed = parsePreciseClock(text)
        return parsed.ok && meta.update(row.id, { [edge]: parsed.seconds })
      }}
    />
  )
}

function SpeakerCell(props: { row: StatementRow; meta: StatementsTableMeta }): React.JSX.Element {
  const { row, meta } = props
  return (
    <select
      aria-label="Speaker"
      value={row.speakerId ?? ''}
      onChange={(e) => void meta.update(row.id, { speakerId: e.target.value || null })}
    >
      <option value="">—</option>
      {meta.participants.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </select>
  )
}

/** Why a statement needs a look: its quote no longer matches, or a machine made it and nobody checked. */
function FlagsCell({
  row,
  meta,
}: {
  row: StatementRow
  meta: StatementsTableMeta | undefined
}): React.JSX.Element {
  const foundAt = row.quoteFoundAt
  return (
    <>
      {row.quoteProblem && (
        <span className="badge warning" title={row.quoteProblem}>
          ⚠ {row.quoteProblem}
        </span>
      )}
      {foundAt && meta && (
        <button
          type="button"
          className="link"
          onClick={(e) => {
            // The row's own click would select and seek; this button moves the span instead.
            e.stopPropagation()
            void meta.update(row.id, { start: foundAt.start, end: foundAt.end })
          }}
        >
          Move the span to {formatPreciseClock(foundAt.start)}
        </button>
      )}
      {row.origin === 'machine' && <span className="badge">machine</span>}
      {row.status !== 'accepted' && <span className="badge">{row.status}</span>}
    </>
  )
}

const helper = createColumnHelper<typeof statementFeatures, StatementRow>()

// Cells read the panel's meta; without it (never, once mounted) they show the plain value.
export const statementColumns = helper.columns([
  helper.accessor('start', {
    header: 'Start',
    sortFn: 'basic',
    cell: ({ row, table }) => {
      const meta = table.options.meta
      return meta ? (
        <TimeCell row={row.original} edge="start" meta={meta} />
      ) : (
        formatPreciseClock(row.original.start)
      )
    },
  }),
  helper.accessor('end', {
    header: 'End',
    sortFn: 'basic',
    cell: ({ row, table }) => {
      const meta = table.options.meta
      return meta ? (
        <TimeCell row={row.original} edge="end" meta={meta} />
      ) : (
        formatPreciseClock(row.original.end)
      )
    },
  }),
  helper.accessor('title', {
    header: 'Title',
    sortFn: 'alphanumeric',
    cell: ({ row, table }) => (
      <CommitField
        label="Title"
        value={row.original.title}
        onCommit={(title) => table.options.meta?.update(row.original.id, { title }) ?? Promise.resolve(false)}
      />
    ),
  }),
  helper.accessor('quote', {
    header: 'Quote',
    sortFn: 'alphanumeric',
    cell: ({ row, table }) => (
      <CommitField
        label="Quote"
        multiline
        value={row.original.quote}
        onCommit={(quote) => table.options.meta?.update(row.original.id, { quote }) ?? Promise.resolve(false)}
      />
    ),
  }),
  helper.accessor('speakerName', {
    id: 'speaker',
    header: 'Speaker',
    sortFn: 'alphanumeric',
    cell: ({ row, table }) => {
      const meta = table.options.meta
      return meta ? <SpeakerCell row={row.original} meta={meta} /> : row.original.speakerName
    },
  }),
  helper.accessor('chapterIndex', {
    id: 'chapter',
    header: 'Chapter',
    sortFn: 'basic',
    cell: ({ row }) => row.original.chapterTitle,
  }),
  helper.display({
    id: 'flags',
    header: 'Flags',
    cell: ({ row, table }) => <FlagsCell row={row.original} meta={table.options.meta} />,
  }),
  helper.display({
    id: 'actions',
    header: '',
    cell: ({ row, table }) => (
      <button
        type="button"
        className="delete"
        title="Delete this statement (Delete)"
        onClick={() => table.options.meta?.remove(row.original.id)}
      >
        Delete
      </button>
    ),
  }),
])
