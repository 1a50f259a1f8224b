import { useCallback, useEffect, useState } from 'react'
import { DEFAULT_PREFERENCES, type Preferences } from '../../shared/preferences'
import { answerOf } from './earlyAnswers'
import { call } from './platform'

/**
 * The editor's kept choices: null until the core has answered (a screen may wait, so nothing moves
 * when they arrive). A change shows at once; one the core could not keep is put back and said.
 */
export function usePreferences(onError: (message: string) => void): {
  preferences: Preferences | null
  keep: (changes: Partial<Preferences>) => void
} {
  const [preferences, setPreferences] = useState<Preferences | null>(null)
  useEffect(() => {
    let live = true
    answerOf('preferences.get')
      .then((reply) => {
        if (!reply.ok) throw new Error(reply.error.message)
        return reply.value
      })
      .then(
        (kept) => live && setPreferences(kept),
        // A library that cannot say keeps nothing: the defaults, and a hint that does not get in the way.
        () => live && setPreferences({ ...DEFAULT_PREFERENCES, firstRunHintSeen: true }),
      )
    return () => {
      live = false
    }
  }, [])
  const keep = useCallback(
    (changes: Partial<Preferences>) => {
      setPreferences((now) => (now ? { ...now, ...changes } : now))
      call('preferences.set', changes).then(setPreferences, (e: Error) => {
        void call('preferences.get', {}).then(setPreferences, () => undefined)
        onError(`The choice could not be kept: ${e.message}`)
      })
    },
    [onError],
  )
  return { preferences, keep }
}
