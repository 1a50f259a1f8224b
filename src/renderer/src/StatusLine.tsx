import './statusLine.css'

/**
 * The window's bottom line, where every error and notice of a screen is said. Its height is kept
 * whether or not it has something to say, and a message longer than a line rises over the screen
 * instead of pushing it: nothing above ever moves when a message comes or goes. An error (said at once
 * by a screen reader) stays until it is dismissed or replaced; a notice fades after a while, but not
 * while the pointer rests on it or the keyboard is in it, and not at all when it says something to read
 * again or act on.
 */
export function StatusLine(props: {
  error: string | null
  notice: string | null
  /** A notice to read again or act on (a warning, where a file went) stays until dismissed. */
  noticeStays?: boolean
  dismissError: () => void
  dismissNotice: () => void
}): React.JSX.Element {
  const { error, notice } = props
  return (
    <div className="status-line">
      <div className="status-messages">
        {error && (
          // Said at once when it appears (an alert is announced as it is put on the page).
          <div className="status-message error-message">
            <p role="alert" className="error">
              {error}
            </p>
            <button type="button" className="dismiss" aria-label="Dismiss error" onClick={props.dismissError}>
              ×
            </button>
          </div>
        )}
        {/* The status region is always there, so that a notice put in it is announced. */}
        <div role="status" className="notice-region">
          {notice && (
            <div
              // A new notice starts its own time to fade.
              key={notice}
              className={`status-message notice-message${props.noticeStays ? ' stays' : ''}`}
              onAnimationEnd={(e) => {
                if (e.animationName === 'notice-fade') props.dismissNotice()
              }}
            >
              <p className="notice">{notice}</p>
              <button
                type="button"
                className="dismiss"
                aria-label="Dismiss notice"
                onClick={props.dismissNotice}
              >
                ×
              </button>
            </div>
          )}
        </div>
      </div>
    </div>
  )
}
