import { useCallback, useEffect, useState } from 'react'
import type { Preferences } from '../../shared/preferences'
import { call } from './platform'

/**
 * The editor's kept choices: null until the core has answered (a screen may wait, so nothing moves
 * when they arrive). A change shows at once and is kept in the background.
 */
export function usePreferences(): {
  preferences: Preferences | null
  keep: (changes: Partial<Preferences>) => void
} {
  const [preferences, setPreferences] = useState<Preferences | null>(null)
  useEffect(() => {
    let live = true
    call('preferences.get', {}).then(
      (kept) => live && setPreferences(kept),
      // A library that cannot say keeps nothing: the defaults, and a hint that does not get in the way.
      () => live && setPreferences({ firstRunHintSeen: true, playNextAfterDecision: false }),
    )
    return () => {
      live = false
    }
  }, [])
  const keep = useCallback((changes: Partial<Preferences>) => {
    setPreferences((now) => (now ? { ...now, ...changes } : now))
    void call('preferences.set', changes).catch(() => undefined)
  }, [])
  return { preferences, keep }
}
