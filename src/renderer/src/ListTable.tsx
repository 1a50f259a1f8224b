import { TableHead } from './TableHead'

/** A row's one action: a button in the last column. */
export interface RowAction {
  label: string
  /** What the button does, named in full for assistive technology when its label is short. */
  name?: string
  disabled?: boolean
  onClick: () => void
}

/**
 * A list shown as a table, a row an item, its last column the item's one action (Restore, …): the
 * trash and the backups lay their rows out alike.
 */
export function ListTable<T>(props: {
  label: string
  className?: string
  columns: Parameters<typeof TableHead>[0]['columns']
  /** A class for the cells of some columns, by column (the id column's monospace). */
  columnClasses?: readonly (string | undefined)[]
  items: readonly T[]
  itemKey: (item: T) => string
  cells: (item: T) => React.ReactNode[]
  action: (item: T) => RowAction
}): React.JSX.Element {
  return (
    <table className={props.className} aria-label={props.label}>
      <TableHead columns={props.columns} />
      <tbody>
        {props.items.map((item) => {
          const action = props.action(item)
          return (
            <tr key={props.itemKey(item)}>
              {props.cells(item).map((cell, i) => (
                <td key={i} className={props.columnClasses?.[i]}>
                  {cell}
                </td>
              ))}
              <td>
                <button
                  type="button"
                  onClick={action.onClick}
                  disabled={action.disabled}
                  aria-label={action.name}
                >
                  {action.label}
                </button>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
