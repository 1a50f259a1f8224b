import { MessageLine } from '../MessageLines'
import { platform } from '../platform'

/** How the core refuses an episode in the trash (see core/episodes/trash.ts). */
const IN_THE_TRASH = /was moved to the trash/

/** The episode screen until its episode is on hand: opening, or why it cannot be opened. */
export function EpisodeOpening(props: {
  id: string
  error: string | null
  onClose: () => void
}): React.JSX.Element {
  return (
    <main className="episode">
      {props.error ? (
        <>
          <MessageLine kind="error" message={props.error} />
          {/* An episode that cannot be opened (gone, or never there) still has a way back. */}
          <p className="back-to-library">
            {IN_THE_TRASH.test(props.error) && (
              // Restored, it opens as it was: the window's address still names it.
              <button
                type="button"
                onClick={() =>
                  void platform.call('episodes.restore', { id: props.id }).then((reply) => {
                    if (reply.ok) window.location.reload()
                  })
                }
              >
                Restore
              </button>
            )}{' '}
            <button type="button" onClick={() => props.onClose()}>
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
