import { useCallback, useMemo, useState } from 'react'
import type { LibraryDimension, LibraryEpisode } from '../../../shared/contract'
import { grouped } from '../../../shared/textLimits'
import type { usePreferences } from '../usePreferences'
import { ColumnsMenu } from './ColumnsMenu'
import { episodeRows } from './episodeRows'
import { EpisodesTable } from './EpisodesTable'
import type { LibraryTableMeta } from './libraryColumns'
import { useLibraryTable } from './useLibraryTable'
import type { EpisodeActions } from './useEpisodeActions'

interface Props {
  /** The editor's kept choices, asked for beside the rows: null until they come. */
  preferences: ReturnType<typeof usePreferences>
  episodes: LibraryEpisode[]
  /** While only the listing's first episodes are here, how many the library lists (see useLibraryListing). */
  partOf: number | null
  dimensions: readonly LibraryDimension[]
  onOpen: (id: string) => void
  actions: EpisodeActions
  showLink: (show: string) => React.ReactNode
}

/** The library's table once its kept sort and filters are known (asked for with the rows). */
export function LibraryEpisodes(props: Props): React.JSX.Element | null {
  const { preferences, keep } = props.preferences
  if (!preferences) return null
  // The first episodes are the first rows only in the listing's own order, unfiltered.
  const { sorting, filters } = preferences.libraryTable
  if (props.partOf !== null && (sorting.length > 0 || filters.length > 0))
    return <p className="hint">Listing {grouped(props.partOf)} episodes…</p>
  return <KeptTable {...props} kept={preferences.libraryTable} keep={keep} />
}

function KeptTable(
  props: Props & Pick<Parameters<typeof useLibraryTable>[0], 'kept' | 'keep'>,
): React.JSX.Element {
  const { onOpen, actions, showLink } = props
  // The core lists analyses; the library lists episodes, each open to its analyses on demand.
  const episodes = useMemo(() => episodeRows(props.episodes), [props.episodes])
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const toggleAnalyses = useCallback(
    (episode: string) =>
      setExpanded((now) => {
        const next = new Set(now)
        if (!next.delete(episode)) next.add(episode)
        return next
      }),
    [],
  )
  const meta: LibraryTableMeta = useMemo(
    () => ({ onOpen, actions, showLink, expanded, toggleAnalyses }),
    [onOpen, actions, showLink, expanded, toggleAnalyses],
  )
  const table = useLibraryTable({ ...props, rows: episodes, meta })
  const shown = table.getRowModel().rows.length
  const filtered = table.state.columnFilters.length > 0
  const total = props.partOf ?? episodes.length
  return (
    <section className="library-table" aria-label="Library">
      <div className="library-table-bar">
        <span className="count" aria-live="polite">
          {filtered
            ? `${grouped(shown)} of ${grouped(total)} episodes`
            : `${grouped(total)} episode${total === 1 ? '' : 's'}`}
        </span>
        {filtered && (
          <button type="button" onClick={() => table.resetColumnFilters(true)}>
            Clear filters
          </button>
        )}
        <ColumnsMenu table={table} />
      </div>
      <EpisodesTable table={table} total={episodes.length} />
    </section>
  )
}
