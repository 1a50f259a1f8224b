import { scoreSummary, speakingBalance, speechByRole } from '../src/core/export/derivedFields'
import {
  bySpan,
  type Chapter,
  type EpisodeDocument,
  type Highlight,
  type Participant,
  type Statement,
  type TranscriptSegment,
} from '../src/shared/episodeFormat'
import { SEED_DIMENSIONS, SEED_SCALE } from '../src/shared/rubric'
// The same episode on every run.
import { random } from '../tests/seededRandom'
import type { Sizes } from './sizes'

const VOCABULARY = (
  'the a of to and in that it is we was for on you with as this they but be at what so have from not ' +
  'model models training data reward rewards agent agents policy learning reinforcement evaluation ' +
  'benchmark benchmarks compute scaling inference latency context window token tokens prompt system ' +
  'research paper papers result results question questions answer answers problem problems approach ' +
  'think really actually basically probably maybe interesting important different hard easy clear ' +
  'people team teams company companies open source closed product products users customers market ' +
  'build building built ship shipping release released test tests testing measure measured signal ' +
  'verifiable environment environments tool tools call calls search code coding math proof proofs ' +
  'year years month week day time times first second last next early late long short big small ' +
  'because although however therefore instead anyway right okay yeah sure exactly totally'
).split(' ')

const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000

/**
 * A machine analysis at the scale `options.scale` names (the full bench: four hours, 40,000 words), as a scoring pipeline would write it: a transcript
 * with word times (Whisper-like: ten words a segment), chapters scored with reasoning, statements quoting
 * the transcript (a few not quite), one highlight per dimension, everything unreviewed.
 */
export function scaleEpisode(options: {
  id: string
  durationSeconds: number
  media: { fileName: string; sha256: string }
  scale: Sizes['scale']
  /** Another seed makes another episode's words, scores and titles (the library's episodes differ). */
  seed?: number
}): EpisodeDocument {
  const SCALE = options.scale
  const next = random(options.seed ?? 7)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const sentence = (count: number): string => {
    const words = Array.from({ length: count }, () => pick(VOCABULARY))
    const first = words[0] ?? 'so'
    return `${first[0]?.toUpperCase()}${first.slice(1)} ${words.slice(1).join(' ')}.`
  }

  const participants: Participant[] = [
    { id: 'host', name: 'Alex Host', role: 'host', affiliation: 'The Show' },
    { id: 'guest', name: 'Sam Guest', role: 'guest', affiliation: 'A Lab' },
    { id: 'cohost', name: 'Kim Cohost', role: 'host', affiliation: 'The Show' },
  ]

  // 3.59 s a segment (four hours for 4,000) leaves the last one well inside the media, whatever the mp3
  // frames add.
  const slot = 3.59
  if (slot * SCALE.segments > options.durationSeconds - 10)
    throw new Error(`${SCALE.segments} segments do not fit in ${options.durationSeconds} s of media`)
  const wordsPerSegment = SCALE.words / SCALE.segments
  const segments: TranscriptSegment[] = []
  let speaker = 'host'
  let turnLeft = 0
  for (let i = 0; i < SCALE.segments; i++) {
    if (turnLeft-- <= 0) {
      speaker = speaker === 'guest' ? pick(['host', 'host', 'cohost']) : 'guest'
      turnLeft = 1 + Math.floor(next() * (speaker === 'guest' ? 8 : 3))
    }
    const start = i * slot
    const text = sentence(wordsPerSegment)
    const words = text.split(' ').map((word, k) => ({
      start: ms(start + k * 0.34),
      end: ms(start + k * 0.34 + 0.3),
      text: word,
    }))
    segments.push({
      id: `seg${i}`,
      start: ms(start),
      end: words.at(-1)?.end ?? ms(start + 3),
      speakerId: speaker,
      text,
      words,
    })
  }

  const chapterLength = options.durationSeconds / SCALE.chapters
  const chapters: Chapter[] = Array.from({ length: SCALE.chapters }, (_, i) => ({
    id: `ch${i + 1}`,
    title: `Chapter ${i + 1}: ${sentence(5).slice(0, -1)}`,
    start: ms(i * chapterLength),
    end:
      i === SCALE.chapters - 1
        ? Math.floor(options.durationSeconds * 1000) / 1000
        : ms((i + 1) * chapterLength),
    why: sentence(40),
    scores: Object.fromEntries(
      SEED_DIMENSIONS.map((d) => [
        d.key,
        { value: Math.floor(next() * (SEED_SCALE.max + 1)), reasoning: `${sentence(18)} ${sentence(14)}` },
      ]),
    ),
    origin: 'machine',
    status: 'unreviewed',
  }))
  const chapterAt = (t: number): string | null => chapters.find((c) => c.start <= t && t < c.end)?.id ?? null

  // One statement every four segments, over the next two, quoting what is said there.
  const every = SCALE.segments / SCALE.statements
  const statements: Statement[] = Array.from({ length: SCALE.statements }, (_, i): Statement => {
    const first = segments[i * every + 1] as TranscriptSegment
    const second = segments[i * every + 2] as TranscriptSegment
    const quoted = [...first.words, ...second.words].slice(2, 18)
    const start = quoted[0]?.start ?? first.start
    // One in fifty quotes is off, as a machine's sometimes are: the problems panel has something to show.
    const quote = i % 50 === 7 ? sentence(16) : quoted.map((w) => w.text).join(' ')
    return {
      id: `st${i + 1}`,
      title: `Statement ${i + 1}: ${sentence(6).slice(0, -1)}`,
      quote,
      start,
      end: quoted.at(-1)?.end ?? second.end,
      speakerId: first.speakerId,
      chapterId: chapterAt(start),
      origin: 'machine',
      status: 'unreviewed',
    }
  }).sort(bySpan)

  const highlights: Highlight[] = SEED_DIMENSIONS.slice(0, SCALE.highlights).map((d, i) => ({
    id: `hl${i + 1}`,
    dimension: d.key,
    time: ms(((i + 0.5) * options.durationSeconds) / SCALE.highlights),
    title: sentence(6).slice(0, -1),
    description: sentence(25),
    origin: 'machine',
    status: 'unreviewed',
  }))

  return {
    format: 'episode-analysis',
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    generator: 'episcore bench',
    episode: {
      id: options.id,
      title: `${Math.round(options.durationSeconds / 60)} minutes at scale`,
      show: 'bench',
      publishedOn: '2026-01-01',
      durationSeconds: options.durationSeconds,
      sourceUrl: null,
      summary: sentence(60),
      media: { fileName: options.media.fileName, sha256: options.media.sha256, kind: 'audio' },
    },
    participants,
    rubric: { scale: SEED_SCALE, dimensions: [...SEED_DIMENSIONS] },
    chapters,
    highlights,
    statements,
    speakingBalance: speakingBalance(speechByRole(segments, participants), options.durationSeconds),
    scoreSummary: scoreSummary(
      SEED_DIMENSIONS.map((d) => d.key),
      chapters,
    ),
    transcript: { segments },
    review: { status: 'inReview', reviewer: null, updatedAt: '2026-01-01T00:00:00.000Z' },
  }
}
