import type { PublishingChoices as ContractChoices } from '../../../shared/contract'
import type { Db } from '../../db/openDatabase'
import { UserError } from '../../errors'

/** How an episode is published, kept with it in the library (not in episode JSON). */
export type PublishingChoices = Omit<ContractChoices, 'mediaKind'>

const NONE: PublishingChoices = { mediaAs: null, mediaUrl: null, baseUrl: null }

/**
 * A web address a published file may name: absolute http(s), at most 2,000 characters, with no
 * credentials and nothing a reader's player could not fetch. Refused naming `what`.
 */
export function checkedWebAddress(value: string, what: string): string {
  const url = value.trim()
  const parsed = url.length <= 2000 && URL.canParse(url) ? new URL(url) : null
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '')
    throw new UserError(
      'invalid-input',
      `${what} must be an absolute http(s) address (not "${value.slice(0, 200)}")`,
    )
  if (parsed.username || parsed.password)
    throw new UserError('invalid-input', `${what} must not hold a user name or password`)
  return url
}

export function readPublishingChoices(db: Db, episodeId: string): PublishingChoices {
  const row = db
    .prepare(`SELECT media_as, media_url, base_url FROM publishing_choices WHERE episode_id = ?`)
    .get(episodeId) as
    { media_as: 'audio' | 'video' | null; media_url: string | null; base_url: string | null } | undefined
  return row ? { mediaAs: row.media_as, mediaUrl: row.media_url, baseUrl: row.base_url } : NONE
}

/** Keeps the choices a successful export used, for the next one (outside the undo history: not an edit). */
export function keepPublishingChoices(db: Db, episodeId: string, choices: Partial<PublishingChoices>): void {
  const kept = { ...readPublishingChoices(db, episodeId), ...choices }
  db.prepare(
    `INSERT INTO publishing_choices (episode_id, media_as, media_url, base_url) VALUES (?, ?, ?, ?)
     ON CONFLICT (episode_id) DO UPDATE SET media_as = excluded.media_as, media_url = excluded.media_url, base_url = excluded.base_url`,
  ).run(episodeId, kept.mediaAs, kept.mediaUrl, kept.baseUrl)
}
