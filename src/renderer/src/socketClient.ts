import type { Reply } from '../../shared/result'
import { MAX_SOCKET_MESSAGE, SOCKET_PATH, type SocketAnswer } from '../../shared/socketCalls'

/** The socket could not be opened: the call was not sent and may go another way. */
export class SocketUnavailable extends Error {
  override name = 'SocketUnavailable'
}

interface Waiting {
  resolve: (reply: Reply<unknown>) => void
  reject: (error: Error) => void
}

/**
 * The page's side of the browser host's socket (see src/host/socketCalls.ts): opened at the first call,
 * opened again after it closes. A call in flight when it closes is rejected, never sent twice: the core
 * may have made the edit.
 */
export class SocketClient {
  private socket: Promise<WebSocket> | null = null
  /** The socket once open, until it closes. */
  private ready: WebSocket | null = null
  private readonly waiting = new Map<number, Waiting>()
  private count = 0

  /** Answers the reply, or rejects with SocketUnavailable when the call could not be sent. */
  async call(method: string, request: unknown, viewBase: string | null): Promise<Reply<unknown>> {
    const n = ++this.count
    const message = JSON.stringify({ n, method, request, viewBase })
    // Measured in UTF-8 bytes, as the host caps it.
    if (new TextEncoder().encode(message).length > MAX_SOCKET_MESSAGE)
      throw new SocketUnavailable('the request is too large for the socket')
    // Sent within this task when the socket is open: an edit's call leaves before React renders what
    // the edit shows (that render is queued as a microtask, which an await here would wait behind).
    const socket = this.ready?.readyState === WebSocket.OPEN ? this.ready : await this.open()
    return new Promise((resolve, reject) => {
      this.waiting.set(n, { resolve, reject })
      socket.send(message)
    })
  }

  private open(): Promise<WebSocket> {
    this.socket ??= new Promise((resolve, reject) => {
      const url = new URL(SOCKET_PATH, window.location.href)
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
      const socket = new WebSocket(url)
      let opened = false
      socket.onopen = () => {
        opened = true
        this.ready = socket
        resolve(socket)
      }
      socket.onmessage = (event: MessageEvent<string>) => this.answer(event.data)
      socket.onclose = () => {
        this.socket = null
        this.ready = null
        if (!opened) reject(new SocketUnavailable('the socket did not open'))
        const lost = [...this.waiting.values()]
        this.waiting.clear()
        for (const call of lost)
          call.reject(new Error('the connection to Episcore closed before it answered'))
      }
    })
    return this.socket
  }

  private answer(text: string): void {
    const answer = JSON.parse(text) as SocketAnswer
    if (answer.n === null) {
      console.error(
        `episcore: the host refused a message: ${answer.reply.ok ? '' : answer.reply.error.message}`,
      )
      return
    }
    const call = this.waiting.get(answer.n)
    this.waiting.delete(answer.n)
    call?.resolve(answer.reply)
  }
}
