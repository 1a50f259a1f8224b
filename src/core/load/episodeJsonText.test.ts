import { describe, expect, it } from 'vitest'
import { UserError } from '../errors'
import { MAX_EPISODE_JSON_DEPTH, parseEpisodeJson } from './episodeJsonText'

const nested = (levels: number, inner = '0'): string =>
  '{"a":'.repeat(levels - 1) + `[${inner}]` + '}'.repeat(levels - 1)

const refusal = (text: string): string => {
  try {
    parseEpisodeJson(text, 'x.json')
  } catch (error) {
    if (error instanceof UserError) return error.message
    throw error
  }
  throw new Error('not refused')
}

describe('episode JSON text', () => {
  it('reads nesting up to the cap and refuses one level more, saying where', () => {
    expect(parseEpisodeJson(nested(MAX_EPISODE_JSON_DEPTH), 'x.json')).toBeTypeOf('object')
    expect(refusal(nested(MAX_EPISODE_JSON_DEPTH + 1))).toBe(
      `x.json cannot be read as JSON: line 1, column ${5 * MAX_EPISODE_JSON_DEPTH + 1}: nested more than 200 levels deep`,
    )
    // Deep inside an array of objects, and an empty container at the last level counts as one.
    expect(refusal(`[1, {"b": ${nested(MAX_EPISODE_JSON_DEPTH, '[]')}}]`)).toMatch(
      /^x\.json cannot be read as JSON: line 1, column \d+: nested more than 200 levels deep$/,
    )
  })

  it('reads a text with a byte order mark, and names a syntax error with its place', () => {
    expect(parseEpisodeJson('\uFEFF{"a": [1, 2]}', 'x.json')).toEqual({ a: [1, 2] })
    expect(refusal('{"a": [1, 2}')).toBe(
      "x.json cannot be read as JSON: line 1, column 12: expected ',' or ']'",
    )
  })
})
