import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { reusedReadSocket } from '../../src/core/media/reusedReadSocket'

/** A child writing `bytes` bytes, byte i being i mod 251, as a decoder writes its samples. */
const WRITER = `const n = Number(process.argv[1]); const b = Buffer.alloc(n); for (let i = 0; i < n; i++) b[i] = i % 251; process.stdout.write(b)`

describe.skipIf(process.platform === 'win32')('a child’s output read into one buffer', () => {
  it('reads every byte in order, each read in the same memory, and ends when the child has', async () => {
    const bytes = 5_000_003
    let at = 0
    let wrong = 0
    const memories = new Set<ArrayBufferLike>()
    const output = await reusedReadSocket((chunk) => {
      memories.add(chunk.buffer)
      for (const b of chunk) if (b !== at++ % 251) wrong++
    })
    expect(output).not.toBeNull()
    const child = spawn(process.execPath, ['-e', WRITER, String(bytes)], {
      stdio: ['ignore', output?.childEnd ?? 'pipe', 'inherit'],
    })
    output?.childEnd.destroy()
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(await output?.ended).toBeNull()
    output?.close()
    expect(code).toBe(0)
    expect(at).toBe(bytes)
    expect(wrong).toBe(0)
    // No new memory per read: what made the garbage collector run every 64 MB of an hour's samples.
    expect(memories.size).toBe(1)
  })

  it('ends, with nothing read, when the child is killed before it writes', async () => {
    let read = 0
    const output = await reusedReadSocket((chunk) => (read += chunk.length))
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: ['ignore', output?.childEnd ?? 'pipe', 'inherit'],
    })
    output?.childEnd.destroy()
    child.kill('SIGKILL')
    expect(await output?.ended).toBeNull()
    output?.close()
    expect(read).toBe(0)
  })
})
