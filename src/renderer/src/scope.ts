import { useLayoutEffect, useState } from 'react'

/*
 * Every listener and timer in the renderer has one owner, a scope, that removes or cancels all it holds
 * at once: an effect's cleanup, or a component's unmount, cannot forget one of them (a listener left on
 * `window` after its screen closed keeps acting on it). The raw calls (`addEventListener`, `setTimeout`,
 * `requestAnimationFrame`, …) are refused by lint everywhere in the renderer but here (eslint.config.mjs).
 */

/** One listener or timer a scope holds: `cancel` removes or cancels it early (a no-op once it is gone). */
export interface Held {
  cancel(): void
}

/** The events a target sends, by name, as the DOM types them; any other target sends plain `Event`s. */
type EventsOf<T> = T extends Window
  ? WindowEventMap
  : T extends Document
    ? DocumentEventMap
    : T extends HTMLMediaElement
      ? HTMLMediaElementEventMap
      : T extends HTMLElement
        ? HTMLElementEventMap
        : T extends MediaQueryList
          ? MediaQueryListEventMap
          : Record<string, Event>

export interface Scope {
  /** `target.addEventListener`, removed (with the same capture) when cancelled or disposed. */
  listen<T extends EventTarget, K extends keyof EventsOf<T> & string>(
    target: T,
    type: K,
    handler: (event: EventsOf<T>[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): Held
  /** `setTimeout`; once it has run it is no longer held, so `fn` may schedule the next one. */
  timeout(fn: () => void, ms?: number): Held
  /** `setInterval`. */
  interval(fn: () => void, ms: number): Held
  /** `requestAnimationFrame`. */
  frame(fn: (time: number) => void): Held
  /**
   * `requestIdleCallback`. An engine without it (Safari) runs `fn` on the next task, with a frame's
   * time to spend.
   */
  idle(fn: (deadline: IdleDeadline) => void, options?: IdleRequestOptions): Held
  /** A scope of its own (a drag's listeners, say), disposed with this one or on its own before. */
  child(): Scope
  /**
   * Removes and cancels everything held, newest first. What is asked of a disposed scope is not done:
   * an answer arriving after an effect's cleanup cannot start a timer nobody will cancel.
   */
  dispose(): void
  readonly disposed: boolean
}

const NOTHING_HELD: Held = { cancel: () => undefined }

/** A scope that `useScope` opens again when React mounts its component a second time (StrictMode). */
interface Reopenable extends Scope {
  reopen(): void
}

/** `onDispose`: a child scope's parent lets go of it. */
function makeScope(onDispose?: () => void): Reopenable {
  // Insertion order: disposed newest first, as nested cleanups would run.
  const held = new Set<() => void>()
  let disposed = false

  /** Holds `release` until cancelled, disposed or `forget`-ed (a timer that ran). */
  const hold = (release: () => void): Held & { forget(): void } => {
    const entry = (): void => release()
    held.add(entry)
    return {
      cancel: () => {
        if (held.delete(entry)) release()
      },
      forget: () => {
        held.delete(entry)
      },
    }
  }

  const scope: Reopenable = {
    get disposed() {
      return disposed
    },
    listen(target, type, handler, options) {
      if (disposed) return NOTHING_HELD
      const once = typeof options === 'object' && options.once === true
      const capture = typeof options === 'boolean' ? options : options?.capture === true
      // A one-shot listener the target drops itself is no longer held once it has run. Any other is
      // added as it is, so adding the same handler twice stays one listener, as the DOM has it.
      const listener = (
        once
          ? (event: Event) => {
              handle.forget()
              handler(event as never)
            }
          : handler
      ) as EventListener
      target.addEventListener(type, listener, options)
      // As an object: Node's EventTarget reads no capture flag from a boolean here (browsers do).
      const handle = hold(() => target.removeEventListener(type, listener, { capture }))
      return handle
    },
    timeout(fn, ms) {
      if (disposed) return NOTHING_HELD
      const id = setTimeout(() => {
        handle.forget()
        fn()
      }, ms)
      const handle = hold(() => clearTimeout(id))
      return handle
    },
    interval(fn, ms) {
      if (disposed) return NOTHING_HELD
      const id = setInterval(fn, ms)
      return hold(() => clearInterval(id))
    },
    frame(fn) {
      if (disposed) return NOTHING_HELD
      const id = requestAnimationFrame((time) => {
        handle.forget()
        fn(time)
      })
      const handle = hold(() => cancelAnimationFrame(id))
      return handle
    },
    idle(fn, options) {
      if (disposed) return NOTHING_HELD
      if (typeof requestIdleCallback !== 'function') {
        return scope.timeout(() => {
          const end = performance.now() + 16
          fn({ didTimeout: false, timeRemaining: () => Math.max(0, end - performance.now()) })
        }, 0)
      }
      const id = requestIdleCallback((deadline) => {
        handle.forget()
        fn(deadline)
      }, options)
      const handle = hold(() => cancelIdleCallback(id))
      return handle
    },
    child() {
      if (disposed) {
        const dead = makeScope()
        dead.dispose()
        return dead
      }
      // Disposed on its own, it is no longer held here.
      const inner = makeScope(() => handle.forget())
      const handle = hold(() => inner.dispose())
      return inner
    },
    dispose() {
      if (disposed) return
      disposed = true
      onDispose?.()
      const releases = [...held].reverse()
      held.clear()
      for (const release of releases) release()
    },
    reopen() {
      disposed = false
    },
  }
  return scope
}

/** A scope for an effect: `return scope.dispose` from it. */
export function createScope(): Scope {
  return makeScope()
}

/** What lives as long as the page: listeners set up once at its start, timers nothing else owns. */
export const pageScope: Scope = createScope()

/**
 * A component's scope and its mount: `mount` (a layout effect) opens the scope, again after StrictMode's
 * trial unmount has disposed it, and answers the scope's disposal for the unmount.
 */
export function componentScope(): { scope: Scope; mount: () => () => void } {
  const scope = makeScope()
  return {
    scope,
    mount: () => {
      scope.reopen()
      return scope.dispose
    },
  }
}

/**
 * A scope for a component's life, disposed when it unmounts: for timers and listeners started by its
 * event handlers (an effect's own are better held by a `createScope()` the effect disposes).
 */
export function useScope(): Scope {
  const [owner] = useState(componentScope)
  // A layout effect, so that the scope is open before any of the component's effects run again.
  useLayoutEffect(() => owner.mount(), [owner])
  return owner.scope
}
