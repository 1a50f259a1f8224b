import { useEffect, useRef, useState } from 'react'
import type { TranscriptView } from '../../../../shared/contract'
import { call } from '../../platform'

/**
 * The episode's transcript, fetched again whenever the episode says its revision changed. The first
 * fetch starts with the episode's own (before its revision is known): the page lays out the episode
 * while the core prepares the transcript. One request is in flight at a time; an answer older than the
 * revision wanted is followed by another.
 */
export function useTranscript(
  episodeId: string,
  /** Null until the episode is open. */
  rev: string | null,
  onError: (message: string) => void,
): TranscriptView | null {
  const [held, setHeld] = useState<{ episodeId: string; transcript: TranscriptView } | null>(null)
  const [answers, setAnswers] = useState(0)
  const asking = useRef<string | null>(null)
  // A refusal is not asked again until the revision changes.
  const refused = useRef<string | null>(null)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const mine = held?.episodeId === episodeId ? held.transcript : null
  const current = mine !== null && (rev === null || mine.rev === rev)
  useEffect(() => {
    const wanted = `${episodeId} ${rev}`
    if (current || asking.current === episodeId || refused.current === wanted) return
    asking.current = episodeId
    const settle = (): void => {
      if (asking.current === episodeId) asking.current = null
      // Looked at again: the revision may have moved on while this answer was on its way.
      if (mounted.current) setAnswers((n) => n + 1)
    }
    call('transcript.get', { id: episodeId }).then(
      (transcript) => {
        if (mounted.current) setHeld({ episodeId, transcript })
        settle()
      },
      (e: Error) => {
        refused.current = wanted
        settle()
        onError(e.message)
      },
    )
  }, [episodeId, rev, current, answers, onError])
  return mine
}
