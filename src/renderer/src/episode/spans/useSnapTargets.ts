import { useMemo } from 'react'
import type { TranscriptView } from '../../../../shared/contract'
import { snapTargets, type SnapTargets } from './spanSnapping'

/**
 * Where edges snap, once per transcript: an edge set from the playhead (placed by ear) to words and cue
 * edges; a drag (placed by eye) to the estimated words of captions too.
 */
export function useSnapTargets(transcript: TranscriptView | null): { keys: SnapTargets; drag: SnapTargets } {
  return useMemo(
    () => ({ keys: snapTargets(transcript), drag: snapTargets(transcript, { estimated: true }) }),
    [transcript],
  )
}
