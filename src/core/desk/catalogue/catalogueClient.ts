import pg from 'pg'
import { parseIntoClientConfig } from 'pg-connection-string'
import pgpass from 'pgpass'
import { UserError } from '../../errors'

/** Where a password for the catalogue may come from; never the URL or the command line. */
export const PASSWORD_PLACES = 'PGPASSWORD, ~/.pgpass or a PGSERVICE entry'

/** A desk server that answers nothing gives up after this, in one line, rather than hang. */
const CONNECT_TIMEOUT_MS = 15_000

export interface CatalogueTarget {
  host: string
  port: number
  user: string
  database: string
}

/** What an error names the server by: never its password. */
export const describeTarget = (t: CatalogueTarget): string => `${t.user}@${t.host}:${t.port}/${t.database}`

/**
 * A password as libpq and pg find one: PGPASSWORD, else the matching line of ~/.pgpass (PGPASSFILE).
 * Read here rather than left to pg, whose own ~/.pgpass reading prints a deprecation warning.
 */
function lookUpPassword(target: CatalogueTarget): Promise<string | undefined> {
  if (process.env.PGPASSWORD) return Promise.resolve(process.env.PGPASSWORD)
  return new Promise((resolve) => pgpass(target, resolve))
}

/** A client config from a postgres:// URL (a password in it is taken, else looked up). */
export function catalogueConfig(url: string): { config: pg.ClientConfig; target: CatalogueTarget } {
  let parsed: pg.ClientConfig
  try {
    parsed = parseIntoClientConfig(url) as pg.ClientConfig
  } catch {
    // The parser's message would quote the URL, which may hold a password.
    throw new UserError(
      'invalid-input',
      'the desk URL cannot be read: it looks like postgres://USER@HOST:PORT/DATABASE',
    )
  }
  const user = parsed.user || process.env.PGUSER || process.env.USER || ''
  const target: CatalogueTarget = {
    host: parsed.host || process.env.PGHOST || 'localhost',
    port: Number(parsed.port || process.env.PGPORT || 5432),
    user,
    database: parsed.database || process.env.PGDATABASE || user,
  }
  const given = typeof parsed.password === 'string' && parsed.password !== '' ? parsed.password : undefined
  const config: pg.ClientConfig = {
    ...parsed,
    ...target,
    password: given ?? (async () => (await lookUpPassword(target)) ?? ''),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  }
  return { config, target }
}

/** A PostgreSQL failure as one line naming the server: what the user can act on, never a stack. */
export function catalogueFailure(error: unknown, target: CatalogueTarget): Error {
  if (error instanceof UserError) return error
  const where = describeTarget(target)
  const e = error as { code?: string; message?: string }
  const message = (e.message ?? String(error)).split('\n')[0]!
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return new UserError('busy', `cannot reach PostgreSQL at ${target.host}:${target.port}: ${message}`)
    case '28P01':
      return new UserError(
        'invalid-input',
        `PostgreSQL at ${where} refused the password of ${target.user} (it comes from ${PASSWORD_PLACES})`,
      )
    case '3D000':
      return new UserError('not-found', `PostgreSQL at ${where}: ${message}`)
    case '42501':
      return new UserError('invalid-input', `PostgreSQL at ${where} refused: ${message}`)
  }
  if (/timeout/i.test(message))
    return new UserError('busy', `PostgreSQL at ${target.host}:${target.port} did not answer: ${message}`)
  if (/password must be a string|no password/i.test(message))
    return new UserError('invalid-input', `no password for ${where}: give it in ${PASSWORD_PLACES}`)
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
    return new UserError('invalid-input', `PostgreSQL at ${where} refused (${e.code}): ${message}`)
  return new UserError('busy', `PostgreSQL at ${where}: ${message}`)
}

/**
 * Runs `work` on a client connected to the URL's database as its user, then closes it. Every
 * failure, connecting or later, comes out as one line naming the server.
 */
export async function withCatalogueClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { config, target } = catalogueConfig(url)
  const client = new pg.Client(config)
  // A server that goes away while idle emits 'error' on the client: without a listener that crashes.
  client.on('error', () => undefined)
  try {
    await client.connect()
    return await work(client)
  } catch (error) {
    throw catalogueFailure(error, target)
  } finally {
    await client.end().catch(() => undefined)
  }
}
