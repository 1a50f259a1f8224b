import type { Reply } from '../../shared/result'

/**
 * What the page says when the browser host that served it is gone or was restarted: a restarted host has
 * a new key, which this page does not carry, so every request is refused until the new address is opened.
 */
export const HOST_RESTARTED =
  'Episcore’s browser host was restarted, so this page’s key no longer works. Open the address the host printed when it started again (it carries the new key); nothing saved was lost.'
export const HOST_GONE =
  'Episcore’s browser host is not answering: it was stopped or restarted. Start it again (npm run serve) and open the address it prints; nothing saved was lost.'

/** A host reply as the contract's Reply, or the sentence above when the host did not answer as itself. */
export async function readHostReply<T>(response: Response): Promise<Reply<T>> {
  if ((response.headers.get('content-type') ?? '').includes('application/json'))
    return (await response.json()) as Reply<T>
  return {
    ok: false,
    error: {
      code: 'invalid-request',
      message: response.status === 403 ? HOST_RESTARTED : `${HOST_GONE} (HTTP ${response.status})`,
    },
  }
}

/** `fetch` to the host, with a refused connection answered as a reply that says what happened. */
export async function fetchHost<T>(input: string, init: RequestInit): Promise<Reply<T>> {
  let response: Response
  try {
    response = await fetch(input, init)
  } catch {
    return { ok: false, error: { code: 'invalid-request', message: HOST_GONE } }
  }
  return readHostReply<T>(response)
}
