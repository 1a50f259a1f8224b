interface Span {
  start: number
  end: number
}

/**
 * The chapter a moment falls in. A moment on a boundary two chapters share belongs to the later one,
 * where it starts; the end of the last chapter still belongs to it.
 */
export function chapterAt<C extends Span>(chapters: readonly C[], time: number): C | null {
  return chapters.find((c) => c.start <= time && time < c.end) ?? chapters.find((c) => c.end === time) ?? null
}
