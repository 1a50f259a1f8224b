import type { ChapterView } from '../../../../shared/contract'

/** What a drag on the waveform shows until the core answers the edit it makes. */
export type SpanPreview =
  /** `id` null: a statement being made. */
  | { kind: 'statement'; id: string | null; start: number; end: number }
  | { kind: 'boundary'; chapterId: string; edge: 'start' | 'end'; from: number; at: number }

// As the core reads a shared boundary: ends within a millisecond.
const SHARED = 0.001

/** The chapters as they will be once the dragged boundary lands; a shared boundary moves both sides. */
export function chaptersWithBoundary(
  chapters: readonly ChapterView[],
  preview: Extract<SpanPreview, { kind: 'boundary' }>,
): ChapterView[] {
  const { chapterId, edge, from, at } = preview
  return chapters.map((c) => {
    if (c.id === chapterId) return { ...c, [edge]: at }
    if (edge === 'end' && Math.abs(c.start - from) <= SHARED) return { ...c, start: at }
    return c
  })
}
