import { useEffect, useState } from 'react'
import { call } from './platform'

/** A screen's script, fetched once; `module` is there as soon as it has come. */
export interface ScreenScript<T> {
  module: T | null
  load: () => Promise<T>
}

/** A script that could not be fetched is fetched again at the next `load`. */
export function screenScript<T>(fetch: () => Promise<T>): ScreenScript<T> {
  let pending: Promise<T> | null = null
  const script: ScreenScript<T> = {
    module: null,
    load: () =>
      (pending ??= fetch().then(
        (module) => (script.module = module),
        (error: unknown) => {
          pending = null
          throw error
        },
      )),
  }
  return script
}

/**
 * Why a screen's script did not come, in the words the host's answers use: a host restarted or gone
 * is what stops it most often, and a call says which; else the fetch's own reason.
 */
async function whyNotLoaded(error: unknown): Promise<string> {
  try {
    await call('reviewer.get', {})
  } catch (hostFault) {
    return (hostFault as Error).message
  }
  return `This screen's code could not be loaded (${(error as Error).message}). Reload the page to try again.`
}

/**
 * The screen drawn by `draw` once its script is there: at once when it already is. Keyed by screen and
 * what it shows (two screens of one episode are not one element whose script changes). Not React.lazy: a
 * screen that suspends is shown no sooner than 300 ms after its fallback (React's throttle), even when
 * its script comes in a millisecond.
 */
export function Loaded<T>(props: {
  script: ScreenScript<T>
  draw: (module: T) => React.JSX.Element
}): React.JSX.Element {
  const { script } = props
  const [module, setModule] = useState(script.module)
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    if (module === null)
      script.load().then(
        (m) => live && setModule(m),
        (error: unknown) => void whyNotLoaded(error).then((why) => live && setFailure(why)),
      )
    return () => {
      live = false
    }
  }, [script, module, attempt])
  if (module !== null) return props.draw(module)
  if (failure === null) return <p className="hint screen-loading">Opening…</p>
  return (
    <p role="alert" className="error screen-loading">
      {failure}{' '}
      <button
        type="button"
        onClick={() => {
          setFailure(null)
          setAttempt((n) => n + 1)
        }}
      >
        Try again
      </button>
    </p>
  )
}
