/**
 * A table's header row from its column names; a column unnamed on screen (an actions column) is still
 * named to assistive technology: by its `aria-label` given `{ label, hidden: true }`, or by text hidden
 * from view (the `visually-hidden` class) given `{ label, visuallyHidden: true }`.
 */
export function TableHead(props: {
  columns: readonly (string | { label: string; hidden: true } | { label: string; visuallyHidden: true })[]
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
          ) : 'visuallyHidden' in c ? (
            <th key={i} scope={scope}>
              <span className="visually-hidden">{c.label}</span>
            </th>
          ) : (
            <th key={i} scope={scope} aria-label={c.label} />
          ),
        )}
      </tr>
    </thead>
  )
}
