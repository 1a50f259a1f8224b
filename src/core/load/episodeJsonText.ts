import fs from 'node:fs'
import { UserError } from '../errors'
import { JsonTextError, parseJsonText } from '../json/jsonText'

export const MAX_EPISODE_JSON_BYTES = 50 * 1024 * 1024
/** An episode nests six levels and extensions a few more: hundreds of levels are never an episode. */
export const MAX_EPISODE_JSON_DEPTH = 200

/** The text of an episode JSON file; a file too big to be one is refused before it is read. */
export function readEpisodeJsonText(file: string, name: string): string {
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch {
    throw new UserError('not-found', `file not found: ${file}`)
  }
  if (!stat.isFile()) throw new UserError('invalid-input', `${name} is a folder, not a file`)
  if (stat.size > MAX_EPISODE_JSON_BYTES)
    throw new UserError(
      'invalid-input',
      `${name} is over 50 MB (${stat.size} bytes); an episode JSON file is never that big`,
    )
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(fs.readFileSync(file))
  } catch {
    throw new UserError('invalid-input', `${name} is not UTF-8 text; episode JSON is UTF-8`)
  }
}

/** The JSON value of an episode file's text; a syntax error or absurd nesting is named with its place. */
export function parseEpisodeJson(text: string, name: string): unknown {
  try {
    return parseJsonText(text, MAX_EPISODE_JSON_DEPTH)
  } catch (error) {
    if (error instanceof JsonTextError)
      throw new UserError('invalid-input', `${name} cannot be read as JSON: ${error.message}`)
    throw error
  }
}
