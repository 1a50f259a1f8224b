import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import tls from 'node:tls'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  deskConnectionSettings,
  deskFailure,
  DeskUnreachableError,
  openDeskClient,
  type DeskConnectionOptions,
} from '../../src/core/desk/connection'
import { skipPostgresTests, startPostgres, type TestPostgres } from './postgresServer'
import { startProxy } from './tcpProxy'

/** Runs openssl, failing the test with its words when it fails. */
function openssl(args: string[], cwd: string): void {
  const run = spawnSync('openssl', args, { cwd, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr}`)
}

/** A CA, and a certificate it signs for the names given (subject alternative names). */
function makeCa(dir: string, name: string): void {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
    ].concat(['-keyout', `${name}.key`, '-out', `${name}.pem`, '-subj', `/CN=${name}`]),
    dir,
  )
}
function makeCertificate(dir: string, ca: string, name: string, cn: string, altNames: string): void {
  fs.writeFileSync(path.join(dir, `${name}.ext`), `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\n`)
  openssl(
    ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/CN=${cn}`,
    ]),
    dir,
  )
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
    ].concat(['-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`]),
    dir,
  )
}

/** The one-line failure of openDeskClient, checked to be a DeskUnreachableError without a stack. */
async function failure(url: string, options: DeskConnectionOptions): Promise<DeskUnreachableError> {
  const settings = deskConnectionSettings(url, options)
  try {
    const client = await openDeskClient(settings)
    await client.end()
  } catch (error) {
    expect(error).toBeInstanceOf(DeskUnreachableError)
    expect((error as Error).message).not.toContain('\n')
    expect((error as Error).message).not.toMatch(/ at .*\.js:\d+/)
    return error as DeskUnreachableError
  }
  throw new Error(`expected ${url} to fail`)
}

async function sslInUse(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ ssl: boolean }>(
    'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
  )
  return rows[0]!.ssl
}

describe.skipIf(skipPostgresTests())('reaching a real desk catalogue', () => {
  let server: TestPostgres
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-desk-tls-'))
  /** Nobody's PG* variables, and a HOME with nothing in it: each test says where its password is. */
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ HOME: dir, ...extra })

  beforeAll(async () => {
    makeCa(dir, 'ca')
    makeCa(dir, 'other-ca')
    makeCertificate(dir, 'ca', 'server', '127.0.0.1', 'IP:127.0.0.1,DNS:localhost')
    makeCertificate(dir, 'ca', 'elsewhere', 'desk.example.org', 'DNS:desk.example.org')
    server = await startPostgres({
      config: ['ssl = on', "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'"],
      beforeStart(dataDir) {
        // The server refuses a key others can read; the harness gives the folder to its user after this.
        for (const file of ['server.crt', 'server.key'])
          fs.copyFileSync(path.join(dir, file), path.join(dataDir, file))
        fs.chmodSync(path.join(dataDir, 'server.key'), 0o600)
        fs.chmodSync(path.join(dataDir, 'server.crt'), 0o600)
      },
    })
  })
  afterAll(async () => {
    await server?.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const adminUrl = (query = ''): string => `postgres://desk_admin@127.0.0.1:${server.port}/desk${query}`

  it('connects with the password from ~/.pgpass (mode 0600), and the display holds no secret', async () => {
    const pgpass = path.join(dir, 'pgpass')
    fs.writeFileSync(pgpass, `127.0.0.1:${server.port}:desk:desk_admin:${server.adminPassword}\n`, {
      mode: 0o600,
    })
    const settings = deskConnectionSettings(adminUrl(), { env: env({ PGPASSFILE: pgpass }) })
    expect(settings.passwordSource).toBe('password file')
    const client = await openDeskClient(settings)
    const { rows } = await client.query<{ me: string }>('SELECT current_user AS me')
    await client.end()
    expect(rows[0]!.me).toBe('desk_admin')
    expect(settings.display).toBe(`postgres://desk_admin@127.0.0.1:${server.port}/desk`)
    expect(settings.display + JSON.stringify(settings)).not.toContain(server.adminPassword)
  })

  it('connects through a PGSERVICE entry holding host, port, database, user and password', async () => {
    const services = path.join(dir, 'pg_service.conf')
    fs.writeFileSync(
      services,
      `[team-desk]\nhost=127.0.0.1\nport=${server.port}\ndbname=desk\nuser=desk_admin\npassword=${server.adminPassword}\n`,
    )
    for (const [url, extra] of [
      ['postgres:///?service=team-desk', {}],
      ['postgresql://', { PGSERVICE: 'team-desk' }],
    ] as const) {
      const client = await openDeskClient(
        deskConnectionSettings(url, { env: env({ PGSERVICEFILE: services, ...extra }) }),
      )
      const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db')
      await client.end()
      expect(rows[0]!.db).toBe('desk')
    }
  })

  it('says in one line when the password is wrong or missing or the database does not exist, never the password', async () => {
    const wrong = 'not-the-Password-42'
    const refused = await failure(adminUrl(), { env: env(), password: wrong })
    expect(refused.message).toBe(
      `cannot reach the desk at 127.0.0.1:${server.port}: password authentication failed for user desk_admin (the password given)`,
    )
    expect(refused.reason).toBe('authentication')
    expect(refused.message).not.toContain(wrong)
    const none = await failure(adminUrl(), { env: env() })
    expect(none.message).toBe(
      `cannot reach the desk at 127.0.0.1:${server.port}: no password for user desk_admin: give it in PGPASSWORD, ~/.pgpass or a PGSERVICE entry`,
    )
    const noDatabase = await failure(`postgres://desk_admin@127.0.0.1:${server.port}/nope`, {
      env: env({ PGPASSWORD: server.adminPassword }),
    })
    expect(noDatabase.message).toBe(
      `cannot reach the desk at 127.0.0.1:${server.port}: database nope does not exist`,
    )
  })

  it('speaks TLS with sslmode=verify-full and the desk CA, checked by the server itself', async () => {
    const ca = path.join(dir, 'ca.pem')
    for (const host of ['127.0.0.1', 'localhost']) {
      const settings = deskConnectionSettings(
        `postgres://desk_admin@${host}:${server.port}/desk?sslmode=verify-full&sslrootcert=${ca}`,
        { env: env(), password: server.adminPassword },
      )
      expect(settings.tls).toBe('verify-full')
      const client = await openDeskClient(settings)
      expect(await sslInUse(client)).toBe(true)
      await client.end()
    }
    // Without sslmode the loopback connection is plain, as the server sees it.
    const plain = await openDeskClient(
      deskConnectionSettings(adminUrl(), { env: env(), password: server.adminPassword }),
    )
    expect(await sslInUse(plain)).toBe(false)
    await plain.end()
  })

  it('refuses a server whose certificate another CA signed, in one TLS line', async () => {
    const other = path.join(dir, 'other-ca.pem')
    const refused = await failure(adminUrl(`?sslmode=verify-full&sslrootcert=${other}`), {
      env: env(),
      password: server.adminPassword,
    })
    expect(refused.reason).toBe('tls')
    expect(refused.message).toMatch(
      new RegExp(`^cannot reach the desk at 127\\.0\\.0\\.1:${server.port}: TLS: certificate not trusted`),
    )
    // verify-ca with the other CA is refused too; require (encryption only) gets in, as libpq's does.
    expect(
      (await failure(adminUrl(`?sslmode=verify-ca&sslrootcert=${other}`), { env: env(), password: 'x' }))
        .reason,
    ).toBe('tls')
    const encrypted = await openDeskClient(
      deskConnectionSettings(adminUrl('?sslmode=require'), { env: env(), password: server.adminPassword }),
    )
    expect(await sslInUse(encrypted)).toBe(true)
    await encrypted.end()
  })

  it('refuses, under verify-full, a certificate from the right CA for another host name', async () => {
    // A TLS endpoint that answers PostgreSQL's SSLRequest with 'S' and then shows a certificate for
    // desk.example.org: the client must stop at the name, before any password is sent.
    const key = fs.readFileSync(path.join(dir, 'elsewhere.key'))
    const cert = fs.readFileSync(path.join(dir, 'elsewhere.crt'))
    const open = new Set<net.Socket>()
    const endpoint = net.createServer((socket) => {
      open.add(socket)
      socket.once('data', () => {
        socket.write('S')
        const secure = new tls.TLSSocket(socket, { isServer: true, key, cert })
        secure.on('error', () => undefined)
        // Read and drop what the client sends, so that its close is seen and the endpoint can close.
        secure.resume()
      })
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
    const port = (endpoint.address() as net.AddressInfo).port
    try {
      const ca = path.join(dir, 'ca.pem')
      const refused = await failure(
        `postgres://desk_admin@127.0.0.1:${port}/desk?sslmode=verify-full&sslrootcert=${ca}`,
        {
          env: env(),
          password: 'never-sent',
        },
      )
      expect(refused.message).toBe(
        `cannot reach the desk at 127.0.0.1:${port}: TLS: host name mismatch (the server's certificate does not name 127.0.0.1)`,
      )
      // verify-ca checks only the chain, so the same endpoint passes TLS (and then has no PostgreSQL).
      const chainOnly = await failure(
        `postgres://desk_admin@127.0.0.1:${port}/desk?sslmode=verify-ca&sslrootcert=${ca}`,
        {
          env: env(),
          password: 'never-sent',
          timeouts: { connectMs: 1500 },
        },
      )
      expect(chainOnly.reason).not.toBe('tls')
    } finally {
      for (const socket of open) socket.destroy()
      await new Promise((resolve) => endpoint.close(resolve))
    }
  })

  it('names host:port and "connection refused" when nothing listens there', async () => {
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as net.AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const refused = await failure(`postgres://desk_admin@127.0.0.1:${port}/desk`, {
      env: env(),
      password: 'x',
    })
    expect(refused.message).toBe(
      `cannot reach the desk at 127.0.0.1:${port}: connection refused (is PostgreSQL running and listening there?)`,
    )
    expect(refused.reason).toBe('refused')
  })

  it('gives up after the connect timeout, and a query after the statement timeout, when the server stops answering', async () => {
    const proxy = await startProxy(server.port)
    try {
      proxy.pause()
      const began = Date.now()
      const silent = await failure(`postgres://desk_admin@127.0.0.1:${proxy.port}/desk`, {
        env: env(),
        password: server.adminPassword,
        timeouts: { connectMs: 1500 },
      })
      const took = Date.now() - began
      expect(silent.message).toBe(`cannot reach the desk at 127.0.0.1:${proxy.port}: timed out after 1.5 s`)
      expect(silent.reason).toBe('timeout')
      expect(took).toBeGreaterThanOrEqual(1400)
      expect(took).toBeLessThan(60_000)

      proxy.resume()
      const settings = deskConnectionSettings(`postgres://desk_admin@127.0.0.1:${proxy.port}/desk`, {
        env: env(),
        password: server.adminPassword,
        timeouts: { statementMs: 1500 },
      })
      const client = await openDeskClient(settings)
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1)
      // Connected, then the server stops answering: the query gives up after the statement timeout.
      proxy.pause()
      const stalled = await client.query('SELECT 1').then(
        () => null,
        (error: unknown) => deskFailure(error, settings, 'use'),
      )
      expect(stalled?.message).toBe(
        `lost the desk at 127.0.0.1:${proxy.port}: the server stopped answering (no reply in 1.5 s)`,
      )
      proxy.resume()
      // A cut mid-session: the next query fails and the client is gone, and nothing crashes.
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()))
      proxy.cut()
      await expect(client.query('SELECT 1')).rejects.toThrow()
      await ended
    } finally {
      await proxy.close()
    }
  })
})
