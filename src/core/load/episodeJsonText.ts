import fs from 'node:fs'
import { UserError } from '../errors'
import { regularFileSizeSync, type FileToRead } from '../files/regularFile'
import { JsonTextError, parseJsonText } from '../json/jsonText'

export const MAX_EPISODE_JSON_BYTES = 50 * 1024 * 1024
/** An episode nests six levels and extensions a few more: hundreds of levels are never an episode. */
export const MAX_EPISODE_JSON_DEPTH = 200

/** What an episode JSON file may be: a regular file of at most 50 MB. */
export const episodeFileRules = (name: string): FileToRead => ({
  missing: 'file not found',
  maxBytes: MAX_EPISODE_JSON_BYTES,
  tooBig: (size) => `${name} is over 50 MB (${size} bytes); an episode JSON file is never that big`,
})

/** The text of an episode JSON file; anything but a regular file, or one too big to be one, is refused unread. */
export function readEpisodeJsonText(file: string, name: string): string {
  regularFileSizeSync(file, episodeFileRules(name))
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(file)
  } catch (error) {
    throw new UserError('invalid-input', `cannot read ${file}: ${(error as Error).message}`)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new UserError('invalid-input', `${name} is not UTF-8 text; episode JSON is UTF-8`)
  }
}

/** The JSON value of an episode file's text; a syntax error or absurd nesting is named with its place. */
export function parseEpisodeJson(text: string, name: string): unknown {
  try {
    // JSON.parse first, the nesting then counted on the value: a scan of the text for brackets took
    // twice as long as the parse itself on an hour-long episode (~11 ms against ~6). V8 parses any depth
    // without recursion; what comes after (checks, JSON.stringify) would not. A value too deep, or text
    // that is not JSON, is read again by parseJsonText, which says where.
    let value: unknown
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''))
    } catch {
      return parseJsonText(text, MAX_EPISODE_JSON_DEPTH)
    }
    return nestsDeeperThan(value, MAX_EPISODE_JSON_DEPTH)
      ? parseJsonText(text, MAX_EPISODE_JSON_DEPTH)
      : value
  } catch (error) {
    if (error instanceof JsonTextError)
      throw new UserError('invalid-input', `${name} cannot be read as JSON: ${error.message}`)
    throw error
  }
}

/** Whether arrays and objects nest deeper than `limit` in `value` (the outermost one is level 1). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  // Two stacks side by side, no object for each entry: an hour-long episode holds ~12,000 objects.
  const values: unknown[] = [value]
  const depths: number[] = [0]
  for (let item = values.pop(); depths.length > 0; item = values.pop()) {
    const depth = (depths.pop() as number) + 1
    if (typeof item !== 'object' || item === null) continue
    if (depth > limit) return true
    for (const inner of Array.isArray(item) ? item : Object.values(item))
      if (typeof inner === 'object' && inner !== null) {
        values.push(inner)
        depths.push(depth)
      }
  }
  return false
}
