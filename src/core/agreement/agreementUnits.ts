/** The units agreement is measured over: the timeline cut wherever any analysis starts or ends a chapter. */

interface Span {
  start: number
  end: number
}

/** Shorter pieces are slivers between two chapterings' boundaries, not something anyone scored. */
export const MIN_UNIT_SECONDS = 1

/**
 * The timeline from 0 to the longest duration, cut at every chapter start and end of every analysis;
 * each piece of at least {@link MIN_UNIT_SECONDS} is a unit, whatever its length.
 */
export function agreementUnits(
  durations: readonly number[],
  chapterings: readonly (readonly Span[])[],
): Span[] {
  const end = Math.max(0, ...durations)
  const cuts = new Set<number>([0, end])
  for (const chapters of chapterings)
    for (const c of chapters) for (const t of [c.start, c.end]) if (t > 0 && t < end) cuts.add(t)
  const sorted = [...cuts].sort((a, b) => a - b)
  const units: Span[] = []
  for (let i = 0; i + 1 < sorted.length; i++) {
    const start = sorted[i] as number
    const next = sorted[i + 1] as number
    if (next - start >= MIN_UNIT_SECONDS) units.push({ start, end: next })
  }
  return units
}

/**
 * For each unit, the index of the chapter holding its midpoint (start <= t < end), or -1. Units and
 * chapters are both walked in time order, once.
 */
export function chapterOfUnits(units: readonly Span[], chapters: readonly Span[]): number[] {
  const order = chapters
    .map((_, i) => i)
    .sort((a, b) => (chapters[a] as Span).start - (chapters[b] as Span).start)
  const found: number[] = []
  let next = 0
  // Chapters that have started by the midpoint and may still hold it; an analysis's chapters rarely overlap.
  const open: number[] = []
  for (const unit of units) {
    const mid = (unit.start + unit.end) / 2
    while (next < order.length && (chapters[order[next] as number] as Span).start <= mid)
      open.push(order[next++] as number)
    let holder = -1
    for (let i = open.length - 1; i >= 0; i--) {
      const chapter = chapters[open[i] as number] as Span
      if (chapter.end <= mid) open.splice(i, 1)
      else if (holder === -1 || (open[i] as number) < holder) holder = open[i] as number
    }
    found.push(holder)
  }
  return found
}
