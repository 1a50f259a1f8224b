import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { episodeJsonSchema } from '../../src/shared/episodeJsonSchema'

describe('schema/episode.v1.json', () => {
  it('is the JSON Schema generated from the zod schema (run `npm run schema` after changing the format)', () => {
    const committed = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '..', '..', 'schema', 'episode.v1.json'), 'utf8'),
    ) as unknown
    expect(committed).toEqual(episodeJsonSchema())
  })

  it('refuses unknown keys and names every top-level part of the format', () => {
    const schema = episodeJsonSchema() as { additionalProperties: boolean; required: string[] }
    expect(schema.additionalProperties).toBe(false)
    expect(schema.required).toEqual(
      expect.arrayContaining([
        'format',
        'version',
        'episode',
        'participants',
        'rubric',
        'chapters',
        'highlights',
        'statements',
        'speakingBalance',
        'scoreSummary',
        'transcript',
        'review',
      ]),
    )
  })
})
