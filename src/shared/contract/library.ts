/** The library: its episodes listed, the rubric columns they share, and the trash. */
import { z } from 'zod'
import type { AnalysisSummary, CountedBecause } from '../analyses'
import type { EpisodeSummary } from './episodeView'
import { byId } from './fields'
import { method } from './method'

/**
 * An analysis in the library: its summary, its reviewer, its last edit (ISO 8601), its average score per
 * dimension key (the mean of its scored chapters' scores), and the episode it is an analysis of. The
 * library lists episodes, each through the analysis it counts (`counted`), opening to the others. Not
 * in the episode's view: an edit changes the last edit, and the view's summary must not be sent again
 * for each.
 */
export interface LibraryEpisode extends EpisodeSummary {
  reviewer: string | null
  updatedAt: string
  averages: Readonly<Record<string, number>>
  /** The episode's id: that of its first analysis in the library. */
  episode: string
  /** This analysis named, and what it is of the episode. */
  analysis: AnalysisSummary
  /** Whether the episode counts through this analysis (one of each episode's rows). */
  counted: boolean
  /** Why the episode counts through the analysis it does (the same on each of its rows). */
  countedBecause: CountedBecause
  /** The desk person whose analysis this is, when it was pulled from the desk (absent for one's own). */
  deskOwner?: string
}

/** How many episodes the library screen is first given, to draw its first rows before the rest come. */
export const FIRST_EPISODES = 60

/**
 * The listing's start: the analyses of its first FIRST_EPISODES episodes (in the screen's order, each by
 * its newest analysis), and how many episodes it lists in all.
 */
export interface ListingStart {
  analyses: LibraryEpisode[]
  episodes: number
}

/** A rubric dimension as the library knows it: one per key, whatever each episode calls it. */
export interface LibraryDimension {
  key: string
  /** The label most episodes give the key (ties: the first in alphabetical order). */
  label: string
  /** How many episodes of the library have it. */
  episodeCount: number
}

/** An episode in the trash: `emptiedAfter`, the time after which a start deletes it for good. */
export interface TrashedEpisode extends EpisodeSummary {
  trashedAt: string
  emptiedAfter: string
}

export const libraryMethods = {
  'episodes.list': method<LibraryEpisode[]>()(z.strictObject({})),
  /**
   * The listing's first episodes only (`ListingStart`): at 10,000 episodes the whole listing is 6 MB of
   * JSON, which the screen reads after drawing these.
   */
  'episodes.listStart': method<ListingStart>()(z.strictObject({})),
  /** Every dimension key of the library's episodes, the most widely used first: the table's columns. */
  'library.dimensions': method<LibraryDimension[]>()(z.strictObject({})),
  /**
   * What the library tells the editor of the start: the episode edited last when it could not be
   * prepared (the start went on without it), named with why. Empty when there is nothing to tell.
   */
  'library.notices': method<string[]>()(z.strictObject({})),
  /**
   * Moves the episode to the trash, whole: restorable until a start empties the trash 30 days on. Every
   * other call naming it is refused with `trashed` meanwhile (a window that still shows it learns so).
   */
  'episodes.trash': method<{ trashedAt: string }>()(byId),
  /** Brings a trashed episode back into the library as it was (the library's Undo after a delete, too). */
  'episodes.restore': method<EpisodeSummary>()(byId),
  'episodes.listTrash': method<TrashedEpisode[]>()(z.strictObject({})),
  /** A second analysis: a copy under a new id as keep-both names it (`<id>-2`, …), linked to the same media. */
  'episodes.duplicate': method<{ id: string }>()(byId),
}
