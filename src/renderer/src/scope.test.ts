import { afterEach, describe, expect, it, vi } from 'vitest'
import { componentScope, createScope } from './scope'

/** The test's own clock, outside the scopes it checks: a timer due sooner always runs before it ends. */
const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    // eslint-disable-next-line no-restricted-globals -- the clock the scopes are checked against
    setTimeout(resolve, ms)
  })

/** Node has no frames: a frame is drawn when the test says so. */
function frameClock(): { draw: () => void } {
  const waiting = new Map<number, FrameRequestCallback>()
  let next = 0
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    waiting.set(++next, callback)
    return next
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => waiting.delete(id))
  return {
    draw: () => {
      const due = [...waiting.values()]
      waiting.clear()
      for (const callback of due) callback(0)
    },
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a scope', () => {
  it('removes every listener it added when disposed, those added for the capture phase too', () => {
    const target = new EventTarget()
    const heard: string[] = []
    const scope = createScope()
    scope.listen(target, 'ping', () => heard.push('plain'))
    scope.listen(target, 'ping', () => heard.push('capture'), true)
    scope.listen(target, 'ping', () => heard.push('capture option'), { capture: true })
    target.dispatchEvent(new Event('ping'))
    expect(heard).toEqual(['plain', 'capture', 'capture option'])
    scope.dispose()
    target.dispatchEvent(new Event('ping'))
    expect(heard).toHaveLength(3)
    expect(scope.disposed).toBe(true)
  })

  it('removes one listener alone when it is cancelled, and a one-shot listener runs once', () => {
    const target = new EventTarget()
    const heard: string[] = []
    const scope = createScope()
    const first = scope.listen(target, 'ping', () => heard.push('first'))
    scope.listen(target, 'ping', () => heard.push('second'))
    const once = scope.listen(target, 'ping', () => heard.push('once'), { once: true })
    first.cancel()
    target.dispatchEvent(new Event('ping'))
    target.dispatchEvent(new Event('ping'))
    // Cancelling what has already gone, or cancelling twice, touches nothing else.
    once.cancel()
    first.cancel()
    target.dispatchEvent(new Event('ping'))
    expect(heard).toEqual(['second', 'once', 'second', 'second'])
  })

  it('cancels its timers when disposed: timeouts, intervals and one that schedules the next', async () => {
    const scope = createScope()
    const ran: string[] = []
    scope.timeout(() => ran.push('timeout'), 1)
    let polls = 0
    const poll = (): void => {
      polls++
      scope.timeout(poll, 1)
    }
    scope.timeout(poll, 1)
    let ticks = 0
    scope.interval(() => ticks++, 1)
    const never = scope.timeout(() => ran.push('cancelled'), 1)
    never.cancel()
    // However busy the machine, each keeps running until the scope is disposed.
    while (polls < 3 || ticks < 3) await pause(5)
    expect(ran).toEqual(['timeout'])

    const late = createScope()
    late.timeout(() => ran.push('disposed before it was due'), 1)
    late.dispose()
    scope.dispose()
    const [pollsThen, ticksThen] = [polls, ticks]
    await pause(40)
    expect([polls, ticks]).toEqual([pollsThen, ticksThen])
    expect(ran).toEqual(['timeout'])
  })

  it('cancels the frames it asked for, and a frame may ask for the next', () => {
    const clock = frameClock()
    const scope = createScope()
    const drawn: string[] = []
    scope.frame(() => drawn.push('one'))
    scope.frame(() => drawn.push('cancelled')).cancel()
    const follow = (): void => {
      drawn.push('follow')
      scope.frame(follow)
    }
    scope.frame(follow)
    clock.draw()
    clock.draw()
    expect(drawn).toEqual(['one', 'follow', 'follow'])
    scope.dispose()
    clock.draw()
    expect(drawn).toHaveLength(3)
  })

  it('runs idle work where the engine has no idle callbacks, and cancels it when disposed', async () => {
    const scope = createScope()
    const done: number[] = []
    scope.idle((deadline) => done.push(deadline.timeRemaining()))
    scope.idle(() => done.push(-1)).cancel()
    await pause(20)
    expect(done).toHaveLength(1)
    scope.idle(() => done.push(-2))
    scope.dispose()
    await pause(20)
    expect(done).toHaveLength(1)
  })

  it('does nothing asked of it once disposed: a late answer cannot start what nobody would stop', async () => {
    const target = new EventTarget()
    const scope = createScope()
    scope.dispose()
    const heard: string[] = []
    scope.listen(target, 'ping', () => heard.push('listener'))
    scope.timeout(() => heard.push('timeout'), 1)
    scope.child().timeout(() => heard.push('child'), 1)
    target.dispatchEvent(new Event('ping'))
    await pause(20)
    expect(heard).toEqual([])
  })

  it('disposes its children with it, and a child disposed alone leaves the rest', () => {
    const target = new EventTarget()
    const heard: string[] = []
    const scope = createScope()
    scope.listen(target, 'ping', () => heard.push('parent'))
    const drag = scope.child()
    drag.listen(target, 'ping', () => heard.push('drag'))
    drag.dispose()
    target.dispatchEvent(new Event('ping'))
    const again = scope.child()
    again.listen(target, 'ping', () => heard.push('again'))
    scope.dispose()
    target.dispatchEvent(new Event('ping'))
    expect(heard).toEqual(['parent'])
    expect(again.disposed).toBe(true)
  })
})

describe("a component's scope", () => {
  it("holds again after StrictMode's trial unmount, and lets go at the real one", async () => {
    const { scope, mount } = componentScope()
    const ran: string[] = []
    // StrictMode mounts, unmounts and mounts again.
    mount()()
    const unmount = mount()
    scope.timeout(() => ran.push('after the second mount'), 1)
    await pause(20)
    expect(ran).toEqual(['after the second mount'])
    scope.timeout(() => ran.push('after the unmount'), 1)
    unmount()
    await pause(20)
    expect(ran).toEqual(['after the second mount'])
  })
})
