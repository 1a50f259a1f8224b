import type { EpisodeDocument } from '../src/shared/episodeFormat'
import { SEED_DIMENSIONS, SEED_SCALE } from '../src/shared/rubric'
import { withDerivedFields } from './machineEpisode'

const VOCABULARY = ['we', 'tried', 'the', 'model', 'on', 'real', 'data', 'and', 'it', 'failed']

/**
 * The file a fuzzing round found to stall the host for twenty minutes, at a size the test can afford:
 * `segments` five-word segments (half with word times, half captions without), and a tenth as many
 * statements each spanning the whole episode: half quoting sixty words said nowhere, half quoting the
 * episode's first sixty words.
 */
export function statementsOverEverything(
  segments: number,
  /** `own segment`: each statement spans one segment instead, as an editor's do. */
  spans: 'everything' | 'own segment' = 'everything',
): EpisodeDocument {
  const transcriptSegments = Array.from({ length: segments }, (_, i) => {
    const start = i * 2.5
    const texts = Array.from({ length: 5 }, (_, j) => VOCABULARY[(i * 5 + j) % VOCABULARY.length] ?? '')
    const words =
      i % 2 === 0
        ? texts.map((text, j) => ({ start: start + j * 0.5, end: start + j * 0.5 + 0.4, text }))
        : []
    return {
      id: `g${i}`,
      start,
      end: start + 2.5,
      speakerId: i % 2 ? 'a' : 'b',
      text: texts.join(' '),
      words,
    }
  })
  const duration = segments * 2.5
  const said = transcriptSegments
    .slice(0, 12)
    .map((s) => s.text)
    .join(' ')
  const nowhere = Array.from({ length: 60 }, (_, i) => `nowhere${i}`).join(' ')
  const statements = Array.from({ length: segments / 10 }, (_, i) => ({
    id: `st${String(i).padStart(6, '0')}`,
    title: `statement ${i}`,
    quote: i % 2 === 0 ? nowhere : said,
    start: spans === 'everything' ? 0 : i * 25,
    end: spans === 'everything' ? duration : i * 25 + 2.5,
    speakerId: 'a',
    chapterId: 'c1',
    origin: 'machine' as const,
    status: 'unreviewed' as const,
  }))
  return withDerivedFields({
    format: 'episode-analysis',
    version: 1,
    exportedAt: '2025-05-10T08:00:00.000Z',
    generator: 'loadLinearTime',
    episode: {
      id: `over-${segments}`,
      title: 'Statements over everything',
      show: 'show',
      publishedOn: '2025-05-09',
      durationSeconds: duration,
      sourceUrl: null,
      summary: 'x',
      media: { fileName: 'x.mp3', sha256: 'ab'.repeat(32), kind: 'audio' },
    },
    participants: [
      { id: 'a', name: 'A', role: 'host', affiliation: null },
      { id: 'b', name: 'B', role: 'guest', affiliation: null },
    ],
    rubric: { scale: SEED_SCALE, dimensions: [...SEED_DIMENSIONS] },
    chapters: [
      {
        id: 'c1',
        title: 'all',
        start: 0,
        end: duration,
        why: 'w',
        origin: 'machine',
        status: 'unreviewed',
        scores: Object.fromEntries(SEED_DIMENSIONS.map((d) => [d.key, { value: 5, reasoning: 'r' }])),
      },
    ],
    highlights: [],
    statements,
    review: { status: 'inReview', reviewer: null, updatedAt: '2025-05-10T08:00:00.000Z' },
    transcript: { segments: transcriptSegments },
  } as Omit<EpisodeDocument, 'speakingBalance' | 'scoreSummary'>)
}
