import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { fail, type Reply } from '../shared/result'
import { MAX_SOCKET_MESSAGE, SOCKET_PATH, parseSocketCall, type SocketAnswer } from '../shared/socketCalls'

type Dispatch = (method: string, request: unknown, viewBase: string | null) => Promise<Reply<unknown>>

/**
 * Contract calls over WebSockets on `server`, for pages `allowed` lets in (the host's secret, Host and
 * Origin checks). Answers the function that closes every socket: they outlive the HTTP server's own
 * connections.
 */
export function acceptSocketCalls(
  server: Server,
  allowed: (req: IncomingMessage) => boolean,
  dispatch: Dispatch,
): () => void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0]
    // A WebSocket is not bound by the same-origin policy: the Origin header is the page's word for
    // where it comes from, and a browser always sends it.
    if (path !== SOCKET_PATH || req.headers.origin === undefined || !allowed(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
      return
    }
    sockets.handleUpgrade(req, socket, head, (ws) => answerCalls(ws, dispatch))
  })
  return () => {
    for (const ws of sockets.clients) ws.terminate()
    sockets.close()
  }
}

function answerCalls(ws: WebSocket, dispatch: Dispatch): void {
  const send = (answer: SocketAnswer): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(answer))
  }
  ws.on('message', (data, isBinary) => {
    const call = isBinary ? 'the message is not text' : parseSocketCall(String(data))
    if (typeof call === 'string') return send({ n: null, reply: fail('invalid-request', call) })
    void dispatch(call.method, call.request, call.viewBase).then((reply) => send({ n: call.n, reply }))
  })
  // Oversized or malformed frames: ws closes the socket itself; nothing else to do.
  ws.on('error', () => ws.terminate())
}
