import type pg from 'pg'
import { UserError } from '../../errors'
import type { DeskConnectionSettings } from './connectionSettings'
import { PASSWORD_PLACES } from './deskUrl'

/** Why the desk could not be reached or was lost: what the app shows ("offline") and the CLI says. */
export type DeskFailureReason =
  | 'refused'
  | 'timeout'
  | 'host-not-found'
  | 'unreachable'
  | 'tls'
  | 'authentication'
  | 'no-database'
  | 'closed'
  | 'server'

/**
 * One line, "cannot reach the desk at HOST:PORT: <reason>" (or "lost the desk at …" once connected),
 * never a stack and never the password. Every one is 'desk-unreachable' (the library works on offline); `reason`
 * tells a retry's cure (refused, timed out, closed) from what the person must change (TLS, password).
 */
export class DeskUnreachableError extends UserError {
  override name = 'DeskUnreachableError'
  constructor(
    readonly reason: DeskFailureReason,
    message: string,
  ) {
    super('desk-unreachable', message)
  }
}

const TRUST_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
])

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`

/** The reason and its words for one error pg, Node's sockets or TLS gave. */
function classify(error: unknown, settings: DeskConnectionSettings): [DeskFailureReason, string] {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; host?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const message = typeof e.message === 'string' ? e.message : String(error)
  const where = `${settings.user}@${settings.database}`
  switch (code) {
    case 'ECONNREFUSED':
      return ['refused', 'connection refused (is PostgreSQL running and listening there?)']
    case 'ENOENT':
      return ['refused', `no server socket in ${settings.host} (is PostgreSQL running?)`]
    case 'ETIMEDOUT':
      return ['timeout', `timed out after ${seconds(settings.connectTimeoutMs)}`]
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return ['host-not-found', `host not found (${settings.host})`]
    case 'EAI_AGAIN':
      return ['host-not-found', `host not found (${settings.host}; the name server did not answer)`]
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return ['unreachable', 'no route to the host (network unreachable)']
    case 'ECONNRESET':
    case 'EPIPE':
      return ['closed', 'the connection was cut']
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return ['tls', `TLS: host name mismatch (the server's certificate does not name ${settings.host})`]
    case 'CERT_HAS_EXPIRED':
      return ['tls', "TLS: the server's certificate has expired"]
    case 'CERT_NOT_YET_VALID':
      return ['tls', "TLS: the server's certificate is not valid yet"]
    // PostgreSQL's SQLSTATEs
    case '28P01':
      return [
        'authentication',
        `password authentication failed for user ${settings.user} (${passwordFrom(settings)})`,
      ]
    case '28000':
      return ['authentication', `the server does not let ${where} in (pg_hba.conf): ${firstLine(message)}`]
    case '3D000':
      return ['no-database', `database ${settings.database} does not exist`]
    case '57P01':
    case '57P02':
    case '57P03':
      return ['closed', `the server is shutting down or starting up (${firstLine(message)})`]
    case '57014':
      return ['timeout', `a statement timed out after ${seconds(settings.statementTimeoutMs)}`]
    case '53300':
      return ['server', 'the server has too many connections']
  }
  if (TRUST_CODES.has(code))
    return [
      'tls',
      `TLS: certificate not trusted (the server's certificate is not signed by the CA given; ${code})`,
    ]
  if (message === 'timeout expired' || /timeout exceeded when trying to connect/i.test(message))
    return ['timeout', `timed out after ${seconds(settings.connectTimeoutMs)}`]
  if (/Query read timeout/i.test(message))
    return ['timeout', `the server stopped answering (no reply in ${seconds(settings.statementTimeoutMs)})`]
  if (/client password must be a string/i.test(message))
    return ['authentication', `no password for user ${settings.user}: give it in ${PASSWORD_PLACES}`]
  if (/does not support SSL/i.test(message))
    return ['tls', 'TLS: the server does not offer TLS (sslmode asks for it)']
  if (/Connection terminated/i.test(message)) return ['closed', 'the server closed the connection']
  if (code !== '' && /^[0-9A-Z]{5}$/.test(code)) return ['server', firstLine(message)]
  return ['server', firstLine(message) || 'unknown error']
}

/** Where the refused password came from, so the person knows which to correct. */
const passwordFrom = (settings: DeskConnectionSettings): string =>
  settings.passwordSource === 'none'
    ? `none was found: give it in ${PASSWORD_PLACES}`
    : settings.passwordSource === 'given'
      ? 'the password given'
      : `the password came from ${settings.passwordSource}`

const firstLine = (text: string): string => text.split('\n')[0]!.trim()

/**
 * The one line for a failure while connecting ('connect') or on a connection that was open ('use'):
 * the sync engine turns the errors of its queries into the same shape with this.
 */
export function deskFailure(
  error: unknown,
  settings: DeskConnectionSettings,
  stage: 'connect' | 'use' = 'connect',
): DeskUnreachableError {
  if (error instanceof DeskUnreachableError) return error
  const [reason, words] = classify(error, settings)
  const place = settings.host.includes(':')
    ? `[${settings.host}]:${settings.port}`
    : `${settings.host}:${settings.port}`
  const lead = stage === 'connect' ? `cannot reach the desk at ${place}` : `lost the desk at ${place}`
  let line = `${lead}: ${words}`.replace(/[\r\n]+/g, ' ')
  // Belt and braces: no message from anywhere may carry the password out.
  const password = passwordOf(settings)
  if (password !== undefined && password.length > 0) line = line.split(password).join('***')
  return new DeskUnreachableError(reason, line)
}

function passwordOf(settings: DeskConnectionSettings): string | undefined {
  const given = settings.clientConfig.password
  if (typeof given === 'string') return given
  if (typeof given === 'function') {
    const value = given()
    return typeof value === 'string' ? value : undefined
  }
  return undefined
}

/**
 * A connected client, or a DeskUnreachableError with one line. The client carries an 'error' listener:
 * pg emits 'error' when an idle connection drops, and an event nobody listens to would end the process
 * (the app's main process included). The queries in flight reject on their own, and 'end' tells the
 * engine the client is gone.
 */
export async function openDeskClient(settings: DeskConnectionSettings): Promise<pg.Client> {
  // Loaded when a desk is first reached, not as the core loads: node-postgres is ~20 ms of every
  // command's start (episcore list included) that never speaks to a desk.
  const { Client } = (await import('pg')).default
  const client = new Client(settings.clientConfig)
  client.on('error', () => undefined)
  try {
    await client.connect()
    return client
  } catch (error) {
    // Not awaited: after a failed start there may be no goodbye to wait for, only a socket to drop.
    client.end().catch(() => undefined)
    throw deskFailure(error, settings, 'connect')
  }
}
