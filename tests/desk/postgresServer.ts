import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * A throwaway PostgreSQL for tests (desk-design.md, "Tests with PostgreSQL"): a fresh cluster in a temp
 * folder, loopback only, on a free port, password logins only (scram-sha-256), with a database `desk`
 * owned by the superuser `desk_admin`. As root every server command runs as `postgres`, which PostgreSQL
 * requires (it refuses to run as root).
 */
export interface TestPostgres {
  adminUrl: string
  host: '127.0.0.1'
  port: number
  dataDir: string
  adminPassword: string
  urlFor(user: string, password: string, database?: string): string
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
  psql(args: string[], env?: Record<string, string>): CommandResult
}

export interface StartOptions {
  /** Extra postgresql.conf lines, e.g. `ssl = on`. */
  config?: string[]
  /** Runs once the cluster exists, before the first start: e.g. puts TLS files into the data folder. */
  beforeStart?: (dataDir: string) => void | Promise<void>
}

export interface CommandResult {
  status: number
  stdout: string
  stderr: string
}

const SERVER_USER = 'postgres'
const ADMIN = 'desk_admin'
const DATABASE = 'desk'

const runningAsRoot = (): boolean => process.getuid?.() === 0

/** Where the server binaries are: initdb on PATH, then pg_config's, then the newest Debian cluster's. */
function findBinDir(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
  if (onPath.status === 0 && onPath.stdout.trim() !== '') {
    const dir = path.dirname(fs.realpathSync(onPath.stdout.trim()))
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  if (pgConfig.status === 0) {
    const dir = pgConfig.stdout.trim()
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir
  }
  const debian = '/usr/lib/postgresql'
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions.length > 0) return path.join(debian, versions[0]!, 'bin')
  }
  return null
}

/** Why these tests cannot run here (no server binaries), or null when they can. */
export function postgresMissing(): string | null {
  if (findBinDir() === null)
    return 'no PostgreSQL server binaries (initdb) on PATH, from pg_config or in /usr/lib/postgresql/*/bin'
  if (runningAsRoot() && spawnSync('id', ['-u', SERVER_USER]).status !== 0)
    return `running as root and there is no '${SERVER_USER}' user to run the server as`
  return null
}

/**
 * Whether PostgreSQL tests may be skipped: only when the server is missing AND EPISCORE_SKIP_POSTGRES=1
 * says so. Otherwise a missing server fails the tests (CI installs it), never passing them vacuously.
 */
export function skipPostgresTests(): boolean {
  return postgresMissing() !== null && process.env.EPISCORE_SKIP_POSTGRES === '1'
}

/** The command as the server's user: through `runuser -u postgres --` when root, else as is. */
function serverCommand(cmd: string, args: string[]): [string, string[]] {
  return runningAsRoot() ? ['runuser', ['-u', SERVER_USER, '--', cmd, ...args]] : [cmd, args]
}

/** Runs a command as the server's user (`runuser -u postgres --` when root), waiting for it. */
export function runAsServerUser(cmd: string, args: string[]): CommandResult {
  const [command, commandArgs] = serverCommand(cmd, args)
  const run = spawnSync(command, commandArgs, { encoding: 'utf8' })
  if (run.error) throw run.error
  return { status: run.status ?? -1, stdout: run.stdout, stderr: run.stderr }
}

/** The same without blocking this process: a test can go on talking to the server while it stops. */
function runAsServerUserAsync(cmd: string, args: string[]): Promise<CommandResult> {
  const [command, commandArgs] = serverCommand(cmd, args)
  return new Promise((resolve, reject) => {
    // stdio of the server's children must not be ours: pg_ctl start leaves the postmaster running
    // with whatever it was given, and an inherited pipe would keep this promise from ever settling.
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr }))
  })
}

/** Gives the folder to the server's user when root (initdb and the server write inside it). */
function giveToServerUser(folder: string): void {
  if (!runningAsRoot()) return
  const chown = spawnSync('chown', ['-R', `${SERVER_USER}:${SERVER_USER}`, folder], { encoding: 'utf8' })
  if (chown.status !== 0) throw new Error(`chown ${folder} to ${SERVER_USER} failed: ${chown.stderr.trim()}`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Servers this process started, stopped at exit should a test end without destroy(). */
const running = new Set<{ binDir: string; dataDir: string }>()
let exitHookInstalled = false
function stopAllAtExit(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const server of running)
      runAsServerUser(path.join(server.binDir, 'pg_ctl'), ['-D', server.dataDir, '-m', 'immediate', 'stop'])
  })
}

/** PostgreSQL's environment variables of whoever runs the tests must not steer the test's clients. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('PG')) env[key] = value
  return { ...env, PGCONNECT_TIMEOUT: '10', ...extra }
}

export async function startPostgres(options: StartOptions = {}): Promise<TestPostgres> {
  const missing = postgresMissing()
  if (missing !== null) throw new Error(`cannot start PostgreSQL for the tests: ${missing}`)
  const binDir = findBinDir()!
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-pg-'))
  // The temp folder is root's and 0700: the server's user must be able to reach into it.
  fs.chmodSync(root, 0o755)
  const dataDir = path.join(root, 'data')
  const socketDir = path.join(root, 'socket')
  const logFile = path.join(root, 'server.log')
  const pwFile = path.join(root, 'admin-password')
  const adminPassword = randomBytes(12).toString('hex')
  fs.mkdirSync(socketDir)
  fs.writeFileSync(pwFile, `${adminPassword}\n`, { mode: 0o600 })
  giveToServerUser(root)

  const init = runAsServerUser(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'scram-sha-256',
    `--pwfile=${pwFile}`,
    '-U',
    ADMIN,
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ])
  fs.rmSync(pwFile, { force: true })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr.trim() || init.stdout.trim()}`)
  if (options.config && options.config.length > 0)
    fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${options.config.join('\n')}\n`)
  if (options.beforeStart) {
    await options.beforeStart(dataDir)
    // Files the hook put there (TLS keys) must be the server's own: it refuses a key it does not own.
    giveToServerUser(dataDir)
  }

  let port = 0
  const handle = { binDir, dataDir }
  const urlFor = (user: string, password: string, database = DATABASE): string =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`

  const pgCtlStart = (): Promise<CommandResult> =>
    runAsServerUserAsync(path.join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      logFile,
      '-w',
      '-t',
      '120',
      'start',
    ])
  const logTail = (): string =>
    fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n') : ''

  const start = async (): Promise<void> => {
    const run = await pgCtlStart()
    if (run.status !== 0) throw new Error(`PostgreSQL did not start on port ${port}:\n${logTail()}`)
    running.add(handle)
    stopAllAtExit()
  }
  const stop = async (mode: 'fast' | 'immediate' = 'fast'): Promise<void> => {
    const run = await runAsServerUserAsync(path.join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-m',
      mode,
      '-w',
      'stop',
    ])
    running.delete(handle)
    if (run.status !== 0) throw new Error(`PostgreSQL did not stop: ${run.stderr.trim()}`)
  }

  // A free port can be taken by someone else before the server binds it: try another a few times.
  for (let attempt = 1; ; attempt++) {
    port = await freePort()
    const run = await pgCtlStart()
    if (run.status === 0) break
    const log = logTail()
    if (attempt >= 5 || !/could not (bind|create listen)/i.test(log)) {
      fs.rmSync(root, { recursive: true, force: true })
      throw new Error(`PostgreSQL did not start on port ${port}:\n${log}`)
    }
  }
  running.add(handle)
  stopAllAtExit()

  const adminUrl = urlFor(ADMIN, adminPassword)
  const admin = new pg.Client({ connectionString: urlFor(ADMIN, adminPassword, 'postgres') })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${DATABASE} OWNER ${ADMIN}`)
  } finally {
    await admin.end()
  }

  return {
    adminUrl,
    host: '127.0.0.1',
    port,
    dataDir,
    adminPassword,
    urlFor,
    start,
    stop,
    async destroy() {
      if (running.has(handle)) await stop('immediate').catch(() => undefined)
      fs.rmSync(root, { recursive: true, force: true })
    },
    psql(args, env = {}) {
      // -X: no ~/.psqlrc; ON_ERROR_STOP: a refused statement is a non-zero status, not a line on stderr.
      const run = spawnSync(path.join(binDir, 'psql'), ['-X', '-v', 'ON_ERROR_STOP=1', ...args], {
        encoding: 'utf8',
        env: cleanEnv(env),
      })
      if (run.error) throw run.error
      return { status: run.status ?? -1, stdout: run.stdout, stderr: run.stderr }
    },
  }
}
