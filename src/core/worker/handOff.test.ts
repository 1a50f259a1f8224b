import { describe, expect, it } from 'vitest'
import { handOffOnceStarted } from './handOff'

/** A thread to hand pieces to, started when the test says: it records which pieces it was given. */
function startingThread() {
  let start = (): void => undefined
  const started = new Promise<void>((resolve) => (start = resolve))
  const given: number[] = []
  return { started, start, given, run: (n: number) => async () => (given.push(n), `thread ${n}`) }
}

const here = (n: number) => async () => `here ${n}`
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('handing work to a thread that is starting', () => {
  it('does what is taken before the thread has started here, and the rest on the thread', async () => {
    const thread = startingThread()
    const handOff = handOffOnceStarted<string>(thread.started)
    const pieces = [0, 1, 2].map((n) => handOff(thread.run(n), here(n)))
    // Taken while the thread starts: done here, and never given to the thread.
    expect(await pieces[0]?.()).toBe('here 0')
    thread.start()
    await tick()
    // Started: the next to be taken stays here (the thread's first piece is its slowest), the rest go.
    expect(thread.given).toEqual([2])
    const later = handOff(thread.run(3), here(3))
    expect(await pieces[1]?.()).toBe('here 1')
    expect(await pieces[2]?.()).toBe('thread 2')
    expect(await later()).toBe('thread 3')
    expect(thread.given).toEqual([2, 3])
  })

  it('lets the word that the thread has started in, even when the caller waits on nothing else', async () => {
    const thread = startingThread()
    const handOff = handOffOnceStarted<string>(thread.started)
    const pieces = [0, 1, 2, 3].map((n) => handOff(thread.run(n), here(n)))
    thread.start()
    // Taken at once, one after the other: the thread's start is seen at the first take, which stays here.
    const taken = []
    for (const piece of pieces) taken.push(await piece())
    expect(taken).toEqual(['here 0', 'thread 1', 'thread 2', 'thread 3'])
    expect(thread.given).toEqual([1, 2, 3])
  })

  it('gives everything to a thread already running, and a piece that failed fails where it is taken', async () => {
    const given: number[] = []
    const handOff = handOffOnceStarted<string>(null)
    const ok = handOff(async () => (given.push(0), 'thread 0'), here(0))
    const failed = handOff(() => Promise.reject(new Error('episode-1.json is not UTF-8')), here(1))
    await tick()
    expect(given).toEqual([0])
    expect(await ok()).toBe('thread 0')
    await expect(failed()).rejects.toThrow('episode-1.json is not UTF-8')
  })

  it('does everything here when the thread cannot start', async () => {
    const handOff = handOffOnceStarted<string>(Promise.reject(new Error('no thread')))
    const piece = handOff(() => Promise.reject(new Error('no thread')), here(0))
    // Taken before the start's failure is seen: here.
    expect(await piece()).toBe('here 0')
  })
})
