import { z } from 'zod'
import { countedChoiceSchema } from './analyses'

/** The video's height the editor may choose, in CSS pixels. */
export const PLAYER_HEIGHT = { least: 120, most: 2000 } as const

/**
 * The editor's choices kept with the library, for every episode and every launch: each one declared
 * here once, with its default, so the core stores only what this list names.
 */
/** A library table column: a fixed column's name, or `score:` and a dimension key. */
const columnId = z.string().min(1).max(80)

export const preferencesSchema = z.strictObject({
  /** The episode screen's first-run hint was closed; it is not shown again. */
  firstRunHintSeen: z.boolean(),
  /** After A or X in a review, the next item plays by itself. */
  playNextAfterDecision: z.boolean(),
  /** The video's height in the episode screen, in CSS pixels, as the editor dragged it; null: automatic. */
  playerHeight: z.number().int().min(PLAYER_HEIGHT.least).max(PLAYER_HEIGHT.most).nullable(),
  /** The desk's rule: a score with reasoning and no evidence blocks publishing (an error, not a note). */
  requireEvidence: z.boolean(),
  /** The library table as the editor left it: its sort, its filters, the columns shown or hidden. */
  libraryTable: z.strictObject({
    sorting: z.array(z.strictObject({ id: columnId, desc: z.boolean() })).max(8),
    filters: z.array(z.strictObject({ id: columnId, value: z.string().max(200) })).max(64),
    columns: z.array(z.strictObject({ id: columnId, shown: z.boolean() })).max(256),
  }),
  /**
   * Per show, the analysis each episode counts through on its page, in trends and in the library's
   * averages, where the show overrides the rule (a show named here and nowhere else is harmless).
   */
  countedAnalysis: z
    .record(z.string().max(200), countedChoiceSchema)
    .refine((choices) => Object.keys(choices).length <= 10_000, 'at most 10,000 shows have a choice'),
})

export type Preferences = z.infer<typeof preferencesSchema>

export const DEFAULT_PREFERENCES: Preferences = {
  firstRunHintSeen: false,
  playNextAfterDecision: false,
  playerHeight: null,
  requireEvidence: false,
  libraryTable: { sorting: [], filters: [], columns: [] },
  countedAnalysis: {},
}

export type PreferenceKey = keyof Preferences
