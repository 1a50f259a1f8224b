import net from 'node:net'

/**
 * A TCP proxy on loopback in front of a server, for fault tests: `cut()` drops every connection at once
 * (a network that fails mid-transaction), `pause()` stops forwarding in both directions so connections
 * hang with the server silent (a server or network that stopped answering), `resume()` lets them flow.
 * Connections that arrive while paused are accepted but not forwarded until resume.
 */
export interface TcpProxy {
  port: number
  cut(): void
  pause(): void
  resume(): void
  close(): Promise<void>
}

export async function startProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let paused = false

  /** Forwards by hand rather than pipe(): pipe resumes a source on 'drain', undoing a pause. */
  const forward = (from: net.Socket, to: net.Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (!to.write(chunk)) {
        from.pause()
        to.once('drain', () => {
          if (!paused) from.resume()
        })
      }
    })
    from.on('end', () => to.end())
  }

  const track = (socket: net.Socket): void => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // A cut or the other side's reset shows here; the test sees it through its client.
    socket.on('error', () => undefined)
  }

  const server = net.createServer((client) => {
    track(client)
    const upstream = net.connect(targetPort, targetHost)
    track(upstream)
    if (paused) {
      client.pause()
      upstream.pause()
    }
    forward(client, upstream)
    forward(upstream, client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (address === null || typeof address !== 'object') throw new Error('the proxy has no port')

  return {
    port: address.port,
    cut() {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    },
    pause() {
      paused = true
      for (const socket of sockets) socket.pause()
    },
    resume() {
      paused = false
      for (const socket of sockets) socket.resume()
    },
    close() {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
