import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const COOKIE = 'episcore_key'

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return null
}

/**
 * Who may talk to the host: only pages it served itself on this machine. The Host header must name the
 * loopback address (a DNS-rebinding page sends its own host name), an Origin, when sent, must be ours,
 * and the per-launch secret must come with the request (in the URL once, then as a cookie).
 */
export function checkRequest(
  req: IncomingMessage,
  url: URL,
  port: number,
  secret: string,
): { allowed: boolean; viaQuery: boolean } {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  if (!hosts.includes(req.headers.host ?? '')) return { allowed: false, viaQuery: false }
  const origin = req.headers.origin
  if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin))
    return { allowed: false, viaQuery: false }
  const fromQuery = url.searchParams.get('key')
  if (fromQuery !== null) return { allowed: sameSecret(fromQuery, secret), viaQuery: true }
  const fromCookie = cookieValue(req.headers.cookie, COOKIE)
  return { allowed: fromCookie !== null && sameSecret(fromCookie, secret), viaQuery: false }
}

/**
 * Whether a media or peaks request comes from the host's own page. `<audio src>` and `<img>` loads send
 * no Origin, and the cookie goes along from a page on another port of this machine (ports do not make
 * another site), so the browser's word for who asked decides: `same-origin` from our page, `none` when
 * typed in the address bar. A client that sends no such header (not a browser) still needs the secret.
 */
export function fromOwnPage(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site']
  return site === undefined || site === 'same-origin' || site === 'none'
}
