import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { CoreMessage, CoreRequestMessage } from '../../src/core/worker/coreMessages'
import { CoreClient, RESTARTS_PER_MINUTE, type CoreDown } from '../../src/main/coreClient'

/**
 * The shell's side of the core process, against a stand-in process: what it posts, and what it does
 * when the process answers, ends or says it cannot start. The real core process is driven in
 * electronShellWiring.test.ts.
 */
class StandInCore extends EventEmitter {
  readonly posted: CoreRequestMessage[] = []
  kills = 0
  constructor(private readonly answersClose: boolean) {
    super()
  }
  postMessage(message: CoreRequestMessage): void {
    this.posted.push(message)
    if (message.kind === 'close' && this.answersClose) {
      this.reply({ id: message.id, ok: true, value: null })
      setImmediate(() => this.emit('exit', 0))
    }
  }
  kill(): boolean {
    this.kills++
    setImmediate(() => this.emit('exit', 15))
    return true
  }
  reply(message: CoreMessage): void {
    this.emit('message', message)
  }
  start(): void {
    this.reply({ kind: 'started', problem: null })
  }
}

function client(options: { answersClose?: boolean } = {}) {
  const children: StandInCore[] = []
  const downs: CoreDown[] = []
  const core = new CoreClient(
    () => {
      const child = new StandInCore(options.answersClose ?? true)
      children.push(child)
      return child
    },
    (down) => downs.push(down),
  )
  return { core, children, downs }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('the shell’s client of the core process', () => {
  it('quits by asking the core to close and waiting for it to end, without a kill', async () => {
    const { core, children } = client()
    children[0]?.start()
    await core.close(1000)
    expect(children[0]?.posted.map((m) => m.kind)).toEqual(['close'])
    expect(children[0]?.kills).toBe(0)
  })

  it('lets a core still starting (maybe migrating) finish its start, then asks it to close, without a kill', async () => {
    const { core, children } = client()
    const closed = core.close(1000)
    await tick()
    expect(children[0]?.posted).toEqual([])
    children[0]?.start()
    await closed
    expect(children[0]?.posted.map((m) => m.kind)).toEqual(['close'])
    expect(children[0]?.kills).toBe(0)
  })

  it('starts a core again after a crash on the database it had, which must still be there', () => {
    const launches: { mustExist?: boolean }[] = []
    const children: StandInCore[] = []
    new CoreClient(
      (launch) => {
        launches.push(launch)
        const child = new StandInCore(true)
        children.push(child)
        return child
      },
      () => undefined,
    )
    children[0]?.start()
    children[0]?.emit('exit', 139)
    expect(launches.map((l) => l.mustExist === true)).toEqual([false, true])
  })

  it('ends a core that does not close in time', async () => {
    const { core, children } = client({ answersClose: false })
    children[0]?.start()
    const started = Date.now()
    await core.close(200)
    expect(children[0]?.kills).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
  })

  it('holds requests until the core has started, and registers chosen files again in a restarted core', async () => {
    const { core, children } = client()
    const ref = core.registerFile('/media/episode.mp3')
    expect(children[0]?.posted).toEqual([])
    children[0]?.start()
    const [registration] = children[0]?.posted ?? []
    expect(registration).toMatchObject({ kind: 'registerFile', path: '/media/episode.mp3' })
    children[0]?.reply({ id: registration?.id ?? 0, ok: true, value: (registration as { ref: string }).ref })
    const handle = await ref
    children[0]?.emit('exit', 1)
    expect(children.length).toBe(2)
    children[1]?.start()
    expect(children[1]?.posted).toEqual([
      expect.objectContaining({ kind: 'registerFile', path: '/media/episode.mp3', ref: handle }),
    ])
  })

  it('tells of a core that cannot start once, refuses requests with the reason, and does not start it again', async () => {
    const { core, children, downs } = client()
    const waiting = core.request({ kind: 'prepareLastEpisode' })
    children[0]?.reply({ kind: 'cannot-start', message: 'the folder /mnt/usb does not exist' })
    await expect(waiting).rejects.toThrow('the folder /mnt/usb does not exist')
    children[0]?.emit('exit', 1)
    await tick()
    expect(children.length).toBe(1)
    expect(downs).toEqual([{ reason: 'the folder /mnt/usb does not exist', crashing: false }])
    await expect(core.request({ kind: 'prepareLastEpisode' })).rejects.toThrow('/mnt/usb')
    // The editor's way out starts it again.
    core.restart({ databaseFile: '/home/ada/other.sqlite' })
    expect(children.length).toBe(2)
  })

  it(`starts a dying core again at most ${RESTARTS_PER_MINUTE} times a minute, then tells why`, () => {
    const { children, downs } = client()
    for (let death = 0; death <= RESTARTS_PER_MINUTE; death++) {
      children.at(-1)?.start()
      children.at(-1)?.emit('exit', 139)
    }
    expect(children.length).toBe(RESTARTS_PER_MINUTE + 1)
    expect(downs).toHaveLength(1)
    expect(downs[0]?.crashing).toBe(true)
    expect(downs[0]?.reason).toContain(`stopped ${RESTARTS_PER_MINUTE + 1} times within a minute`)
  })

  it('starts a core again after a fatal V8 error as after any crash, saying nothing to the main process', async () => {
    const { core, children, downs } = client()
    children[0]?.start()
    // Electron's UtilityProcess 'error', then its 'exit'; an 'error' no one listens to is thrown.
    expect(() => children[0]?.emit('error', 'FatalError', 'v8::internal::Heap', '{}')).not.toThrow()
    children[0]?.emit('exit', 133)
    expect(children.length).toBe(2)
    children[1]?.start()
    const answered = core.request({ kind: 'prepareLastEpisode' })
    const [asked] = children[1]?.posted ?? []
    children[1]?.reply({ id: asked?.id ?? 0, ok: true, value: null })
    expect(await answered).toBeNull()
    expect(downs).toEqual([])
  })

  it('recovers a database only where it is: a recovery never makes an empty database', () => {
    const launches: { recovering?: boolean; mustExist?: boolean }[] = []
    const children: StandInCore[] = []
    const core = new CoreClient(
      (launch) => {
        launches.push(launch)
        const child = new StandInCore(true)
        children.push(child)
        return child
      },
      () => undefined,
    )
    children[0]?.reply({
      kind: 'cannot-start',
      message: 'the database /mnt/usb/eps.sqlite is not there any more',
    })
    children[0]?.emit('exit', 1)
    core.restart({ databaseFile: '/mnt/usb/eps.sqlite', recovering: true })
    expect(launches.at(-1)).toEqual({
      databaseFile: '/mnt/usb/eps.sqlite',
      recovering: true,
      mustExist: true,
    })
    // Another database chosen instead may be a new one.
    children.at(-1)?.reply({ kind: 'cannot-start', message: 'still not there' })
    children.at(-1)?.emit('exit', 1)
    core.restart({ databaseFile: '/home/ada/new.sqlite' })
    expect(launches.at(-1)).toEqual({ databaseFile: '/home/ada/new.sqlite' })
  })
})
