import { createColumnHelper } from '@tanstack/react-table'
import type { LibraryDimension } from '../../../shared/contract'
import type { LibraryEpisodeRow } from './episodeRows'
import { formatClock } from '../../../shared/time'
import { REVIEW_STATUS_WORDS } from '../episode/ReviewStatusBadge'
import { EpisodeRowActions, RenameEpisode } from './EpisodeRowActions'
import type { libraryFeatures } from './libraryFeatures'

export {
  libraryFeatures,
  type FilterKind,
  type LibraryColumnMeta,
  type LibraryTableMeta,
} from './libraryFeatures'

const helper = createColumnHelper<typeof libraryFeatures, LibraryEpisodeRow>()

/** The id of the column of a dimension's averages. */
export const scoreColumnId = (key: string): string => `score:${key}`

/** Columns hidden until the editor shows them (Columns…). */
export const HIDDEN_AT_FIRST: readonly string[] = ['id', 'updatedAt']

const longest = (texts: Iterable<string>): number => {
  let most = 0
  for (const text of texts) most = Math.max(most, text.length)
  return most
}
/** A text column's width: its longest text, within bounds (a 200-character show name is cut). */
const widthOf = (header: string, texts: Iterable<string>, most: number): number =>
  Math.min(most, Math.max(header.length + 3, longest(texts) + 1))

/** A header that wraps between words: as wide as its longest word, never cut inside one. */
const headerWidth = (label: string): number => Math.min(18, Math.max(8, longest(label.split(/\s+/)) + 3))

/** A last edit as the editor reads it: the local day and minute. */
export const formatEdited = (iso: string): string => {
  const at = new Date(iso)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/**
 * The library's columns for its rows and the library's dimensions: one column of averages per
 * dimension key, named by its most common label. Sized from what they hold.
 */
export function libraryColumns(rows: readonly LibraryEpisodeRow[], dimensions: readonly LibraryDimension[]) {
  return helper.columns([
    helper.accessor('title', {
      header: 'Title',
      enableHiding: false,
      sortFn: 'alphanumeric',
      filterFn: 'containsText',
      meta: { filter: 'text' },
      cell: ({ row, table }) => {
        const episode = row.original
        const meta = table.options.meta
        if (meta?.actions.renaming === episode.id)
          return <RenameEpisode episode={episode} actions={meta.actions} />
        return (
          <button
            type="button"
            className="link episode-title"
            title={episode.title}
            onClick={() => meta?.onOpen(episode.id)}
          >
            {episode.title}
          </button>
        )
      },
    }),
    helper.accessor((row) => row.analyses.length, {
      id: 'analyses',
      header: 'Analyses',
      sortFn: 'basic',
      filterFn: 'meetsNumber',
      meta: { filter: 'number', widthCh: 13, numeric: true },
      cell: ({ row, table }) => {
        const episode = row.original
        const meta = table.options.meta
        const open = meta?.expanded.has(episode.episode) ?? false
        const count = episode.analyses.length
        // Opens the row to the episode's analyses, drawn under it (see EpisodesTable).
        return (
          <button
            type="button"
            className="link analyses-opener"
            aria-expanded={open}
            // Named without the title, so that finding the episode's title finds its title alone.
            aria-label={`${count} ${count === 1 ? 'analysis' : 'analyses'}`}
            onClick={() => meta?.toggleAnalyses(episode.episode)}
          >
            <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
            {count}
          </button>
        )
      },
    }),
    helper.accessor('show', {
      header: 'Show',
      sortFn: 'alphanumeric',
      filterFn: 'containsText',
      meta: {
        filter: 'text',
        widthCh: widthOf(
          'Show',
          rows.map((r) => r.show),
          24,
        ),
      },
      cell: ({ row, table }) => table.options.meta?.showLink(row.original.show) ?? row.original.show,
    }),
    helper.accessor((row) => row.publishedOn ?? undefined, {
      id: 'publishedOn',
      header: 'Aired',
      sortFn: 'alphanumeric',
      sortUndefined: 'last',
      filterFn: 'containsText',
      meta: { filter: 'text', widthCh: 12 },
    }),
    helper.accessor('durationSeconds', {
      header: 'Length',
      sortFn: 'basic',
      filterFn: 'meetsMinutes',
      meta: { filter: 'number', unit: 'min', widthCh: 9, numeric: true },
      cell: ({ getValue }) => formatClock(getValue()),
    }),
    helper.accessor((row) => REVIEW_STATUS_WORDS[row.reviewStatus], {
      id: 'reviewStatus',
      header: 'Review',
      sortFn: 'alphanumeric',
      filterFn: 'isChoice',
      meta: { filter: 'choice', widthCh: 11 },
    }),
    helper.accessor((row) => row.reviewer ?? undefined, {
      id: 'reviewer',
      header: 'Reviewer',
      sortFn: 'alphanumeric',
      sortUndefined: 'last',
      filterFn: 'containsText',
      meta: {
        filter: 'text',
        widthCh: widthOf(
          'Reviewer',
          rows.map((r) => r.reviewer ?? ''),
          20,
        ),
      },
    }),
    ...dimensions.map((d) =>
      helper.accessor((row) => row.averages[d.key], {
        id: scoreColumnId(d.key),
        header: d.label,
        sortFn: 'basic',
        sortUndefined: 'last',
        filterFn: 'meetsNumber',
        meta: { filter: 'number', widthCh: headerWidth(d.label), numeric: true },
        cell: ({ getValue }) => {
          const value = getValue()
          return typeof value === 'number' ? value.toFixed(1) : ''
        },
      }),
    ),
    helper.accessor('id', {
      header: 'Id',
      sortFn: 'alphanumeric',
      filterFn: 'containsText',
      meta: {
        filter: 'text',
        widthCh: widthOf(
          'Id',
          rows.map((r) => r.id),
          40,
        ),
      },
    }),
    helper.accessor((row) => formatEdited(row.updatedAt), {
      id: 'updatedAt',
      header: 'Last edited',
      sortFn: 'alphanumeric',
      filterFn: 'containsText',
      meta: { filter: 'text', widthCh: 17 },
    }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      meta: { widthCh: 12 },
      cell: ({ row, table }) => {
        const meta = table.options.meta
        return meta ? <EpisodeRowActions episode={row.original} actions={meta.actions} /> : null
      },
    }),
  ])
}
