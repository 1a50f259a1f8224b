/** The people who speak: added, edited, removed, and the transcript's speakers mapped to them. */
import { z } from 'zod'
import { roleSchema } from '../episodeFormat'
import { episodeId, itemId, requiredName, shortText, typedName } from './fields'
import { edit } from './method'

export const speakerMappingSchema = z.strictObject({
  participantId: itemId,
  to: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('self'),
      name: typedName.pipe(z.string().min(1, 'a speaker needs a name')),
      role: roleSchema,
      /** Left out, the participant's affiliation stays as it is. */
      affiliation: shortText.nullable().optional(),
    }),
    z.strictObject({ kind: z.literal('participant'), participantId: itemId }),
    z.strictObject({ kind: z.literal('unknown') }),
  ]),
})

export type SpeakerMapping = z.output<typeof speakerMappingSchema>

export const participantsMethods = {
  'participants.add': edit()(
    z.strictObject({
      id: episodeId,
      name: requiredName('a participant needs a name'),
      role: roleSchema,
      affiliation: shortText.nullable().optional(),
    }),
  ),
  'participants.update': edit()(
    z.strictObject({
      id: episodeId,
      participantId: itemId,
      patch: z
        .strictObject({
          name: requiredName('a participant needs a name'),
          role: roleSchema,
          affiliation: shortText.nullable(),
        })
        .partial(),
    }),
  ),
  'participants.remove': edit()(z.strictObject({ id: episodeId, participantId: itemId })),
  'participants.mapSpeakers': edit()(
    z.strictObject({ id: episodeId, speakers: z.array(speakerMappingSchema).max(1000) }),
  ),
}
