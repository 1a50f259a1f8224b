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
import { formatPreciseClock } from '../../../../shared/preciseTime'
import { TEXT_LIMITS } from '../../../../shared/textLimits'
import { CommitField } from '../details/CommitField'
import { focusWaveform } from '../focusWaveform'
import { OnceButton } from '../OnceButton'
import { shortcutOf } from '../../commands/shortcuts'
import { FieldText, FlagsCell, SpeakerCell, TIME_LABEL, TimeCell } from './statementCells'
import type { StatementRow } from './statementRows'
import type { StatementsTableMeta } from './statementsTableMeta'

// Kept in a file of their own, which the cells read too; the panel and the row take them with the columns.
export type { StatementPatch, StatementsTableMeta } from './statementsTableMeta'

export const statementFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, alphanumeric: sortFn_alphanumeric },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  tableMeta: {} as StatementsTableMeta,
  columnMeta: {} as StatementColumnMeta,
})

/** The columns the filter box searches. */
export const FILTERED_COLUMNS: readonly string[] = ['title', 'quote', 'speaker']

/** How a column's cell reads in a row that is not being edited. */
export interface StatementColumnMeta {
  /**
   * The cell as text, with nothing of a form control's cost: a row on screen shows its fields this way
   * until the editor goes into it (a press or Tab on one opens the row's fields). Without it, a column's
   * cell is the same in both.
   */
  read?: (row: StatementRow) => React.ReactNode
}

const helper = createColumnHelper<typeof statementFeatures, StatementRow>()

/** A statement's start or end: typed to the millisecond, sorted as numbers. */
function timeColumn(edge: 'start' | 'end') {
  return helper.accessor(edge, {
    header: TIME_LABEL[edge],
    sortFn: 'basic',
    cell: ({ row, table }) => {
      const meta = table.options.meta
      return meta ? (
        <TimeCell row={row.original} edge={edge} meta={meta} />
      ) : (
        formatPreciseClock(row.original[edge])
      )
    },
    meta: {
      read: (row) => (
        <FieldText label={TIME_LABEL[edge]} className="time" text={formatPreciseClock(row[edge])} />
      ),
    },
  })
}

/** A statement's title or quote, edited in place; the title hands the keyboard back on Enter. */
function textColumn(
  key: 'title' | 'quote',
  field: { label: string; maxLength: number; multiline?: boolean; wrap?: boolean; onDone?: () => void },
) {
  const { label, multiline = false } = field
  return helper.accessor(key, {
    header: label,
    sortFn: 'alphanumeric',
    cell: ({ row, table }) => (
      <CommitField
        {...field}
        value={row.original[key]}
        onCommit={(text) =>
          table.options.meta?.update(row.original.id, { [key]: text }) ?? Promise.resolve(false)
        }
      />
    ),
    // A title that wraps when edited reads on two lines too, as the quote does, rather than cut at one.
    meta: {
      read: (row) => <FieldText label={label} multiline={multiline || field.wrap} text={row[key]} />,
    },
  })
}

// Cells read the panel's meta; without it (never, once mounted) they show the plain value.
export const statementColumns = helper.columns([
  timeColumn('start'),
  timeColumn('end'),
  textColumn('title', { label: 'Title', maxLength: TEXT_LIMITS.short, wrap: true, onDone: focusWaveform }),
  textColumn('quote', { label: 'Quote', maxLength: TEXT_LIMITS.long, multiline: true }),
  helper.accessor('speakerName', {
    id: 'speaker',
    header: 'Speaker',
    sortFn: 'alphanumeric',
    cell: ({ row, table }) => {
      const meta = table.options.meta
      return meta ? <SpeakerCell row={row.original} meta={meta} /> : row.original.speakerName
    },
    meta: {
      read: (row) => <FieldText label="Speaker" className="select" text={row.speakerName || '—'} />,
    },
  }),
  helper.accessor('chapterIndex', {
    id: 'chapter',
    header: 'Chapter',
    sortFn: 'basic',
    cell: ({ row }) => row.original.chapterTitle,
    // Clamped in a row that is not being edited; the whole title on hover.
    meta: { read: (row) => <span title={row.chapterTitle}>{row.chapterTitle}</span> },
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
      <OnceButton
        className="delete"
        title={`Delete this statement (${shortcutOf('selection.delete')})`}
        onAct={() => table.options.meta?.remove(row.original.id)}
      >
        Delete
      </OnceButton>
    ),
  }),
])

/** What each text field of a row shows while it holds no draft, by its label. */
export function savedFieldText(row: StatementRow): Readonly<Record<string, string>> {
  return {
    [TIME_LABEL.start]: formatPreciseClock(row.start),
    [TIME_LABEL.end]: formatPreciseClock(row.end),
    Title: row.title,
    Quote: row.quote,
  }
}
