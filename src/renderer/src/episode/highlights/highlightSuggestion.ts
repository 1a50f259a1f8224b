import type { ChapterView } from '../../../../shared/contract'

export interface HighlightSuggestion {
  chapter: ChapterView
  value: number
}

/**
 * The chapter that scores highest on a dimension: where its highlight most likely belongs. The earliest
 * wins a tie; nothing is suggested while no chapter scores above the bottom of the scale.
 */
export function suggestHighlight(
  chapters: readonly ChapterView[],
  dimension: string,
  scale: { min: number },
): HighlightSuggestion | null {
  let best: HighlightSuggestion | null = null
  for (const chapter of chapters) {
    const value = chapter.scores[dimension]?.value
    if (value === null || value === undefined || value <= scale.min) continue
    if (!best || value > best.value) best = { chapter, value }
  }
  return best
}
