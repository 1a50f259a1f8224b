import { MessageLine } from '../MessageLines'

/** The episode screen until its episode is on hand: opening, or why it cannot be opened. */
export function EpisodeOpening(props: { error: string | null; onClose: () => void }): React.JSX.Element {
  return (
    <main className="episode">
      {props.error ? (
        <>
          <MessageLine kind="error" message={props.error} />
          {/* An episode that cannot be opened (gone, or never there) still has a way back. */}
          <p className="back-to-library">
            <button type="button" onClick={props.onClose}>
              ← Back to the library
            </button>
          </p>
        </>
      ) : (
        <p>Opening…</p>
      )}
    </main>
  )
}
