/**
 * The bar atop a page reached from the library (a show's page, the desk's board): the way back, the
 * page's title, what else the page offers, and how many episodes it holds once they are read.
 */
export function BackToLibraryBar(props: {
  title: string
  onBack: () => void
  /** The episodes on the page; null while they are being read. */
  count: number | null
  /** What the episodes counted are ("assigned"), after the count. */
  counted?: string
  children?: React.ReactNode
}): React.JSX.Element {
  const { count, counted } = props
  return (
    <header className="bar">
      <button type="button" onClick={props.onBack}>
        ← Back to library
      </button>
      <h1>{props.title}</h1>
      {props.children}
      {count !== null && (
        <span className="meta">
          {count} {count === 1 ? 'episode' : 'episodes'}
          {counted && ` ${counted}`}
        </span>
      )}
    </header>
  )
}
