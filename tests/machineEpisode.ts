import path from 'node:path'
import { openDatabase } from '../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../src/core/load/loadEpisode'
import { tempFolder } from './tempFolder'
import { scoreSummary, speakingBalance, speechByRole } from '../src/core/export/derivedFields'
import type { Chapter, EpisodeDocument } from '../src/shared/episodeFormat'
import { SEED_DIMENSIONS, SEED_SCALE } from '../src/shared/rubric'

/** The derived fields an exporter writes for the document's data (what a load recomputes). */
export function withDerivedFields(
  doc: Omit<EpisodeDocument, 'speakingBalance' | 'scoreSummary'>,
): EpisodeDocument {
  return {
    ...doc,
    speakingBalance: speakingBalance(
      speechByRole(doc.transcript?.segments ?? [], doc.participants),
      doc.episode.durationSeconds,
    ),
    scoreSummary: scoreSummary(
      doc.rubric.dimensions.map((d) => d.key),
      doc.chapters,
    ),
  }
}

const scores = (values: [number, number, number, number], why: string): Chapter['scores'] =>
  Object.fromEntries(
    SEED_DIMENSIONS.map((d, i) => [d.key, { value: values[i] ?? null, reasoning: `${why} (${d.label})` }]),
  )

const words = (start: number, text: string): { start: number; end: number; text: string }[] =>
  text.split(' ').map((word, i) => ({ start: start + i * 0.5, end: start + i * 0.5 + 0.4, text: word }))

/**
 * What a scoring pipeline writes for a ten-minute interview: everything unreviewed, extensions on some
 * items, media named by hash (no local path), a transcript with word times.
 */
export function machineEpisode(id = 'agentic-rl-2025-05-09'): EpisodeDocument {
  return withDerivedFields({
    format: 'episode-analysis',
    version: 1,
    exportedAt: '2025-05-10T08:00:00.000Z',
    generator: 'scoring-pipeline 2.3',
    episode: {
      id,
      title: '⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)',
      show: 'latent-space',
      publishedOn: '2025-05-09',
      durationSeconds: 600,
      sourceUrl: 'https://www.youtube.com/watch?v=agentic-rl',
      summary: 'Will Brown on what reinforcement learning for agents still lacks.',
      media: { fileName: 'agentic-rl.mp3', sha256: 'ab'.repeat(32), kind: 'audio' },
      extensions: { pipeline: { run: 7, model: 'scorer-large' } },
    },
    participants: [
      { id: 'swyx', name: 'Swyx', role: 'host', affiliation: 'Latent Space' },
      { id: 'will', name: 'Will Brown', role: 'guest', affiliation: 'Prime Intellect', extensions: { x: 1 } },
    ],
    rubric: { scale: SEED_SCALE, dimensions: [...SEED_DIMENSIONS], extensions: { version: 'seed-1' } },
    chapters: [
      {
        id: 'c1',
        title: 'Why multi-agent systems fail',
        start: 0,
        end: 200,
        why: 'The guest explains the state of the field.',
        scores: scores([2, 7, 1, 0], 'opening'),
        origin: 'machine',
        status: 'unreviewed',
      },
      {
        id: 'c2',
        title: 'Verifiable rewards',
        start: 200,
        end: 420,
        why: 'The hosts push on reward design.',
        scores: scores([5, 8, 6, 4], 'rewards'),
        origin: 'machine',
        status: 'unreviewed',
        extensions: { confidence: 0.8 },
      },
      {
        id: 'c3',
        title: 'What to build',
        start: 420,
        end: 600,
        why: 'Advice for the open source community.',
        scores: scores([3, 6, 0, 1], 'advice'),
        origin: 'machine',
        status: 'unreviewed',
      },
    ],
    highlights: [
      {
        id: 'h1',
        dimension: 'guestDisagreement',
        time: 415,
        title: 'Rewards are not the bottleneck',
        description: 'Will disagrees with the usual story.',
        origin: 'machine',
        status: 'unreviewed',
      },
    ],
    statements: [
      {
        id: 's1',
        title: 'Multi-agent systems mostly do not work',
        quote: 'Multi-agent systems mostly do not work today.',
        start: 5,
        end: 12,
        speakerId: 'will',
        chapterId: 'c1',
        origin: 'machine',
        status: 'unreviewed',
      },
    ],
    transcript: {
      segments: [
        {
          id: 'seg1',
          start: 1,
          end: 4,
          speakerId: 'swyx',
          text: 'Welcome to the show, everybody.',
          words: words(1, 'Welcome to the show, everybody.'),
        },
        {
          id: 'seg2',
          start: 5,
          end: 12,
          speakerId: 'will',
          text: 'Multi-agent systems mostly do not work today.',
          words: words(5, 'Multi-agent systems mostly do not work today.'),
          extensions: { confidence: 0.93 },
        },
        { id: 'seg3', start: 190, end: 230, speakerId: 'swyx', text: 'Why do you say that?', words: [] },
      ],
    },
    review: { status: 'draft', reviewer: null, updatedAt: '2025-05-10T07:59:00.000Z' },
  })
}

/**
 * The document with media of its own (a SHA-256 made from its id): another episode, where the same media
 * would make it another analysis of the machine episode's (the library lists those as one episode).
 */
export function withOwnMedia(doc: EpisodeDocument): EpisodeDocument {
  const media = doc.episode.media
  if (!media) return doc
  const hex = [...doc.episode.id].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')
  return {
    ...doc,
    episode: { ...doc.episode, media: { ...media, sha256: hex.padEnd(64, '0').slice(0, 64) } },
  }
}

/** A library file in a fresh folder holding the machine episode `id`: what CLI tests run commands on. */
export function libraryWithMachineEpisode(id = 'one'): { dir: string; db: string } {
  const dir = tempFolder()
  const db = path.join(dir, 'episcore.sqlite')
  const opened = openDatabase(db)
  loadEpisodeDocument(opened, machineEpisode(id))
  opened.close()
  return { dir, db }
}
