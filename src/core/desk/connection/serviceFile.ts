import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../../errors'

/** The settings of one `[name]` section of a pg_service.conf that the desk uses. */
export interface ServiceEntry {
  host?: string
  port?: string
  dbname?: string
  user?: string
  password?: string
  sslmode?: string
  sslrootcert?: string
  /** The file the entry came from, for messages. */
  file: string
}

const USED = ['host', 'port', 'dbname', 'user', 'password', 'sslmode', 'sslrootcert'] as const
/**
 * libpq keywords a shared service file may carry for other tools (psql, pg_dump): skipped, not refused,
 * so that one file serves both. A word in neither list is a typo, refused as libpq refuses it.
 */
const SKIPPED = new Set([
  'hostaddr',
  'connect_timeout',
  'client_encoding',
  'options',
  'application_name',
  'fallback_application_name',
  'keepalives',
  'keepalives_idle',
  'keepalives_interval',
  'keepalives_count',
  'tcp_user_timeout',
  'sslcompression',
  'sslsni',
  'sslnegotiation',
  'ssl_min_protocol_version',
  'ssl_max_protocol_version',
  'gssencmode',
  'krbsrvname',
  'gsslib',
  'gssdelegation',
  'requirepeer',
  'require_auth',
  'channel_binding',
  'target_session_attrs',
  'load_balance_hosts',
  'passfile',
  'sslpassword',
  'sslcert',
  'sslkey',
  'sslcrl',
  'sslcrldir',
  'sslcertmode',
  'replication',
])

/** Where libpq looks, in its order: the user's file, then the system's. */
export function serviceFiles(env: NodeJS.ProcessEnv): string[] {
  const files: string[] = []
  if (env.PGSERVICEFILE) files.push(env.PGSERVICEFILE)
  else if (env.HOME) files.push(path.join(env.HOME, '.pg_service.conf'))
  if (env.PGSYSCONFDIR) files.push(path.join(env.PGSYSCONFDIR, 'pg_service.conf'))
  return files
}

/** The section `[name]` of one file's text, or null when the file has no such section. */
export function parseServiceSection(text: string, name: string, file: string): ServiceEntry | null {
  let inSection = false
  let found: ServiceEntry | null = null
  const lines = text.split(/\r?\n/)
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim()
    if (line === '' || line.startsWith('#')) continue
    const where = `${file} line ${index + 1}`
    if (line.startsWith('[')) {
      if (!line.endsWith(']'))
        throw new UserError('invalid-input', `${where}: a section name must end with ]`)
      if (found) break
      inSection = line.slice(1, -1).trim() === name
      if (inSection) found = { file }
      continue
    }
    if (!inSection || !found) continue
    const equalsAt = line.indexOf('=')
    if (equalsAt <= 0) throw new UserError('invalid-input', `${where}: expected KEY=VALUE`)
    const key = line.slice(0, equalsAt).trim()
    // The value is never repeated in a message: it may be the password.
    const value = line.slice(equalsAt + 1).trim()
    if ((USED as readonly string[]).includes(key)) found[key as (typeof USED)[number]] = value
    else if (!SKIPPED.has(key))
      throw new UserError('invalid-input', `${where}: "${key}" is not a libpq connection setting`)
  }
  return found
}

/** The service's entry from the first file that has it, or a UserError naming the files looked in. */
export function readService(name: string, env: NodeJS.ProcessEnv): ServiceEntry {
  const files = serviceFiles(env)
  for (const file of files) {
    let text: string
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') continue
      throw new UserError('invalid-input', `service file ${file} cannot be read (${code ?? 'error'})`)
    }
    const entry = parseServiceSection(text, name, file)
    if (entry) return entry
  }
  const where = files.length > 0 ? files.join(' or ') : 'no service file (set PGSERVICEFILE or HOME)'
  throw new UserError('invalid-input', `service "${name}" is not in ${where}`)
}
