/** Highlights: one moment per dimension, with its title and description. */
import { z } from 'zod'
import { dimensionKeySchema } from '../episodeFormat'
import { episodeId, itemId, longText, seconds, typedTitle } from './fields'
import { edit } from './method'

export const highlightsMethods = {
  'highlights.set': edit()(
    z.strictObject({
      id: episodeId,
      dimension: dimensionKeySchema,
      time: seconds,
      title: typedTitle.optional(),
      description: longText.optional(),
    }),
  ),
  'highlights.update': edit()(
    z.strictObject({
      id: episodeId,
      highlightId: itemId,
      patch: z.strictObject({ time: seconds, title: typedTitle, description: longText }).partial(),
    }),
  ),
  'highlights.delete': edit()(z.strictObject({ id: episodeId, highlightId: itemId })),
}
