import type { Reply } from './result'
import { isViewVersion } from './viewDelta'

/*
 * Contract calls from a page of the browser host over one WebSocket. A fetch from Chromium to the
 * host costs several milliseconds before any work is done, most of one edit's budget; a message on an
 * open socket costs a fraction of one. The HTTP route stays for scripts and for oversized requests.
 */

export const SOCKET_PATH = '/api/socket'
/** As the HTTP route's body cap: a larger message closes the socket, so the page sends those by fetch. */
export const MAX_SOCKET_MESSAGE = 1 << 20

export interface SocketCall {
  /** Chosen by the page, echoed in the answer: calls may be answered out of order. */
  n: number
  method: string
  request: unknown
  /** The episode view the page holds (see ViewSender); null when none. */
  viewBase: string | null
}

export interface SocketAnswer {
  /** Null when the message was not a call at all. */
  n: number | null
  reply: Reply<unknown>
}

/** A message from a page as a call, or the reason it is none. */
export function parseSocketCall(text: string): SocketCall | string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'the message is not JSON'
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the message is not an object'
  const { n, method, request, viewBase } = value as Record<string, unknown>
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return '/n: a call number is required'
  if (typeof method !== 'string' || method.length === 0 || method.length > 100)
    return '/method: a method name is required'
  return { n, method, request: request ?? {}, viewBase: isViewVersion(viewBase) ? viewBase : null }
}
