/** A score row with what a machine analysis said beside it. */
export interface StoredScoreRow {
  value: number | null
  reasoning: string
  machine_value: number | null
  machine_reasoning: string | null
  reasoning_confirmed_value: number | null
}

/**
 * Whether a score's reasoning is a machine's, written for another value: the reviewer changed the score
 * and neither rewrote the reasoning nor kept it for the new value (it may even say "scored 8/10").
 */
export const reasoningIsStale = (s: StoredScoreRow): boolean =>
  s.value !== null &&
  s.machine_value !== null &&
  s.machine_reasoning !== null &&
  s.value !== s.machine_value &&
  s.reasoning === s.machine_reasoning &&
  s.reasoning_confirmed_value !== s.value
