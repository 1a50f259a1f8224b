import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { deskConnectionSettings, type DeskConnectionSettings } from '../../src/core/desk/connection'
import { UserError } from '../../src/core/errors'

const SECRET = 'Sup3r-s3cret-pw'
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-desk-conn-'))
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

/** An environment with no PG* variables of whoever runs the tests, and a HOME of our own. */
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  HOME: path.join(folder, 'home-empty'),
  ...extra,
})

/** The message of what `run` throws, checked to be a one-line UserError. */
function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(UserError)
    const message = (error as Error).message
    expect(message).not.toContain('\n')
    return message
  }
  throw new Error('expected a refusal')
}

const passwordOf = async (s: DeskConnectionSettings): Promise<string | undefined> => {
  const given = s.clientConfig.password
  return typeof given === 'function' ? await given() : given
}

describe('desk URL rules', () => {
  it('reads host, port, database and user from postgres:// and postgresql:// URLs', () => {
    for (const scheme of ['postgres', 'postgresql']) {
      const s = deskConnectionSettings(`${scheme}://anna@127.0.0.1:5544/desk`, { env: env() })
      expect(s).toMatchObject({ host: '127.0.0.1', port: 5544, user: 'anna', database: 'desk', tls: 'off' })
      expect(s.clientConfig).toMatchObject({
        host: '127.0.0.1',
        port: 5544,
        user: 'anna',
        database: 'desk',
        ssl: false,
        connectionTimeoutMillis: 10_000,
        query_timeout: 20_000,
        statement_timeout: 20_000,
        keepAlive: true,
      })
      expect(s.display).toBe('postgres://anna@127.0.0.1:5544/desk')
    }
  })

  it('takes timeouts given, and refuses ones that are not a positive number', () => {
    const s = deskConnectionSettings('postgres://a@localhost/d', {
      env: env(),
      timeouts: { connectMs: 1500, statementMs: 3000 },
    })
    expect(s.clientConfig).toMatchObject({
      connectionTimeoutMillis: 1500,
      query_timeout: 3000,
      statement_timeout: 3000,
    })
    expect(
      refusal(() =>
        deskConnectionSettings('postgres://a@localhost/d', { env: env(), timeouts: { connectMs: 0 } }),
      ),
    ).toMatch(/connect timeout/)
  })

  it('refuses a password in the URL, saying where it goes, without repeating it', () => {
    for (const url of [
      `postgres://anna:${SECRET}@db.example.org/desk`,
      `postgres://anna@localhost/desk?password=${SECRET}`,
    ]) {
      const message = refusal(() => deskConnectionSettings(url, { env: env() }))
      expect(message).toBe(
        'the desk URL: a password does not belong in the URL: give it in PGPASSWORD, ~/.pgpass or a PGSERVICE entry',
      )
      expect(message).not.toContain(SECRET)
    }
  })

  it('refuses a host outside this machine without TLS, unless insecure', () => {
    const message = refusal(() =>
      deskConnectionSettings('postgres://anna@db.example.org/desk', { env: env() }),
    )
    expect(message).toMatch(/db\.example\.org is not this machine.*sslmode=verify-full.*--insecure/)
    for (const mode of ['disable', 'prefer', 'allow'])
      expect(() => deskConnectionSettings(`postgres://a@10.1.2.3/d?sslmode=${mode}`, { env: env() })).toThrow(
        /needs TLS/,
      )
    expect(
      deskConnectionSettings('postgres://anna@db.example.org/desk', { env: env(), insecure: true }).tls,
    ).toBe('off')
    expect(
      deskConnectionSettings('postgres://anna@db.example.org/desk?sslmode=require', { env: env() }).tls,
    ).toBe('encrypted')
  })

  it('counts 127.0.0.0/8, ::1, localhost and a socket folder as this machine', () => {
    for (const url of [
      'postgres://a@127.0.0.1/d',
      'postgres://a@127.9.8.7:5433/d',
      'postgres://a@[::1]:5433/d',
      'postgres://a@LOCALHOST/d',
      'postgres://a@%2Fvar%2Frun%2Fpostgresql/d',
      'postgresql://a@/d?host=/var/run/postgresql',
    ])
      expect(deskConnectionSettings(url, { env: env() }).tls).toBe('off')
    const ipv6 = deskConnectionSettings('postgres://a@[::1]:5433/d', { env: env() })
    expect(ipv6).toMatchObject({ host: '::1', port: 5433 })
    expect(ipv6.display).toBe('postgres://a@[::1]:5433/d')
    const socket = deskConnectionSettings('postgresql://a@/d?host=/var/run/postgresql', { env: env() })
    expect(socket.host).toBe('/var/run/postgresql')
    expect(socket.display).toBe('postgres://a@/d?host=%2Fvar%2Frun%2Fpostgresql&port=5432')
    for (const host of ['10.0.0.1', '128.0.0.1', '[::2]', 'localhost.example.org'])
      expect(() => deskConnectionSettings(`postgres://a@${host}/d`, { env: env() })).toThrow(
        /not this machine/,
      )
  })

  it('refuses a bad port, an unknown sslmode and an unknown parameter, naming each', () => {
    for (const port of ['0', '65536', 'abc', '99999'])
      expect(refusal(() => deskConnectionSettings(`postgres://a@localhost:${port}/d`, { env: env() }))).toBe(
        `the desk URL: port "${port}" is not a port number (1-65535)`,
      )
    expect(
      refusal(() => deskConnectionSettings('postgres://a@localhost/d?sslmode=maybe', { env: env() })),
    ).toMatch(
      /^the desk URL: sslmode "maybe" is not one of disable, allow, prefer, require, verify-ca, verify-full$/,
    )
    expect(
      refusal(() => deskConnectionSettings('postgres://a@localhost/d?sslmode=no-verify', { env: env() })),
    ).toMatch(/sslmode "no-verify"/)
    expect(
      refusal(() => deskConnectionSettings('postgres://a@localhost/d?sslkey=/k', { env: env() })),
    ).toMatch(/unknown parameter "sslkey"/)
    expect(refusal(() => deskConnectionSettings('mysql://a@localhost/d', { env: env() }))).toMatch(
      /postgres:\/\//,
    )
    expect(
      refusal(() => deskConnectionSettings('postgres://a@h1,h2/d?sslmode=require', { env: env() })),
    ).toMatch(/several hosts/)
    expect(
      refusal(() => deskConnectionSettings('postgres://a@localhost/d', { env: env({ PGPORT: 'x' }) })),
    ).toBe('PGPORT: port "x" is not a port number (1-65535)')
  })

  it('reads the CA file of verify-full, naming a file that is missing or not a certificate', () => {
    const missing = path.join(folder, 'no-such-ca.pem')
    expect(
      refusal(() =>
        deskConnectionSettings(`postgres://a@db.example.org/d?sslmode=verify-full&sslrootcert=${missing}`, {
          env: env(),
        }),
      ),
    ).toBe(`sslrootcert ${missing} does not exist`)
    const notPem = path.join(folder, 'not-a-cert.pem')
    fs.writeFileSync(notPem, 'hello')
    expect(
      refusal(() =>
        deskConnectionSettings(`postgres://a@db.example.org/d?sslmode=verify-full&sslrootcert=${notPem}`, {
          env: env(),
        }),
      ),
    ).toMatch(/holds no PEM certificate/)
    const ca = path.join(folder, 'ca.pem')
    fs.writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
    const s = deskConnectionSettings(`postgres://a@db.example.org/d?sslmode=verify-full&sslrootcert=${ca}`, {
      env: env(),
    })
    expect(s.tls).toBe('verify-full')
    const ssl = s.clientConfig.ssl as {
      ca: string
      rejectUnauthorized: boolean
      checkServerIdentity?: unknown
    }
    expect(ssl).toMatchObject({ ca: fs.readFileSync(ca, 'utf8'), rejectUnauthorized: true })
    // Node's own host name check stays in place for verify-full.
    expect(ssl.checkServerIdentity).toBeUndefined()
    const verifyCa = deskConnectionSettings(
      `postgres://a@db.example.org/d?sslmode=verify-ca&sslrootcert=${ca}`,
      {
        env: env(),
      },
    )
    expect(verifyCa.tls).toBe('verify-ca')
    expect(() =>
      deskConnectionSettings('postgres://a@db.example.org/d?sslmode=verify-ca', { env: env() }),
    ).toThrow(/verify-ca needs sslrootcert/)
  })
})

describe('where the password comes from', () => {
  const write = (name: string, text: string, mode = 0o600): string => {
    const file = path.join(folder, name)
    fs.writeFileSync(file, text, { mode })
    fs.chmodSync(file, mode)
    return file
  }
  const url = 'postgres://anna@127.0.0.1:5544/desk'

  it('prefers the keychain, then PGPASSWORD, then ~/.pgpass, then the service file', async () => {
    const pgpass = write('pgpass-order', `127.0.0.1:5544:desk:anna:from-pgpass\n`)
    const services = write(
      'services-order',
      `[team]\nhost=127.0.0.1\nport=5544\nuser=anna\ndbname=desk\npassword=from-service\n`,
    )
    const full = env({ PGPASSWORD: 'from-env', PGPASSFILE: pgpass, PGSERVICEFILE: services })
    const keychain = deskConnectionSettings(url, { env: full, password: 'from-keychain' })
    expect([keychain.passwordSource, await passwordOf(keychain)]).toEqual(['given', 'from-keychain'])
    const fromEnv = deskConnectionSettings(url, { env: full })
    expect([fromEnv.passwordSource, await passwordOf(fromEnv)]).toEqual(['PGPASSWORD', 'from-env'])
    const fromFile = deskConnectionSettings('postgres:///?service=team', { env: { ...full, PGPASSWORD: '' } })
    expect([fromFile.passwordSource, await passwordOf(fromFile)]).toEqual(['password file', 'from-pgpass'])
    const fromService = deskConnectionSettings('postgres:///?service=team', {
      env: env({ PGSERVICEFILE: services, PGPASSFILE: path.join(folder, 'none') }),
    })
    expect([fromService.passwordSource, await passwordOf(fromService)]).toEqual([
      'service file',
      'from-service',
    ])
    const none = deskConnectionSettings(url, { env: env() })
    expect([none.passwordSource, await passwordOf(none)]).toEqual(['none', undefined])
  })

  it('matches ~/.pgpass lines as libpq does: wildcards, escapes, the first match', async () => {
    const pgpass = write(
      'pgpass-match',
      [
        '# comment',
        '127.0.0.1:5544:other:anna:wrong-db',
        '127.0.0.1:*:desk:bob:wrong-user',
        '127.0.0.1:5544:*:anna:pa\\:ss\\\\word',
        '*:*:*:*:catch-all',
      ].join('\n'),
    )
    const s = deskConnectionSettings(url, { env: env({ PGPASSFILE: pgpass }) })
    expect(await passwordOf(s)).toBe('pa:ss\\word')
    const other = deskConnectionSettings('postgres://carl@localhost/x', { env: env({ PGPASSFILE: pgpass }) })
    expect(await passwordOf(other)).toBe('catch-all')
  })

  it('refuses a ~/.pgpass others can read, naming the file and the fix', () => {
    const open = write('pgpass-open', '*:*:*:*:secret-in-open-file\n', 0o644)
    const message = refusal(() => deskConnectionSettings(url, { env: env({ PGPASSFILE: open }) }))
    expect(message).toBe(`password file ${open} can be read by others (mode 644): run chmod 600 ${open}`)
  })

  it('never shows the password in the settings, the display or a refusal', () => {
    const s = deskConnectionSettings(url, { env: env({ PGPASSWORD: SECRET }) })
    expect(JSON.stringify(s)).not.toContain(SECRET)
    expect(String(Object.values(s.clientConfig))).not.toContain(SECRET)
    expect(s.display).not.toContain(SECRET)
    const services = write('services-secret', `[s]\nhost=127.0.0.1\npassword=${SECRET}\nbogus=1\n`)
    const message = refusal(() =>
      deskConnectionSettings('postgres:///?service=s', { env: env({ PGSERVICEFILE: services }) }),
    )
    expect(message).toBe(`${services} line 4: "bogus" is not a libpq connection setting`)
  })
})

describe('service files', () => {
  it('reads the section named by service= or PGSERVICE, the URL overriding it', () => {
    const file = path.join(folder, 'services')
    fs.writeFileSync(
      file,
      [
        '# the desk',
        '[other]',
        'host=10.0.0.9',
        '[desk]',
        'host = 127.0.0.1',
        'port=6543',
        'dbname=catalogue',
        'user=rita',
        'application_name=psql-only',
        '',
      ].join('\n'),
    )
    const s = deskConnectionSettings('postgres:///?service=desk', { env: env({ PGSERVICEFILE: file }) })
    expect(s).toMatchObject({
      host: '127.0.0.1',
      port: 6543,
      database: 'catalogue',
      user: 'rita',
      service: 'desk',
    })
    expect(s.display).toBe('postgres://rita@127.0.0.1:6543/catalogue')
    const byEnv = deskConnectionSettings('postgres://', {
      env: env({ PGSERVICEFILE: file, PGSERVICE: 'desk' }),
    })
    expect(byEnv).toMatchObject({ port: 6543, user: 'rita' })
    const overridden = deskConnectionSettings('postgres://ann@/other_db?service=desk', {
      env: env({ PGSERVICEFILE: file }),
    })
    expect(overridden).toMatchObject({ host: '127.0.0.1', port: 6543, database: 'other_db', user: 'ann' })
    // A URL naming its own host does not take PGSERVICE's.
    const own = deskConnectionSettings('postgres://ann@localhost/x', {
      env: env({ PGSERVICEFILE: file, PGSERVICE: 'desk' }),
    })
    expect(own).toMatchObject({ host: 'localhost', port: 5432 })
  })

  it('looks in ~/.pg_service.conf, then PGSYSCONFDIR, and names them when the service is in neither', () => {
    const home = path.join(folder, 'home-services')
    const sysconf = path.join(folder, 'sysconf')
    fs.mkdirSync(home, { recursive: true })
    fs.mkdirSync(sysconf, { recursive: true })
    fs.writeFileSync(path.join(home, '.pg_service.conf'), '[mine]\nhost=localhost\nport=7001\n')
    fs.writeFileSync(path.join(sysconf, 'pg_service.conf'), '[shared]\nhost=localhost\nport=7002\n')
    const e = { HOME: home, PGSYSCONFDIR: sysconf }
    expect(deskConnectionSettings('postgres:///?service=mine', { env: e }).port).toBe(7001)
    expect(deskConnectionSettings('postgres:///?service=shared', { env: e }).port).toBe(7002)
    expect(refusal(() => deskConnectionSettings('postgres:///?service=nope', { env: e }))).toBe(
      `service "nope" is not in ${path.join(home, '.pg_service.conf')} or ${path.join(sysconf, 'pg_service.conf')}`,
    )
    const badPort = path.join(folder, 'services-bad-port')
    fs.writeFileSync(badPort, '[x]\nport=70000\n')
    expect(
      refusal(() =>
        deskConnectionSettings('postgres:///?service=x', { env: env({ PGSERVICEFILE: badPort }) }),
      ),
    ).toBe(`service "x" in ${badPort}: port "70000" is not a port number (1-65535)`)
  })
})
