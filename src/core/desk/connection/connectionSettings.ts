import os from 'node:os'
import type pg from 'pg'
import { UserError } from '../../errors'
import { checkPort, parseDeskUrl, PASSWORD_PLACES } from './deskUrl'
import { passwordFromFile } from './passwordFile'
import { readService, type ServiceEntry } from './serviceFile'
import { checkSslMode, isLoopback, tlsOptions, type TlsLevel } from './tlsOptions'

export interface DeskConnectionOptions {
  /** Allows a host outside this machine without TLS (`--insecure`). */
  insecure?: boolean
  /** The password from the desktop app's keychain: it comes before every other source. */
  password?: string
  /** Where PG* variables and HOME are read; process.env when not given. */
  env?: NodeJS.ProcessEnv
  timeouts?: { connectMs?: number; statementMs?: number }
}

export type PasswordSource = 'given' | 'PGPASSWORD' | 'password file' | 'service file' | 'none'

export interface DeskConnectionSettings {
  /** For `new pg.Client`: every field explicit, so pg takes nothing from process.env on its own. */
  clientConfig: pg.ClientConfig
  /** The URL with nothing secret in it, for status output and the library's link. */
  display: string
  user: string
  host: string
  port: number
  database: string
  service?: string
  tls: TlsLevel
  passwordSource: PasswordSource
  connectTimeoutMs: number
  statementTimeoutMs: number
}

/**
 * Connect and statement timeouts: 10 s + 20 s keeps a sync that lost the server within the issue's
 * 30 s before it says so. query_timeout is pg's own clock on the reply (a server that stopped
 * answering cannot cancel anything); statement_timeout is the server's, which ends the work there too.
 */
export const DEFAULT_CONNECT_MS = 10_000
export const DEFAULT_STATEMENT_MS = 20_000

function checkTimeout(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value <= 0)
    throw new UserError(
      'invalid-input',
      `desk ${name} timeout must be a number of milliseconds > 0 (got ${value})`,
    )
  return Math.round(value)
}

function displayUrl(s: {
  user: string
  host: string
  port: number
  database: string
  sslmode?: string
  sslrootcert?: string
}): string {
  const params: string[] = []
  let authorityHost = s.host.includes(':') ? `[${s.host}]` : encodeURIComponent(s.host)
  if (s.host.startsWith('/')) {
    authorityHost = ''
    params.push(`host=${encodeURIComponent(s.host)}`, `port=${s.port}`)
  }
  if (s.sslmode !== undefined) params.push(`sslmode=${s.sslmode}`)
  if (s.sslrootcert !== undefined) params.push(`sslrootcert=${encodeURIComponent(s.sslrootcert)}`)
  const port = s.host.startsWith('/') ? '' : `:${s.port}`
  const query = params.length > 0 ? `?${params.join('&')}` : ''
  return `postgres://${encodeURIComponent(s.user)}@${authorityHost}${port}/${encodeURIComponent(s.database)}${query}`
}

/**
 * Everything needed to reach a desk catalogue, from its URL, a service entry, the PG* environment and
 * libpq's defaults, each checked where it comes from. The password never appears in what this returns
 * except inside clientConfig.password, a function (so logging or serialising the settings shows none).
 */
export function deskConnectionSettings(
  url: string,
  options: DeskConnectionOptions = {},
): DeskConnectionSettings {
  const env = options.env ?? process.env
  const parsed = parseDeskUrl(url)

  // A service comes from the URL, or from PGSERVICE when the URL names no host (libpq reads PGSERVICE
  // always; a URL that names its own host is taken to mean just that host).
  const serviceName = parsed.service ?? (parsed.host === undefined ? env.PGSERVICE || undefined : undefined)
  const service: ServiceEntry | undefined =
    serviceName !== undefined ? readService(serviceName, env) : undefined
  const fromService = service ? `service "${serviceName}" in ${service.file}` : ''

  const host = parsed.host ?? service?.host ?? (env.PGHOST || 'localhost')
  const port =
    parsed.port !== undefined
      ? checkPort(parsed.port, 'the desk URL')
      : service?.port !== undefined
        ? checkPort(service.port, fromService)
        : env.PGPORT
          ? checkPort(env.PGPORT, 'PGPORT')
          : 5432
  const user = parsed.user ?? service?.user ?? (env.PGUSER || os.userInfo().username)
  const database = parsed.database ?? service?.dbname ?? (env.PGDATABASE || user)

  const modeText = parsed.sslmode ?? service?.sslmode ?? (env.PGSSLMODE || undefined)
  const modePlace =
    parsed.sslmode !== undefined ? 'the desk URL' : service?.sslmode !== undefined ? fromService : 'PGSSLMODE'
  const mode = modeText !== undefined ? checkSslMode(modeText, modePlace) : 'disable'
  const rootCert = parsed.sslrootcert ?? service?.sslrootcert ?? (env.PGSSLROOTCERT || undefined)
  if (parsed.sslnegotiation !== undefined && !['postgres', 'direct'].includes(parsed.sslnegotiation))
    throw new UserError('invalid-input', `the desk URL: sslnegotiation must be postgres or direct`)

  const local = isLoopback(host)
  const tls = tlsOptions(mode, rootCert, host, env)
  if (!local && tls.level === 'off' && !options.insecure)
    throw new UserError(
      'invalid-input',
      `the desk URL: ${host} is not this machine, so the connection needs TLS: add sslmode=verify-full&sslrootcert=CA_FILE (or require), or connect with --insecure`,
    )
  if (tls.level === 'off' && parsed.sslnegotiation === 'direct')
    throw new UserError(
      'invalid-input',
      'the desk URL: sslnegotiation=direct needs TLS (sslmode=require or verify-*)',
    )

  let password: string | undefined
  let passwordSource: PasswordSource = 'none'
  if (options.password !== undefined && options.password !== '') {
    password = options.password
    passwordSource = 'given'
  } else if (env.PGPASSWORD !== undefined && env.PGPASSWORD !== '') {
    password = env.PGPASSWORD
    passwordSource = 'PGPASSWORD'
  } else {
    password = passwordFromFile(env, { host, port, database, user })
    if (password !== undefined) passwordSource = 'password file'
    else if (service?.password !== undefined && service.password !== '') {
      password = service.password
      passwordSource = 'service file'
    }
  }

  const connectTimeoutMs = checkTimeout(options.timeouts?.connectMs, DEFAULT_CONNECT_MS, 'connect')
  const statementTimeoutMs = checkTimeout(options.timeouts?.statementMs, DEFAULT_STATEMENT_MS, 'statement')
  const secret = password
  const clientConfig: pg.ClientConfig = {
    host,
    port,
    database,
    user,
    // A function, not the string: pg calls it when the server asks, and nothing that prints or copies
    // the config shows it. Returning undefined (no password anywhere) also keeps pg from reading
    // PGPASSWORD or ~/.pgpass out of process.env behind these settings' back.
    password: () => secret as string,
    ssl: tls.ssl,
    sslnegotiation: parsed.sslnegotiation === 'direct' ? 'direct' : 'postgres',
    application_name: parsed.applicationName ?? 'episcore',
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: statementTimeoutMs,
    statement_timeout: statementTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  }
  return {
    clientConfig,
    display: displayUrl({
      user,
      host,
      port,
      database,
      ...(modeText !== undefined && { sslmode: modeText }),
      ...(rootCert !== undefined && { sslrootcert: rootCert }),
    }),
    user,
    host,
    port,
    database,
    ...(serviceName !== undefined && { service: serviceName }),
    tls: tls.level,
    passwordSource,
    connectTimeoutMs,
    statementTimeoutMs,
  }
}

export { PASSWORD_PLACES }
