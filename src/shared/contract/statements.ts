/** Statements: a span of the episode, its title and its quote. */
import { z } from 'zod'
import { episodeId, itemId, longText, seconds, typedTitle } from './fields'
import { edit } from './method'

export const statementsMethods = {
  'statements.create': edit<{ statementId: string }>()(
    z.strictObject({
      id: episodeId,
      start: seconds,
      end: seconds,
      title: typedTitle.optional(),
      quote: longText.optional(),
    }),
  ),
  /** The editor vouches for an estimated quote: it is kept as written from now on, like a typed one. */
  'statements.confirmQuote': edit()(z.strictObject({ id: episodeId, statementId: itemId })),
  'statements.update': edit()(
    z.strictObject({
      id: episodeId,
      statementId: itemId,
      patch: z
        .strictObject({
          title: typedTitle,
          quote: longText,
          start: seconds,
          end: seconds,
          speakerId: itemId.nullable(),
        })
        .partial(),
    }),
  ),
  'statements.delete': edit()(z.strictObject({ id: episodeId, statementId: itemId })),
}
