/** The library's settings: who reviews, the editor's preferences, the evidence rule. */
import { z } from 'zod'
import { preferencesSchema, type Preferences } from '../preferences'
import { episodeId, typedName } from './fields'
import { edit, method } from './method'

export const settingsMethods = {
  /** Who reviews: asked once, kept in the database, written to each episode's `review.reviewer`. */
  'reviewer.get': method<{ name: string | null }>()(z.strictObject({})),
  'reviewer.set': method<{ name: string }>()(
    z.strictObject({
      name: typedName.pipe(z.string().min(1, 'a name is needed')),
    }),
  ),
  /** The editor's choices kept with the library (the first-run hint closed, play the next after A or X). */
  'preferences.get': method<Preferences>()(z.strictObject({})),
  /** Keeps the choices given; answers with all of them. */
  'preferences.set': method<Preferences>()(preferencesSchema.partial()),
  /** Sets the library's evidence rule from an episode, answering its view (the problems follow it); not undoable. */
  'rules.requireEvidence': edit()(z.strictObject({ id: episodeId, required: z.boolean() })),
}
