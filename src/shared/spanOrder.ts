interface Span {
  start: number
  end: number
  id: string
}

/**
 * A copy of spans in the order episode JSON lists them (start, end, id). Kept apart from
 * episodeFormat's `bySpan` because that module brings zod into the renderer's bundle.
 */
export const inSpanOrder = <T extends Span>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
