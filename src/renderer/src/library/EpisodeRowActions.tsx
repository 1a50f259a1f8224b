import { useState } from 'react'
import type { EpisodeSummary } from '../../../shared/contract'
import { platform } from '../platform'
import type { EpisodeActions } from './useEpisodeActions'

/** A library row's actions on its episode, each a button so the keyboard reaches it. */
export function EpisodeRowActions(props: {
  episode: EpisodeSummary
  actions: EpisodeActions
}): React.JSX.Element {
  const { episode, actions } = props
  if (actions.renaming === episode.id) return <RenameEpisode episode={episode} actions={actions} />
  // One group per row, named for its episode: the buttons keep their visible words as their names.
  return (
    <div className="row-actions" role="group" aria-label={`Actions for “${episode.title}”`}>
      <button type="button" onClick={() => actions.setRenaming(episode.id)}>
        Rename…
      </button>
      <button type="button" onClick={() => actions.duplicate(episode)}>
        Duplicate
      </button>
      <button type="button" onClick={() => actions.trash(episode)}>
        Move to trash
      </button>
      {/* A browser cannot open the file manager: the action is the desktop's only. */}
      {platform.showMediaInFolder && (
        <button type="button" onClick={() => actions.showMedia(episode.id)}>
          Show media in folder
        </button>
      )}
    </div>
  )
}

/** The title typed anew in place: Enter keeps it, Escape leaves it as it was; an empty one is refused. */
function RenameEpisode(props: { episode: EpisodeSummary; actions: EpisodeActions }): React.JSX.Element {
  const { episode, actions } = props
  const [title, setTitle] = useState(episode.title)
  const [problem, setProblem] = useState<string | null>(null)
  const save = (): void => {
    if (title.trim() === '') {
      setProblem('Title: an episode needs a title.')
      return
    }
    void actions.rename(episode.id, title).then((refusal) => refusal !== null && setProblem(refusal))
  }
  return (
    <form
      className="row-actions"
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <input
        aria-label="New title"
        value={title}
        autoFocus
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : `rename-problem-${episode.id}`}
        onChange={(e) => {
          setTitle(e.target.value)
          setProblem(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') actions.setRenaming(null)
        }}
      />
      <button type="submit">Save</button>
      <button type="button" onClick={() => actions.setRenaming(null)}>
        Cancel
      </button>
      {problem !== null && (
        <span role="alert" className="error" id={`rename-problem-${episode.id}`}>
          {problem}
        </span>
      )}
    </form>
  )
}
