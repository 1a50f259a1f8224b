import { useEffect, useState } from 'react'
import type { TranscriptView } from '../../../../shared/contract'
import { call } from '../../platform'

/** The episode's transcript, fetched again whenever the episode says its revision changed. */
export function useTranscript(
  episodeId: string,
  /** Null until the episode is open: there is nothing to fetch yet. */
  rev: string | null,
  onError: (message: string) => void,
): TranscriptView | null {
  const [transcript, setTranscript] = useState<TranscriptView | null>(null)
  const current = transcript?.rev === rev
  useEffect(() => {
    if (current || rev === null) return
    let live = true
    call('transcript.get', { id: episodeId }).then(
      (next) => {
        if (live) setTranscript(next)
      },
      (e: Error) => onError(e.message),
    )
    return () => {
      live = false
    }
  }, [episodeId, rev, current, onError])
  return transcript
}
