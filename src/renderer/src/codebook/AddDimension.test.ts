import { describe, expect, it } from 'vitest'
import { dimensionKeySchema } from '../../../shared/episodeFormat'
import { keyOf } from './AddDimension'

describe('a new dimension’s key, made from its label', () => {
  it('is camelCase letters and digits, as the episode format files scores', () => {
    for (const [label, key] of [
      ['Guest teaching', 'guestTeaching'],
      ['The hosts’ push-back', 'theHostsPushBack'],
      ['Café culture', 'cafeCulture'],
      ['3 big ideas', 'bigIdeas'],
      ['¿¡!', 'dimension'],
    ] as const) {
      expect(keyOf(label)).toBe(key)
      expect(dimensionKeySchema.safeParse(keyOf(label)).success).toBe(true)
    }
  })
})
