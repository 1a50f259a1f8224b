import { chapterAt } from './chapterAt'
import type { ChapterView, EpisodeView, HighlightView, StatementView } from './contract'
import { inSpanOrder } from './spanOrder'
import { formatClock } from './time'
import { lastMillis } from './preciseTime'

export type ProblemKind =
  | 'statementOutsideMedia'
  | 'statementSpan'
  | 'quoteMismatch'
  | 'chapterGap'
  | 'chapterOverlap'
  | 'scoreWithoutReasoning'
  | 'highlightOutsideChapters'
  | 'duplicateHighlight'
  | 'unknownDimension'
  | 'mediaLength'

/** Something in the analysis an editor should fix before publishing, and where it is. */
export interface Problem {
  /** Stable across views, so the panel can keep its place. */
  key: string
  kind: ProblemKind
  message: string
  /** The item to select and the time to go to when the problem is clicked. */
  target: { kind: 'statement' | 'chapter' | 'highlight'; id: string } | null
  time: number
}

// Times are kept to the millisecond; comparing whole milliseconds keeps float noise from making a
// gap of 0.000001 s out of two chapters that share a boundary.
const millis = (seconds: number): number => Math.round(seconds * 1000)

const quoted = (title: string, fallback: string): string => (title.trim() ? `“${title.trim()}”` : fallback)
const statementName = (s: StatementView): string =>
  quoted(s.title, `the statement at ${formatClock(s.start)}`)
const chapterName = (c: ChapterView): string =>
  quoted(c.title, `the chapter at ${formatClock(c.start)}–${formatClock(c.end)}`)

function statementProblems(view: EpisodeView): Problem[] {
  const duration = view.summary.durationSeconds
  const problems: Problem[] = []
  for (const s of view.statements) {
    const target = { kind: 'statement', id: s.id } as const
    // Named only when it has a problem: most statements have none.
    const name = (): string => statementName(s)
    if (s.start > duration || s.end > duration)
      problems.push({
        key: `statement-outside:${s.id}`,
        kind: 'statementOutsideMedia',
        message: `Statement ${name()} ${s.start > duration ? `starts at ${formatClock(s.start)}` : `ends at ${formatClock(s.end)}`}, past the media's end (${formatClock(duration)})`,
        target,
        time: Math.min(s.start, duration),
      })
    if (s.start >= s.end)
      problems.push({
        key: `statement-span:${s.id}`,
        kind: 'statementSpan',
        message: `Statement ${name()} starts at ${formatClock(s.start)}, not before its end (${formatClock(s.end)})`,
        target,
        time: s.start,
      })
    if (s.quoteProblem !== null)
      problems.push({
        key: `statement-quote:${s.id}`,
        kind: 'quoteMismatch',
        message: `Statement ${name()}: ${s.quoteProblem}`,
        target,
        time: s.start,
      })
  }
  return problems
}

function chapterCoverageProblems(view: EpisodeView): Problem[] {
  const chapters = inSpanOrder(view.chapters)
  const first = chapters[0]
  const last = chapters.at(-1)
  if (!first || !last) return []
  const problems: Problem[] = []
  const gap = (key: string, from: number, to: number, message: string, chapter: ChapterView): void => {
    problems.push({
      key,
      kind: 'chapterGap',
      message: `No chapter covers ${formatClock(from)}–${formatClock(to)} ${message}`,
      target: { kind: 'chapter', id: chapter.id },
      time: from,
    })
  }
  if (millis(first.start) > 0)
    gap(`chapter-gap-start:${first.id}`, 0, first.start, `before ${chapterName(first)}`, first)
  for (let i = 1; i < chapters.length; i++) {
    const before = chapters[i - 1]
    const after = chapters[i]
    if (!before || !after) continue
    const between = `${chapterName(before)} and ${chapterName(after)}`
    if (millis(after.start) > millis(before.end))
      gap(`chapter-gap:${before.id}:${after.id}`, before.end, after.start, `between ${between}`, after)
    else if (millis(after.start) < millis(before.end))
      problems.push({
        key: `chapter-overlap:${before.id}:${after.id}`,
        kind: 'chapterOverlap',
        message: `Chapters ${between} overlap from ${formatClock(after.start)} to ${formatClock(Math.min(before.end, after.end))}`,
        target: { kind: 'chapter', id: after.id },
        time: after.start,
      })
  }
  const duration = view.summary.durationSeconds
  if (millis(last.end) < millis(lastMillis(duration)))
    gap(`chapter-gap-end:${last.id}`, last.end, duration, `after ${chapterName(last)}`, last)
  return problems
}

function scoreProblems(view: EpisodeView): Problem[] {
  const problems: Problem[] = []
  const labels = new Map(view.rubric.dimensions.map((d) => [d.key, d.label]))
  for (const chapter of view.chapters)
    for (const [dimension, score] of Object.entries(chapter.scores))
      if (score.value !== null && score.reasoning.trim() === '')
        problems.push({
          key: `score-reasoning:${chapter.id}:${dimension}`,
          kind: 'scoreWithoutReasoning',
          message: `The “${labels.get(dimension) ?? dimension}” score (${score.value}) of ${chapterName(chapter)} has no reasoning`,
          target: { kind: 'chapter', id: chapter.id },
          time: chapter.start,
        })
  return problems
}

function highlightProblems(view: EpisodeView): Problem[] {
  const problems: Problem[] = []
  const dimensions = new Map(view.rubric.dimensions.map((d) => [d.key, d]))
  const seen = new Map<string, HighlightView>()
  const sorted = [...view.highlights].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id))
  for (const h of sorted) {
    const target = { kind: 'highlight', id: h.id } as const
    const at = formatClock(h.time)
    const dimension = dimensions.get(h.dimension)
    const name = dimension?.highlightLabel || dimension?.label || h.dimension
    if (!dimension)
      problems.push({
        key: `highlight-dimension:${h.id}`,
        kind: 'unknownDimension',
        message: `The highlight at ${at} is for “${h.dimension}”, which is not a dimension of the rubric`,
        target,
        time: h.time,
      })
    const earlier = seen.get(h.dimension)
    if (earlier)
      problems.push({
        key: `highlight-duplicate:${h.id}`,
        kind: 'duplicateHighlight',
        message: `A second “${name}” highlight at ${at} (the first is at ${formatClock(earlier.time)}): keep one`,
        target,
        time: h.time,
      })
    else seen.set(h.dimension, h)
    if (view.chapters.length > 0 && chapterAt(view.chapters, h.time) === null)
      problems.push({
        key: `highlight-outside:${h.id}`,
        kind: 'highlightOutsideChapters',
        message: `The “${name}” highlight at ${at} is in no chapter`,
        target,
        time: h.time,
      })
  }
  return problems
}

/** What the editor is told of media that decodes to another length than its file declares. */
export function mediaLengthMessage(view: EpisodeView): string | null {
  const declared = view.media?.declaredSeconds ?? null
  if (declared === null) return null
  const decoded = view.summary.durationSeconds
  const shorter = decoded < declared
  return `The media file ${view.media?.fileName ?? ''} declares ${formatClock(declared)}, but ${shorter ? 'only ' : ''}${formatClock(decoded)} of its audio decodes${shorter ? ' (is it cut short?)' : ''}: the episode is ${formatClock(decoded)} long.`
}

function mediaProblems(view: EpisodeView): Problem[] {
  const message = mediaLengthMessage(view)
  return message === null
    ? []
    : [{ key: 'media-length', kind: 'mediaLength', message, target: null, time: 0 }]
}

/** Every problem the episode's view has now, in the order of the media. */
export function findProblems(view: EpisodeView): Problem[] {
  return [
    ...mediaProblems(view),
    ...statementProblems(view),
    ...chapterCoverageProblems(view),
    ...scoreProblems(view),
    ...highlightProblems(view),
  ].sort((a, b) => a.time - b.time || a.key.localeCompare(b.key))
}
