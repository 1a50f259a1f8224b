/** The episode's rubric: its dimensions added, edited, ordered, removed, and kept for new episodes. */
import { z } from 'zod'
import { dimensionKeySchema } from '../episodeFormat'
import { byId, episodeId, longText, requiredName, shortText } from './fields'
import { edit, method } from './method'

export const rubricMethods = {
  'rubric.add': edit()(
    z.strictObject({
      id: episodeId,
      label: requiredName('a dimension needs a label'),
      key: dimensionKeySchema.max(64).optional(),
      description: longText.optional(),
      highlightLabel: shortText.optional(),
    }),
  ),
  'rubric.update': edit()(
    z.strictObject({
      id: episodeId,
      key: dimensionKeySchema,
      patch: z
        .strictObject({
          label: requiredName('a dimension needs a label'),
          description: longText,
          highlightLabel: shortText,
        })
        .partial(),
    }),
  ),
  'rubric.move': edit()(
    z.strictObject({ id: episodeId, key: dimensionKeySchema, to: z.number().int().min(0).max(1000) }),
  ),
  'rubric.remove': edit()(z.strictObject({ id: episodeId, key: dimensionKeySchema })),
  /** Not an edit of the episode: the rubric new episodes start with. */
  'rubric.saveDefault': method<{ dimensions: number }>()(byId),
}
