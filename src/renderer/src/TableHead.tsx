/**
 * A table's header row from its column names; a column named '' is unnamed on screen (an actions
 * column) and, given `{ label }`, still named to assistive technology.
 */
export function TableHead(props: {
  columns: readonly (string | { label: string; hidden: true })[]
  /** `scope="col"` on each header, where the table's rows have header cells of their own. */
  scoped?: boolean
}): React.JSX.Element {
  const scope = props.scoped ? 'col' : undefined
  return (
    <thead>
      <tr>
        {props.columns.map((c, i) =>
          typeof c === 'string' ? (
            <th key={i} scope={scope}>
              {c}
            </th>
          ) : (
            <th key={i} scope={scope} aria-label={c.label} />
          ),
        )}
      </tr>
    </thead>
  )
}
