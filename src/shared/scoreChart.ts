import type { ScoreView, SpanView } from './contract'
import { inSpanOrder } from './spanOrder'

/** A scored chapter as the chart draws it: one point of one dimension's series. */
export interface ScorePoint {
  chapterIndex: number
  chapterId: string
  value: number
  reasoning: string
}

export interface ScoreSeries {
  key: string
  label: string
  points: ScorePoint[]
}

/** What a chart needs of an episode: the editor's view and the exported document both have it. */
export interface ScoredEpisode {
  rubric: { scale: { min: number; max: number }; dimensions: readonly { key: string; label: string }[] }
  chapters: readonly (SpanView & { scores: Record<string, ScoreView> })[]
}

/** One series per rubric dimension, in the rubric's order; chapters not scored on it have no point. */
export function scoreSeries(view: ScoredEpisode): ScoreSeries[] {
  const chapters = inSpanOrder(view.chapters)
  return view.rubric.dimensions.map((d) => ({
    key: d.key,
    label: d.label,
    points: chapters.flatMap((c, chapterIndex) => {
      const score = c.scores[d.key]
      return score && score.value !== null
        ? [{ chapterIndex, chapterId: c.id, value: score.value, reasoning: score.reasoning }]
        : []
    }),
  }))
}

/**
 * The runs of a series that a line joins: consecutive chapters that are both scored. A chapter not
 * scored breaks the line rather than drawing a slope the scores never had.
 */
export function seriesRuns(points: readonly ScorePoint[]): ScorePoint[][] {
  const runs: ScorePoint[][] = []
  for (const p of points) {
    const run = runs.at(-1)
    const previous = run?.at(-1)
    if (run && previous && previous.chapterIndex === p.chapterIndex - 1) run.push(p)
    else runs.push([p])
  }
  return runs
}

/** Whole-number ticks from min to max, at most about six of them. */
export function scaleTicks(min: number, max: number): number[] {
  if (!(max > min)) return [min]
  const step = Math.max(1, Math.ceil((max - min) / 5))
  const ticks: number[] = []
  for (let v = min; v < max; v += step) ticks.push(v)
  // A last step shorter than half a step would print two labels on top of each other.
  if (ticks.length > 1 && max - (ticks.at(-1) ?? min) < step / 2) ticks.pop()
  ticks.push(max)
  return ticks
}

/** A dimension's average as the published page writes it: one decimal, a dash when nothing is scored. */
export const formatAverage = (value: number | null | undefined): string =>
  typeof value === 'number' ? value.toFixed(1) : '—'

/** Every k-th label, so that at most `most` of `count` labels are drawn and they do not collide. */
export const labelEvery = (count: number, most: number): number => Math.max(1, Math.ceil(count / most))
