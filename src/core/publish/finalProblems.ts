import type { EpisodeDocument } from '../../shared/episodeFormat'
import { jsonPointer } from '../../shared/jsonPointer'
import { formatPreciseClock } from '../../shared/preciseTime'

// Whole milliseconds, so that float noise never makes a gap of two chapters that share a boundary.
const millis = (seconds: number): number => Math.round(seconds * 1000)

/**
 * Why the analysis cannot be published as final yet (shared/episode-format.md, `review`), each as
 * `<json path>: <what is wrong>` in the order of the document; empty when it can.
 */
export function finalExportProblems(doc: EpisodeDocument): string[] {
  const problems: string[] = []
  const add = (path: PropertyKey[], message: string): void => {
    problems.push(`${jsonPointer(path)}: ${message}`)
  }
  const { chapters } = doc
  if (chapters.length === 0) add(['chapters'], 'no chapters; a final export covers the whole media with them')
  chapters.forEach((chapter, i) => {
    if (chapter.status === 'unreviewed') add(['chapters', i, 'status'], 'unreviewed')
    const previousEnd = i === 0 ? 0 : (chapters[i - 1]?.end ?? 0)
    if (millis(chapter.start) > millis(previousEnd))
      add(
        ['chapters', i, 'start'],
        `a gap: no chapter covers ${formatPreciseClock(previousEnd)}–${formatPreciseClock(chapter.start)}`,
      )
    if (chapter.why === '') add(['chapters', i, 'why'], 'empty')
    for (const { key } of doc.rubric.dimensions) {
      const score = chapter.scores[key]
      if (!score || score.value === null) add(['chapters', i, 'scores', key, 'value'], 'not scored')
      if (!score || score.reasoning === '') add(['chapters', i, 'scores', key, 'reasoning'], 'empty')
    }
  })
  const last = chapters.at(-1)
  const duration = doc.episode.durationSeconds
  // The last chapter ends at the last whole millisecond of the media (60.029 of 60.029388): no gap.
  if (last && millis(last.end) < Math.floor(duration * 1000))
    add(
      ['chapters', chapters.length - 1, 'end'],
      `a gap: no chapter covers ${formatPreciseClock(last.end)}–${formatPreciseClock(duration)}, the end of the media`,
    )
  doc.highlights.forEach((h, i) => {
    if (h.status === 'unreviewed') add(['highlights', i, 'status'], 'unreviewed')
  })
  doc.statements.forEach((s, i) => {
    if (s.status === 'unreviewed') add(['statements', i, 'status'], 'unreviewed')
  })
  return problems
}
