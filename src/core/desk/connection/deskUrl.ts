import { UserError } from '../../errors'

/**
 * What a desk URL says, before the service file, the environment and the defaults fill the rest.
 * Parsed by hand rather than with WHATWG `URL`: `new URL` refuses libpq's `postgres://user@/db?host=/run`,
 * does not decode a percent-encoded socket path, and its error message repeats the whole input, which
 * may hold a password.
 */
export interface DeskUrl {
  host?: string
  port?: string
  database?: string
  user?: string
  service?: string
  sslmode?: string
  sslrootcert?: string
  sslnegotiation?: string
  applicationName?: string
}

export const PASSWORD_PLACES = 'PGPASSWORD, ~/.pgpass or a PGSERVICE entry'
const PLACE = 'the desk URL'

/** Query parameters of a desk URL, libpq's names, mapped to where they land. */
const QUERY_PARAMETERS: Record<string, keyof DeskUrl> = {
  host: 'host',
  port: 'port',
  dbname: 'database',
  user: 'user',
  service: 'service',
  sslmode: 'sslmode',
  sslrootcert: 'sslrootcert',
  sslnegotiation: 'sslnegotiation',
  application_name: 'applicationName',
}

const invalid = (message: string): UserError => new UserError('invalid-input', `${PLACE}: ${message}`)

function decode(text: string, part: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    throw invalid(`the ${part} has a broken %-escape (write % itself as %25)`)
  }
}

/** Parses `postgres://` / `postgresql://` URLs; refuses a password anywhere in them. */
export function parseDeskUrl(url: string): DeskUrl {
  if (typeof url !== 'string' || url.trim() === '')
    throw invalid('empty; it looks like postgres://USER@HOST:PORT/DATABASE')
  const scheme = /^(postgres|postgresql):\/\//i.exec(url.trim())
  if (!scheme) throw invalid('must start with postgres:// or postgresql://')
  let rest = url.trim().slice(scheme[0].length)

  const hashAt = rest.indexOf('#')
  if (hashAt >= 0) rest = rest.slice(0, hashAt)
  const queryAt = rest.indexOf('?')
  const query = queryAt >= 0 ? rest.slice(queryAt + 1) : ''
  if (queryAt >= 0) rest = rest.slice(0, queryAt)
  const slashAt = rest.indexOf('/')
  const authority = slashAt >= 0 ? rest.slice(0, slashAt) : rest
  const path = slashAt >= 0 ? rest.slice(slashAt + 1) : ''

  const result: DeskUrl = {}
  const atAt = authority.lastIndexOf('@')
  const userInfo = atAt >= 0 ? authority.slice(0, atAt) : ''
  const hostPort = atAt >= 0 ? authority.slice(atAt + 1) : authority

  const colonAt = userInfo.indexOf(':')
  // `user:@host` carries no password; anything after the colon does.
  if (colonAt >= 0 && userInfo.slice(colonAt + 1) !== '')
    throw invalid(`a password does not belong in the URL: give it in ${PASSWORD_PLACES}`)
  const user = colonAt >= 0 ? userInfo.slice(0, colonAt) : userInfo
  if (user !== '') result.user = decode(user, 'user name')

  if (hostPort.includes(',')) throw invalid('names several hosts; a desk is one server: give one HOST:PORT')
  let host = hostPort
  let port: string | undefined
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']')
    if (close < 0) throw invalid('an IPv6 host opened with [ is never closed with ]')
    host = hostPort.slice(1, close)
    const after = hostPort.slice(close + 1)
    if (after !== '' && !after.startsWith(':')) throw invalid('after an [IPv6] host only :PORT may follow')
    if (after !== '') port = after.slice(1)
  } else {
    const portAt = hostPort.lastIndexOf(':')
    if (portAt >= 0) {
      host = hostPort.slice(0, portAt)
      port = hostPort.slice(portAt + 1)
    }
  }
  if (host !== '') result.host = decode(host, 'host')
  if (port !== undefined && port !== '') result.port = port
  if (path !== '') result.database = decode(path, 'database name')

  for (const pair of query.split('&')) {
    if (pair === '') continue
    const equalsAt = pair.indexOf('=')
    const key = decode(equalsAt >= 0 ? pair.slice(0, equalsAt) : pair, 'query')
    const value = decode((equalsAt >= 0 ? pair.slice(equalsAt + 1) : '').replace(/\+/g, ' '), `${key} value`)
    if (key === 'password')
      throw invalid(`a password does not belong in the URL: give it in ${PASSWORD_PLACES}`)
    const field = QUERY_PARAMETERS[key]
    if (field === undefined)
      throw invalid(`unknown parameter "${key}" (the desk reads ${Object.keys(QUERY_PARAMETERS).join(', ')})`)
    result[field] = value
  }
  return result
}

/** A port as the user wrote it (URL, service file, PGPORT), checked where it came from. */
export function checkPort(port: string, place: string): number {
  const value = /^\d{1,5}$/.test(port) ? Number(port) : NaN
  if (!(value >= 1 && value <= 65535))
    throw new UserError('invalid-input', `${place}: port "${port}" is not a port number (1-65535)`)
  return value
}
