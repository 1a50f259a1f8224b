import { useEffect, useState } from 'react'
import { createScope } from './scope'

/**
 * Runs `run` once the next frame is done (its callbacks, style, layout and paint): work that a frame
 * showing an edit need not wait for. Answers a function that cancels it.
 */
export function afterNextFrame(run: () => void): () => void {
  const scope = createScope()
  scope.frame(() => scope.timeout(run))
  return scope.dispose
}

/**
 * `value` as it was one frame ago: what only counts or summarizes (a tab's count of problems) follows
 * after the frame that shows an edit, rather than making that frame wait.
 */
export function useAfterFrame<T>(value: T): T {
  const [late, setLate] = useState(value)
  useEffect(() => afterNextFrame(() => setLate(value)), [value])
  return late
}
