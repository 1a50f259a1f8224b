import type { EpisodeDocument, Statement, TranscriptSegment } from '../src/shared/episodeFormat'
import { SEED_DIMENSIONS, SEED_SCALE } from '../src/shared/rubric'
import { withDerivedFields } from './machineEpisode'
import { random } from './seededRandom'

/** Where the words of a long review episode are: every statement's segment starts on this grid. */
export const LONG_REVIEW = {
  durationSeconds: 3600,
  chapterSeconds: 300,
  statements: 110,
  /** Statement `i` (0-based) is said in a segment starting here. */
  segmentStart: (i: number): number => 20.2 + i * 30,
  /** Words are this far apart and last this long. */
  wordStep: 0.6,
  wordLength: 0.5,
  /** A statement's span takes its segment's words 2 to 8 (of 10). */
  firstWord: 2,
  lastWord: 8,
  /** The one statement whose quote the machine wrote in its own words (it blocks publishing). */
  paraphrased: 4,
} as const

const VOCABULARY = [
  'agents',
  'rewards',
  'models',
  'really',
  'some',
  'training',
  'data',
  'people',
  'think',
  'works',
  'often',
  'better',
  'evaluation',
  'tools',
  'small',
  'open',
  'source',
  'research',
  'hard',
  'simple',
]

const wordTime = (i: number, k: number): { start: number; end: number } => {
  const start = Math.round((LONG_REVIEW.segmentStart(i) + k * LONG_REVIEW.wordStep) * 1000) / 1000
  return { start, end: Math.round((start + LONG_REVIEW.wordLength) * 1000) / 1000 }
}

/** The span of statement `i` as the machine gave it: its segment's words 2 to 8. */
export const statementSpan = (i: number): { start: number; end: number } => ({
  start: wordTime(i, LONG_REVIEW.firstWord).start,
  end: wordTime(i, LONG_REVIEW.lastWord).end,
})

/**
 * A machine's analysis of an hour-long video, seeded: twelve chapters with scores and reasonings that
 * name their score ("scored 8/10"), a highlight per dimension, 110 statements each quoting the words in
 * its span (one paraphrased), and a transcript with word times that says them.
 */
export function longReviewEpisode(media: { fileName: string; sha256: string }, seed = 15): EpisodeDocument {
  const next = random(seed)
  const pick = (): string => VOCABULARY[Math.floor(next() * VOCABULARY.length)] ?? 'word'
  const score = (): number => Math.floor(next() * (SEED_SCALE.max + 1))
  const chapterCount = LONG_REVIEW.durationSeconds / LONG_REVIEW.chapterSeconds
  const segments: TranscriptSegment[] = Array.from({ length: LONG_REVIEW.statements }, (_, i) => {
    const words = Array.from({ length: 10 }, (_, k) => ({ ...wordTime(i, k), text: pick() }))
    return {
      id: `seg${i + 1}`,
      start: words[0]?.start ?? 0,
      end: words.at(-1)?.end ?? 0,
      speakerId: i % 3 === 0 ? 'ada' : 'ben',
      text: words.map((w) => w.text).join(' '),
      words,
    }
  })
  const statements: Statement[] = segments.map((segment, i) => {
    const said = segment.words
      .slice(LONG_REVIEW.firstWord, LONG_REVIEW.lastWord + 1)
      .map((w) => w.text)
      .join(' ')
    const start = statementSpan(i).start
    return {
      id: `s${i + 1}`,
      title: `Claim ${i + 1}`,
      quote: i === LONG_REVIEW.paraphrased ? `In other words, ${said} and so on.` : said,
      ...statementSpan(i),
      speakerId: segment.speakerId,
      chapterId: `c${Math.floor(start / LONG_REVIEW.chapterSeconds) + 1}`,
      origin: 'machine',
      status: 'unreviewed',
    }
  })
  return withDerivedFields({
    format: 'episode-analysis',
    version: 1,
    exportedAt: '2026-01-10T08:00:00.000Z',
    generator: 'scoring-pipeline 2.3',
    episode: {
      id: 'long-review-hour',
      title: 'An hour of agents, reviewed',
      show: 'latent-space',
      publishedOn: '2026-01-09',
      durationSeconds: LONG_REVIEW.durationSeconds,
      sourceUrl: null,
      summary: 'A long interview with many claims.',
      media: { ...media, kind: 'video' },
    },
    participants: [
      { id: 'ada', name: 'Ada Host', role: 'host', affiliation: null },
      { id: 'ben', name: 'Ben Guest', role: 'guest', affiliation: 'Example Lab' },
    ],
    rubric: { scale: SEED_SCALE, dimensions: [...SEED_DIMENSIONS] },
    chapters: Array.from({ length: chapterCount }, (_, c) => ({
      id: `c${c + 1}`,
      title: `Part ${c + 1}`,
      start: c * LONG_REVIEW.chapterSeconds,
      end: (c + 1) * LONG_REVIEW.chapterSeconds,
      why: `Part ${c + 1} turns to a new question.`,
      scores: Object.fromEntries(
        SEED_DIMENSIONS.map((d) => {
          const value = score()
          return [
            d.key,
            { value, reasoning: `Scored ${value}/10: part ${c + 1} on ${d.label.toLowerCase()}.` },
          ]
        }),
      ),
      origin: 'machine',
      status: 'unreviewed',
    })),
    highlights: SEED_DIMENSIONS.map((d, i) => ({
      id: `h${i + 1}`,
      dimension: d.key,
      // The first falls between the first two statements; the others later on.
      time: i === 0 ? 40 : 700 + i * 600,
      title: `Moment of ${d.label.toLowerCase()}`,
      description: `The guest at their clearest on ${d.label.toLowerCase()}.`,
      origin: 'machine',
      status: 'unreviewed',
    })),
    statements,
    transcript: { segments },
    review: { status: 'draft', reviewer: null, updatedAt: '2026-01-10T07:59:00.000Z' },
  })
}
