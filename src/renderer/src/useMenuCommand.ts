import { useEffect, useLayoutEffect, useRef } from 'react'
import { platform } from './platform'

/** Runs `handler` for each native-menu command; the latest handler is always the one called. */
export function useMenuCommand(handler: (command: string) => void): void {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useEffect(() => platform.onMenuCommand((command) => latest.current(command)), [])
}
