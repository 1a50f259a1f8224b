import { FlexRender, type Column, type ReactTable, type Row } from '@tanstack/react-table'
import './episodeAnalyses.css'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { REVIEW_STATUS_WORDS } from '../episode/ReviewStatusBadge'
import { fromTheDesk } from '../desk/deskWords'
import type { LibraryEpisodeRow } from './episodeRows'
import type { libraryFeatures } from './libraryColumns'
import { LibraryFilter } from './LibraryFilter'

export type LibraryTable = ReactTable<typeof libraryFeatures, LibraryEpisodeRow>
type LibraryColumn = Column<typeof libraryFeatures, LibraryEpisodeRow>

/** A row's height: one line of text; a row being renamed grows and is measured. */
const ROW_HEIGHT = 36
const estimateSize = (): number => ROW_HEIGHT

/** Every column as wide as what it holds, the title taking what is left (and cut, whole on hover). */
const gridColumns = (columns: readonly LibraryColumn[]): string =>
  columns
    .map((c) => {
      const width = c.columnDef.meta?.widthCh
      return width === undefined ? 'minmax(16ch, 1fr)' : `${width}ch`
    })
    .join(' ')

/**
 * An episode's analyses, under its row: each named (reviewer · kind · date) with its state, the one the
 * episode counts through marked; a click opens that analysis. Drawn in the row, across every column,
 * so the row's measured height takes it and the rows under it move down.
 */
function EpisodeAnalyses(props: { row: LibraryEpisodeRow; onOpen: (id: string) => void }): React.JSX.Element {
  const { row, onOpen } = props
  return (
    <ul className="episode-analyses" aria-label={`Analyses of “${row.title}”`}>
      {row.analyses.map((a) => (
        <li key={a.id}>
          <button type="button" className="link" onClick={() => onOpen(a.id)}>
            {a.analysis.name}
          </button>
          {/* A title of its own (a Duplicate's "(copy)", a rename) tells the analysis apart too. */}
          {a.title !== row.title && <span className="analysis-title">“{a.title}”</span>}
          <span className="analysis-state">{REVIEW_STATUS_WORDS[a.reviewStatus]}</span>
          {a.counted && <span className="analysis-counted">counted</span>}
          {a.deskOwner && <span className="analysis-owner">{fromTheDesk(a.deskOwner)}</span>}
        </li>
      ))}
    </ul>
  )
}

function SortingHeader({ column, label }: { column: LibraryColumn; label: React.ReactNode }) {
  const sorted = column.getIsSorted()
  if (!column.getCanSort()) return <>{label}</>
  return (
    <button type="button" className="sort" onClick={column.getToggleSortingHandler()}>
      {label}
      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
    </button>
  )
}

/**
 * The library's episodes: a header that sorts on a click (a second click turns it round), a filter under
 * each column, and only the rows on screen drawn, so a thousand episodes open as fast as ten.
 */
export function EpisodesTable({ table, total }: { table: LibraryTable; total: number }): React.JSX.Element {
  const scroller = useRef<HTMLDivElement>(null)
  const rows = table.getRowModel().rows
  const columns = table.getVisibleLeafColumns()
  // The app is not built with the React Compiler, so nothing memoizes around the virtualizer's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  })
  const grid = { gridTemplateColumns: gridColumns(columns) }
  return (
    <div className="episodes-scroller" ref={scroller}>
      <table className="episodes" aria-label="Episodes" aria-rowcount={rows.length + 2}>
        <thead>
          <tr style={grid} aria-rowindex={1}>
            {table.getHeaderGroups()[0]?.headers.map((header) => {
              const sorted = header.column.getIsSorted()
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={`col-${header.column.id.replace(':', '-')}`}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  <SortingHeader column={header.column} label={<FlexRender header={header} />} />
                </th>
              )
            })}
          </tr>
          <tr style={grid} className="filters" aria-rowindex={2}>
            {columns.map((column) => (
              <td key={column.id}>
                <LibraryFilter column={column} />
              </td>
            ))}
          </tr>
        </thead>
        <tbody style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row: Row<typeof libraryFeatures, LibraryEpisodeRow> | undefined = rows[item.index]
            if (!row) return null
            return (
              <tr
                key={row.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 3}
                style={{ ...grid, transform: `translateY(${item.start}px)` }}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
                {table.options.meta?.expanded.has(row.original.episode) && (
                  <td className="analyses-cell">
                    <EpisodeAnalyses row={row.original} onOpen={table.options.meta.onOpen} />
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
      {rows.length === 0 && total > 0 && <p className="hint">No episode matches the filters.</p>}
    </div>
  )
}
