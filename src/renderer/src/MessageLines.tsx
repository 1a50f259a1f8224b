/**
 * A line under the toolbar: what went wrong (`error`, said at once by a screen reader) or what just
 * happened (`notice`); nothing when there is none.
 */
export function MessageLine(props: {
  kind: 'error' | 'notice'
  message: string | null
}): React.JSX.Element | null {
  if (!props.message) return null
  return props.kind === 'error' ? (
    <p role="alert" className="error">
      {props.message}
    </p>
  ) : (
    <p role="status" className="notice">
      {props.message}
    </p>
  )
}
