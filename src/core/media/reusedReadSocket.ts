import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Socket } from 'node:net'

/** How much one read of the decoder's output takes at most: two of its 64k-sample packets. */
const READ_BYTES = 1 << 18

export interface ReusedReadSocket {
  /** The end given to the child as its stdout; the parent's own copy is closed once it is spawned. */
  childEnd: Socket
  /** Resolves once the child has closed its end and every byte it wrote has been read; with why a read failed. */
  ended: Promise<Error | null>
  close: () => void
}

/**
 * A connected pair of Unix sockets whose reading end reads into one buffer, over and over. A child's
 * stdout pipe hands each read over in a new Buffer, and the decoders write some 318 MB an hour: each
 * Buffer counts as memory outside the JS heap, and every 64 MB of it starts a full garbage collection,
 * whose marking costs what the whole process holds (1.4 s over the bench's peaks, in a 53 MB heap).
 * `onData` gets a view of the buffer, valid only until it returns. Null where Unix sockets are not
 * (Windows) or cannot be made: the caller reads a pipe instead.
 */
export async function reusedReadSocket(onData: (chunk: Buffer) => void): Promise<ReusedReadSocket | null> {
  if (process.platform === 'win32') return null
  // Loaded on the first decode, not at every start of the command line (see runTool).
  const net = await import('node:net')
  let dir: string
  try {
    // Short: a socket's path is at most 104 bytes on macOS.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-'))
  } catch {
    return null
  }
  const file = path.join(dir, 'out')
  const server = net.createServer()
  try {
    const accepted = new Promise<Socket>((resolve, reject) => {
      server.once('connection', resolve)
      server.once('error', reject)
    })
    // A failed listen is answered below; this one is then not awaited.
    accepted.catch(() => undefined)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(file, resolve)
    })
    const buffer = Buffer.allocUnsafe(READ_BYTES)
    const reader = net.connect({
      path: file,
      onread: {
        buffer,
        callback: (bytes: number, into: Uint8Array): boolean => {
          onData(Buffer.from(into.buffer, into.byteOffset, bytes))
          // Go on reading.
          return true
        },
      },
    })
    // Never rejected (nothing may be left unhandled while the decode runs): a read that failed says why.
    const ended = new Promise<Error | null>((resolve) => {
      reader.once('error', resolve)
      reader.once('close', () => resolve(null))
    })
    // A reader that could not connect ends before the server sees it: the pipe is read instead.
    const childEnd = await Promise.race([
      accepted,
      ended.then(() => {
        throw new Error('the socket did not connect')
      }),
    ])
    return {
      childEnd,
      ended,
      close: () => {
        reader.destroy()
        childEnd.destroy()
      },
    }
  } catch {
    return null
  } finally {
    // Connected: the path is no longer needed.
    server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
