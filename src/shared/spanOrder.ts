interface Span {
  start: number
  end: number
  id: string
}

/** The order episode JSON lists spans in: start, end, id. Here, free of zod, for the renderer too. */
export const bySpan = (a: Span, b: Span): number =>
  a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** A copy of spans in that order. */
export const inSpanOrder = <T extends Span>(items: readonly T[]): T[] => [...items].sort(bySpan)
