import { useId } from 'react'
import type { LibraryTable } from './EpisodesTable'

/** Columns…: which columns the table shows (the id and the last edit are there to be shown). */
export function ColumnsMenu({ table }: { table: LibraryTable }): React.JSX.Element {
  const id = useId()
  return (
    <>
      <button type="button" popoverTarget={id}>
        Columns…
      </button>
      <fieldset id={id} popover="auto" className="columns-menu">
        <legend>Columns shown</legend>
        {table
          .getAllLeafColumns()
          .filter((c) => c.getCanHide())
          .map((column) => {
            const header = column.columnDef.header
            return (
              <label key={column.id}>
                <input
                  type="checkbox"
                  checked={column.getIsVisible()}
                  onChange={column.getToggleVisibilityHandler()}
                />
                {typeof header === 'string' ? header : column.id}
              </label>
            )
          })}
      </fieldset>
    </>
  )
}
