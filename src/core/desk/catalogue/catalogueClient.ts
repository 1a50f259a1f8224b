import type pg from 'pg'
import { UserError } from '../../errors'
import {
  deskConnectionSettings,
  deskFailure,
  openDeskClient,
  PASSWORD_PLACES,
  type DeskConnectionSettings,
} from '../connection'

export { PASSWORD_PLACES }

/** How `desk init` and `desk add-person` reach the catalogue's database. */
export interface CatalogueReach {
  /** A host outside this machine without TLS (`--insecure`). */
  insecure?: boolean
}

/**
 * The settings for a URL as the connection module reads them (service entries, PG* variables, TLS,
 * timeouts). The command line refuses a password in a URL before it gets here; code that builds a URL
 * itself (a test's server) may carry one, which is taken out of the URL and given as the password.
 */
function settingsFor(url: string, reach: CatalogueReach): DeskConnectionSettings {
  let password: string | undefined
  let bare = url
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') {
      password = decodeURIComponent(parsed.password)
      parsed.password = ''
      bare = parsed.toString()
    }
  } catch {
    // Not a URL the WHATWG parser reads (a service name alone): the connection module says what is wrong.
  }
  return deskConnectionSettings(bare, {
    ...(reach.insecure !== undefined && { insecure: reach.insecure }),
    ...(password !== undefined && { password }),
  })
}

/** What an error names the server by: never its password. */
const describe = (s: DeskConnectionSettings): string => `${s.user}@${s.host}:${s.port}/${s.database}`

/**
 * A PostgreSQL refusal of what was asked (a privilege, a role that exists) as one line naming the
 * server; failures to reach it are the connection module's one line.
 */
function catalogueFailure(error: unknown, settings: DeskConnectionSettings): Error {
  if (error instanceof UserError) return error
  const e = error as { code?: string; message?: string }
  const message = (e.message ?? String(error)).split('\n')[0] ?? ''
  // A missing privilege says so in PostgreSQL's own words; any other refusal adds its SQLSTATE.
  if (e.code === '42501')
    return new UserError('invalid-input', `PostgreSQL at ${describe(settings)} refused: ${message}`)
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
    return new UserError(
      'invalid-input',
      `PostgreSQL at ${describe(settings)} refused (${e.code}): ${message}`,
    )
  return deskFailure(error, settings, 'use')
}

/**
 * Runs `work` on a client connected to the URL's database as its user, then closes it. Every
 * failure, connecting or later, comes out as one line naming the server.
 */
export async function withCatalogueClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
  reach: CatalogueReach = {},
): Promise<T> {
  const settings = settingsFor(url, reach)
  const client = await openDeskClient(settings)
  try {
    return await work(client)
  } catch (error) {
    throw catalogueFailure(error, settings)
  } finally {
    await client.end().catch(() => undefined)
  }
}
