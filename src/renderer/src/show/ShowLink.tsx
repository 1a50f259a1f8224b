import { go } from '../routes'

/** Opens a show's page (its trends) from wherever a show is named, such as a library row. */
export function ShowLink({ show }: { show: string }): React.JSX.Element {
  return (
    <button
      type="button"
      className="show-link"
      title={`Trends of ${show}`}
      onClick={(e) => {
        // Inside a clickable row, the row must not open its episode too.
        e.stopPropagation()
        go({ screen: 'show', name: show })
      }}
    >
      {show}
    </button>
  )
}
