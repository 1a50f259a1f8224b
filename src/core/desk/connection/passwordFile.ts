import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../../errors'

/**
 * ~/.pgpass, read here rather than left to pg: pg reads it only from `process.env` (the desktop app and
 * the tests pass their own environment), its pgpass support is deprecated for pg 9, and a file it
 * ignores (too open) would surface as a puzzling "password authentication failed" instead of a fix.
 * The format is libpq's: `host:port:database:user:password`, `*` matches anything, `\:` and `\\` escape.
 */
export interface PasswordLookup {
  host: string
  port: number
  database: string
  user: string
}

export function passwordFilePath(env: NodeJS.ProcessEnv): string | null {
  if (env.PGPASSFILE) return env.PGPASSFILE
  if (process.platform === 'win32')
    return env.APPDATA ? path.join(env.APPDATA, 'postgresql', 'pgpass.conf') : null
  return env.HOME ? path.join(env.HOME, '.pgpass') : null
}

/** Splits a line at unescaped colons, undoing `\:` and `\\`. */
function fields(line: string): string[] {
  const out: string[] = []
  let current = ''
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!
    if (char === '\\' && i + 1 < line.length) {
      current += line[++i]
    } else if (char === ':' && out.length < 4) {
      out.push(current)
      current = ''
    } else current += char
  }
  out.push(current)
  return out
}

/** The password of the first line matching, as libpq picks it; a socket host matches `localhost`. */
export function findPassword(text: string, want: PasswordLookup): string | undefined {
  const hosts = want.host.startsWith('/') ? [want.host, 'localhost'] : [want.host]
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue
    const [host, port, database, user, password] = fields(raw)
    if (password === undefined || password === '') continue
    if (host !== '*' && !hosts.includes(host!)) continue
    if (port !== '*' && Number(port) !== want.port) continue
    if (database !== '*' && database !== want.database) continue
    if (user !== '*' && user !== want.user) continue
    return password
  }
  return undefined
}

/** The password for this connection from the password file, undefined when there is none for it. */
export function passwordFromFile(env: NodeJS.ProcessEnv, want: PasswordLookup): string | undefined {
  const file = passwordFilePath(env)
  if (file === null) return undefined
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch {
    return undefined
  }
  if (!stat.isFile()) throw new UserError('invalid-input', `password file ${file} is not a plain file`)
  // libpq silently skips such a file; saying so is kinder than a failed login later.
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0)
    throw new UserError(
      'invalid-input',
      `password file ${file} can be read by others (mode ${(stat.mode & 0o777).toString(8)}): run chmod 600 ${file}`,
    )
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new UserError('invalid-input', `password file ${file} cannot be read (${code})`)
  }
  return findPassword(text, want)
}
