/** Statements of two analyses matched one to one by how much their spans overlap. */

interface Span {
  start: number
  end: number
}

/** Two statements are the same statement when they share at least half of what they cover together. */
export const MATCH_OVERLAP = 0.5

/**
 * How many statements of `a` and `b` match one to one, pairs with a larger intersection over union
 * taken first (equal ones in a's order, then b's), each at least {@link MATCH_OVERLAP}. Candidate pairs
 * come from one sweep over both lists in time order, so the cost follows the overlaps, not n × m.
 */
export function matchStatements(a: readonly Span[], b: readonly Span[]): number {
  const candidates: { ia: number; ib: number; overlap: number }[] = []
  const byStart = (list: readonly Span[]): number[] =>
    list.map((_, i) => i).sort((x, y) => (list[x] as Span).start - (list[y] as Span).start)
  const orderA = byStart(a)
  const orderB = byStart(b)
  // b's statements that started before the current a statement and have not ended by its start.
  let active: number[] = []
  let nextB = 0
  for (const ia of orderA) {
    const sa = a[ia] as Span
    active = active.filter((ib) => (b[ib] as Span).end > sa.start)
    // Those starting within sa join too; ones starting at or after its end cannot overlap it.
    while (nextB < orderB.length && (b[orderB[nextB] as number] as Span).start < sa.end) {
      const ib = orderB[nextB++] as number
      if ((b[ib] as Span).end > sa.start) active.push(ib)
    }
    for (const ib of active) {
      const sb = b[ib] as Span
      const overlap = intersectionOverUnion(sa, sb)
      if (overlap >= MATCH_OVERLAP) candidates.push({ ia, ib, overlap })
    }
  }
  candidates.sort((x, y) => y.overlap - x.overlap || x.ia - y.ia || x.ib - y.ib)
  const usedA = new Set<number>()
  const usedB = new Set<number>()
  for (const { ia, ib } of candidates) {
    if (usedA.has(ia) || usedB.has(ib)) continue
    usedA.add(ia)
    usedB.add(ib)
  }
  return usedA.size
}

function intersectionOverUnion(a: Span, b: Span): number {
  const intersection = Math.min(a.end, b.end) - Math.max(a.start, b.start)
  if (intersection <= 0) return 0
  const union = Math.max(a.end, b.end) - Math.min(a.start, b.start)
  return union > 0 ? intersection / union : 0
}
