/** The show pages: each show of the library, its trends, and the reasoning behind a point. */
import { z } from 'zod'
import { countedChoiceSchema, type CountedBecause, type CountedChoice } from '../analyses'
import { dimensionKeySchema } from '../episodeFormat'
import { episodeId } from './fields'
import type { LibraryDimension } from './library'
import { method } from './method'

/** A show of the library, for going from one show's page to another's. */
export interface ShowSummary {
  name: string
  /** Its episodes out of the trash (an episode's several analyses count once). */
  episodeCount: number
}

/** Seconds said by each role in one episode (segments whose speaker is a participant with that role). */
export interface RoleSeconds {
  hostSeconds: number
  guestSeconds: number
  otherSeconds: number
}

/** One episode of a show, as its trends place it: through the one analysis it counts through. */
export interface ShowTrendEpisode {
  /** The id of the analysis counted (which a click opens). */
  id: string
  title: string
  /** Where the episode stands on the time axis (YYYY-MM-DD): its publication day, else the day it was added. */
  date: string
  /** Which of the two `date` is: a show with unpublished drafts orders them by the day they were added. */
  dateFrom: 'published' | 'added'
  publishedOn: string | null
  durationSeconds: number
  /**
   * The average score per dimension key: the mean of the scored chapters' scores, as the Chapters table
   * and the published page show it; a dimension not scored has none.
   */
  averages: Record<string, number>
  speaking: RoleSeconds
  /** The episode's id (its first analysis's), as `episcore list` names it in its last column. */
  episode: string
  /** How many analyses of the episode the library holds. */
  analysisCount: number
  /** Which analysis counts ("reviewer · kind · date"), and why, in a code and in words. */
  counted: { name: string; because: CountedBecause; text: string }
}

/** How many chapter scores of the show's episodes gave each value of the scale, per dimension key. */
export type ScoreDistribution = Record<string, { value: number; count: number }[]>

/** A show's page: its episodes over time, their speaking balance, and how its scores spread. */
export interface ShowTrends {
  show: string
  /** The show's choice of the analysis each episode counts through (`rule` unless the editor chose). */
  choice: CountedChoice
  /** The reviewers named by the show's analyses, by name: the choices of a reviewer's analysis. */
  reviewers: string[]
  /** The show's dimension keys, each named by the label most of its episodes give it. */
  dimensions: LibraryDimension[]
  /** The scale the values lie on: the widest of the show's episodes. */
  scale: { min: number; max: number }
  /** Oldest first; each episode once, whatever number of analyses it has. */
  episodes: ShowTrendEpisode[]
  distribution: ScoreDistribution
}

export const trendsMethods = {
  /** Every show with an episode out of the trash, by name: the show pages there are. */
  'library.shows': method<ShowSummary[]>()(z.strictObject({})),
  /** A show's page (see `ShowTrends`); a show with no episode in the library is refused, named. */
  'library.showTrends': method<ShowTrends>()(
    z.strictObject({
      show: z.string().min(1, 'name the show').max(200, 'a show name is at most 200 characters'),
    }),
  ),
  /**
   * The reasoning behind an episode's average on a dimension (a show page's point): that of the
   * longest chapter scored, under its title, at most 300 characters; '' when none was given. Asked for
   * when a point is hovered, so that a show of a thousand episodes does not carry every one of them.
   */
  /**
   * Sets the show's choice of the analysis each of its episodes counts through (kept in the library;
   * `rule` forgets it); answers the show's page as it now reads.
   */
  'library.setCountedAnalysis': method<ShowTrends>()(
    z.strictObject({
      show: z.string().min(1, 'name the show').max(200, 'a show name is at most 200 characters'),
      choice: countedChoiceSchema,
    }),
  ),
  'library.pointReasoning': method<{ text: string }>()(
    z.strictObject({ id: episodeId, dimension: dimensionKeySchema }),
  ),
}
