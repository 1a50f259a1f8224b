import { useCallback, useState } from 'react'
import type { EpisodeSummary } from '../../../shared/contract'
import { platform } from '../platform'

export interface EpisodeActions {
  /** The episode just moved to the trash, while its Undo is offered. */
  trashed: EpisodeSummary | null
  /** The episode whose title is being typed anew. */
  renaming: string | null
  setRenaming(id: string | null): void
  trash(episode: EpisodeSummary): void
  undoTrash(): void
  restore(id: string): Promise<boolean>
  rename(id: string, title: string): Promise<string | null>
  duplicate(episode: EpisodeSummary): void
  showMedia(id: string): void
  dismissUndo(): void
}

/**
 * What the library's rows do to an episode (rename, duplicate, trash, show its media), each said in the
 * status line or answered with a refusal; `refresh` lists the library again after each change.
 */
export function useEpisodeActions(
  refresh: () => void,
  say: { error(message: string): void; notice(message: string): void },
): EpisodeActions {
  const [trashed, setTrashed] = useState<EpisodeSummary | null>(null)
  const [renaming, setRenaming] = useState<string | null>(null)
  const { error, notice } = say
  const restore = useCallback(
    async (id: string): Promise<boolean> => {
      const reply = await platform.call('episodes.restore', { id })
      if (reply.ok) {
        // Back in the library, however it came back: its Undo would only be refused now (#42).
        setTrashed((offered) => (offered?.id === id ? null : offered))
        notice(`Restored “${reply.value.title}” from the trash.`)
      } else error(reply.error.message)
      refresh()
      return reply.ok
    },
    [refresh, error, notice],
  )
  return {
    trashed,
    renaming,
    setRenaming,
    trash: (episode) =>
      void platform.call('episodes.trash', { id: episode.id }).then((reply) => {
        // The status line tells the last action, never the one before it.
        if (reply.ok) {
          setTrashed(episode)
          notice(`Moved “${episode.title}” to the trash.`)
        } else error(reply.error.message)
        refresh()
      }),
    undoTrash: () => {
      if (!trashed) return
      setTrashed(null)
      void restore(trashed.id)
    },
    restore,
    rename: async (id, title) => {
      const reply = await platform.call('episodes.update', { id, patch: { title } })
      if (!reply.ok) return reply.error.message
      setRenaming(null)
      notice(`Renamed to “${title}”.`)
      refresh()
      return null
    },
    duplicate: (episode) =>
      void platform.call('episodes.duplicate', { id: episode.id }).then((reply) => {
        if (reply.ok) notice(`Duplicated “${episode.title}” as ${reply.value.id}.`)
        else error(reply.error.message)
        refresh()
      }),
    showMedia: (id) => {
      const show = platform.showMediaInFolder
      if (!show) return
      void show(id).then((why) => why !== null && error(`The media cannot be shown: ${why}`))
    },
    dismissUndo: () => setTrashed(null),
  }
}
