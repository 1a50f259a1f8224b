import { useState } from 'react'

/**
 * `value`, or the one kept from an earlier render while `same` finds no difference that matters here:
 * a part of the screen that draws only some fields of a list (the waveform draws chapters' spans and
 * titles) then keeps its memos, and skips its drawing, when an edit changed only the other fields.
 * `same` runs once per new value, not at every render.
 */
export function useKept<T>(value: T, same: (kept: T, next: T) => boolean): T {
  const [state, setState] = useState({ kept: value, seen: value })
  if (state.seen === value) return state.kept
  const kept = same(state.kept, value) ? state.kept : value
  setState({ kept, seen: value })
  return kept
}
