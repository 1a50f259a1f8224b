import { z } from 'zod'

/**
 * The editor's choices kept with the library, for every episode and every launch: each one declared
 * here once, with its default, so the core stores only what this list names.
 */
export const preferencesSchema = z.strictObject({
  /** The episode screen's first-run hint was closed; it is not shown again. */
  firstRunHintSeen: z.boolean(),
  /** After A or X in a review, the next item plays by itself. */
  playNextAfterDecision: z.boolean(),
})

export type Preferences = z.infer<typeof preferencesSchema>

export const DEFAULT_PREFERENCES: Preferences = { firstRunHintSeen: false, playNextAfterDecision: false }

export type PreferenceKey = keyof Preferences
