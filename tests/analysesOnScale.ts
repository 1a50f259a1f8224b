import type { Chapter, EpisodeDocument } from '../src/shared/episodeFormat'
import { machineEpisode, withDerivedFields } from './machineEpisode'
import { random } from './seededRandom'

/**
 * `count` analyses of one episode, each cutting it into `chapters` chapters at its own places and
 * scoring every dimension with `value(k)` of a seeded draw k in 0..`levels`-1, on the scale `scale`: the
 * same draws whatever `value` maps them to, so an agreement on a huge scale can be set beside the same
 * one on the draws themselves.
 */
export function analysesOnScale(options: {
  count: number
  chapters: number
  levels: number
  scale: { min: number; max: number }
  value: (k: number) => number
  seed?: number
}): EpisodeDocument[] {
  const { count, chapters, levels, scale, value } = options
  const next = random(options.seed ?? 38)
  const base = machineEpisode('on-scale')
  const durationSeconds = chapters * 10
  const keys = base.rubric.dimensions.map((d) => d.key)
  return Array.from({ length: count }, (_, a): EpisodeDocument => {
    // Analysis a cuts a + 0.5 s before every tenth second (up to 8.5 s): units are cut wherever any of
    // them cuts, and every time keeps its 3 decimals.
    const shift = (a % 9) + 0.5
    const edges = [
      0,
      ...Array.from({ length: chapters - 1 }, (_, i) => (i + 1) * 10 - shift),
      durationSeconds,
    ]
    const own = edges.slice(0, -1).map((start, i): Chapter => ({
      id: `ch${i + 1}`,
      title: `Chapter ${i + 1}`,
      start,
      end: edges[i + 1] as number,
      why: '',
      origin: 'human',
      status: 'accepted',
      scores: Object.fromEntries(
        keys.map((key) => [key, { value: value(Math.floor(next() * levels)), reasoning: 'as heard' }]),
      ),
    }))
    return withDerivedFields({
      ...base,
      episode: { ...base.episode, id: `on-scale-${a + 1}`, durationSeconds },
      rubric: { ...base.rubric, scale },
      transcript: null,
      chapters: own,
      statements: [],
      highlights: [],
      review: { ...base.review, reviewer: `Reviewer ${a + 1}` },
    })
  })
}
