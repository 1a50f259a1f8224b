import type { ChapterView } from '../../../../shared/contract'

/** What a drag on the waveform shows until the core answers the edit it makes. */
export type SpanPreview =
  /** `id` null: a statement being made. `snapped`: the edges on a word boundary, shown so. */
  | {
      kind: 'statement'
      id: string | null
      start: number
      end: number
      snapped?: { start: boolean; end: boolean }
    }
  | {
      kind: 'boundary'
      chapterId: string
      edge: 'start' | 'end'
      from: number
      at: number
      snapped?: boolean
    }

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

/** The dragged edges that sit on a word boundary, as the waveform names them (`start end`), if any. */
export function snappedEdges(preview: SpanPreview | null): string | undefined {
  if (!preview?.snapped) return undefined
  const edges =
    preview.kind === 'boundary'
      ? [preview.edge]
      : (['start', 'end'] as const).filter((edge) => preview.snapped?.[edge])
  return edges.length > 0 ? edges.join(' ') : undefined
}
