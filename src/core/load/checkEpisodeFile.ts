import { listedProblems } from '../../shared/episodeLimits'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import { UserError } from '../errors'
import { parseEpisodeJson, readEpisodeJsonText } from './episodeJsonText'

/**
 * Past this size an episode file is loaded on the loading thread (loadOffThread.ts): a 30 MB file takes seconds
 * to parse and check, and the host must go on answering the other windows meanwhile. Smaller files are
 * checked in place, where a worker's start would cost more than the check.
 */
export const WORKER_BYTES = 512 * 1024

/**
 * Episode JSON v1 (its text, or the value parsed from it) as a checked document. A document with any
 * problem is refused as a whole, listing its problems as `<json path>: <problem>` (the first 100, then
 * how many more).
 */
export function checkEpisodeDocument(input: unknown, name: string): EpisodeDocument {
  const json = typeof input === 'string' ? parseEpisodeJson(input, name) : input
  const check = validateEpisodeDocument(json)
  if (check.ok) return check.document
  const n = check.problems.length
  const count = `${n.toLocaleString('en')} problem${n === 1 ? '' : 's'}`
  throw new UserError(
    'invalid-input',
    `${name} is not a valid episode JSON v1 file (${count}):\n${listedProblems(check.problems).join('\n')}`,
  )
}

export const checkEpisodeFileSync = (file: string, name: string): EpisodeDocument =>
  checkEpisodeDocument(readEpisodeJsonText(file, name), name)
