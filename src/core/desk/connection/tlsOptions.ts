import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type { ConnectionOptions } from 'node:tls'
import { UserError } from '../../errors'

/**
 * libpq's sslmode, given to pg as explicit TLS options. The URL is never handed to pg: pg-connection-
 * string treats sslmode=prefer|require|verify-ca as verify-full today (with a deprecation warning) and
 * will switch to libpq's meaning in pg 9, so the same URL would change what it checks. Here each mode
 * means what libpq documents, now and after that upgrade:
 *   disable, allow, prefer: no TLS (pg cannot fall back from TLS to plain as libpq's prefer does, and
 *     neither protects anything against someone on the path, so they count as "no TLS" below);
 *   require: encrypted, certificate not checked (with sslrootcert: checked as verify-ca, as libpq does);
 *   verify-ca: the chain must lead to the CA file; the host name is not checked;
 *   verify-full: the chain must lead to the CA AND the certificate must name the host connected to.
 */
export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const
export type SslMode = (typeof SSL_MODES)[number]
export type TlsLevel = 'off' | 'encrypted' | 'verify-ca' | 'verify-full'

export function checkSslMode(mode: string, place: string): SslMode {
  if ((SSL_MODES as readonly string[]).includes(mode)) return mode as SslMode
  throw new UserError('invalid-input', `${place}: sslmode "${mode}" is not one of ${SSL_MODES.join(', ')}`)
}

/** 127.0.0.0/8, ::1 (and its IPv4-mapped forms), localhost and unix socket folders: this machine. */
const LOOPBACK = new net.BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

export function isLoopback(host: string): boolean {
  if (host.startsWith('/')) return true
  if (host.toLowerCase() === 'localhost' || host.toLowerCase() === 'localhost.') return true
  const family = net.isIP(host)
  return family !== 0 && LOOPBACK.check(host, family === 6 ? 'ipv6' : 'ipv4')
}

/** The CA certificates of `sslrootcert`, read now so that a wrong path is said before any connect. */
function readCa(file: string): string {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new UserError('invalid-input', `sslrootcert ${file} does not exist`)
    throw new UserError('invalid-input', `sslrootcert ${file} cannot be read (${code ?? 'error'})`)
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new UserError(
      'invalid-input',
      `sslrootcert ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    )
  return text
}

export interface TlsChoice {
  level: TlsLevel
  ssl: false | ConnectionOptions
}

/**
 * The TLS options for pg. Without sslrootcert, verify-* use libpq's default ~/.postgresql/root.crt when it
 * exists; verify-full then falls back to the system's CAs (a managed PostgreSQL with a public
 * certificate), verify-ca does not (any certificate a public CA issued would pass: use verify-full).
 * `sslrootcert=system` asks for the system's CAs, as libpq 16 does.
 */
export function tlsOptions(
  mode: SslMode,
  rootCert: string | undefined,
  host: string,
  env: NodeJS.ProcessEnv,
): TlsChoice {
  // PostgreSQL never speaks TLS over a unix socket; libpq ignores sslmode there too.
  if (host.startsWith('/') || mode === 'disable' || mode === 'allow' || mode === 'prefer')
    return { level: 'off', ssl: false }
  let ca: string | undefined
  if (rootCert !== undefined && rootCert !== '' && rootCert !== 'system') ca = readCa(rootCert)
  else if (rootCert === undefined || rootCert === '') {
    const fallback = env.HOME ? path.join(env.HOME, '.postgresql', 'root.crt') : null
    if (fallback !== null && fs.existsSync(fallback) && mode !== 'require') ca = readCa(fallback)
  }
  const withCa = ca !== undefined ? { ca } : {}
  if (mode === 'require' && ca === undefined)
    return { level: 'encrypted', ssl: { rejectUnauthorized: false } }
  if (mode === 'require' || mode === 'verify-ca') {
    if (ca === undefined)
      throw new UserError(
        'invalid-input',
        "sslmode=verify-ca needs sslrootcert=FILE, the desk's CA (with the system's CAs any certificate they issued would pass): give the CA file, or use sslmode=verify-full",
      )
    return {
      level: 'verify-ca',
      ssl: { ...withCa, rejectUnauthorized: true, checkServerIdentity: () => undefined },
    }
  }
  // verify-full: Node's own check of the name (DNS or IP subject alternative names) against the host
  // pg connects to, which pg passes as `host` (and as SNI `servername` unless it is an IP address).
  return { level: 'verify-full', ssl: { ...withCa, rejectUnauthorized: true } }
}
