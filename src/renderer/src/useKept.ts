import { useState } from 'react'

/**
 * `value`, or the one kept from an earlier render while `same` finds no difference that matters here:
 * a part of the screen that draws only some fields of a list (the waveform draws chapters' spans and
 * titles) then keeps its memos, and skips its drawing, when an edit changed only the other fields.
 */
export function useKept<T>(value: T, same: (kept: T, next: T) => boolean): T {
  const [kept, setKept] = useState(value)
  if (kept === value || same(kept, value)) return kept
  setKept(value)
  return value
}
