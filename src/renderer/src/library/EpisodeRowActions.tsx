import { useId, useRef, useState } from 'react'
import type { EpisodeSummary } from '../../../shared/contract'
import { platform } from '../platform'
import { go } from '../routes'
import type { EpisodeActions } from './useEpisodeActions'

/**
 * A library row's actions on its episode, behind one button so that a row stays one line beside its
 * columns: the menu opens in the page's top layer (a popover), so the table's scroller never cuts it,
 * and closes on Escape or a click elsewhere. Each action is a button the keyboard reaches.
 */
export function EpisodeRowActions(props: {
  episode: EpisodeSummary
  actions: EpisodeActions
}): React.JSX.Element {
  const { episode, actions } = props
  const menuId = useId()
  const opener = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const act = (action: () => void) => () => {
    menu.current?.hidePopover()
    action()
  }
  return (
    <>
      <button
        type="button"
        ref={opener}
        className="row-actions-opener"
        popoverTarget={menuId}
        aria-expanded={open}
      >
        Actions<span aria-hidden="true"> ▾</span>
      </button>
      {/* Named for its episode: the buttons keep their visible words as their names. */}
      <div
        id={menuId}
        ref={menu}
        popover="auto"
        role="group"
        aria-label={`Actions for “${episode.title}”`}
        className="row-actions"
        onToggle={(e) => {
          const shown = e.newState === 'open'
          setOpen(shown)
          if (!shown) return
          // Under its button, kept inside the window's right edge.
          const at = opener.current?.getBoundingClientRect()
          const element = menu.current
          if (!at || !element) return
          element.style.top = `${at.bottom + 2}px`
          element.style.left = `${Math.max(4, Math.min(at.left, window.innerWidth - element.offsetWidth - 4))}px`
          element.querySelector('button')?.focus()
        }}
      >
        <button type="button" onClick={act(() => actions.setRenaming(episode.id))}>
          Rename…
        </button>
        <button type="button" onClick={act(() => actions.duplicate(episode))}>
          Duplicate
        </button>
        {episode.show !== '' && (
          <button type="button" onClick={act(() => go({ screen: 'codebook', show: episode.show }))}>
            Codebook of {episode.show}
          </button>
        )}
        <button type="button" onClick={act(() => actions.trash(episode))}>
          Move to trash
        </button>
        {/* A browser cannot open the file manager: the action is the desktop's only. */}
        {platform.showMediaInFolder && (
          <button type="button" onClick={act(() => actions.showMedia(episode.id))}>
            Show media in folder
          </button>
        )}
      </div>
    </>
  )
}

/** The title typed anew in place: Enter keeps it, Escape leaves it as it was; an empty one is refused. */
export function RenameEpisode(props: {
  episode: EpisodeSummary
  actions: EpisodeActions
}): React.JSX.Element {
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
      className="rename-episode"
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
