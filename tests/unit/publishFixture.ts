import type { Db } from '../../src/core/db/openDatabase'
import { scoreSummary, speakingBalance } from '../../src/core/export/derivedFields'
import type { Chapter, EpisodeDocument } from '../../src/shared/episodeFormat'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'

/** Text that breaks out of every context a page or a file may put it in, if it is not escaped. */
export const HOSTILE = `<script>window.__pwned=1</script> & "double" 'single' </style><script>window.__pwned=2</script>`

export interface ChapterSpec {
  title: string
  start: number
  end: number
  /** A value per seed dimension, in the seed's order; null leaves it unscored. */
  values?: readonly (number | null)[]
  reasoning?: string
  why?: string
}

/** A chapter with all four seed dimensions scored, reasoned and reviewed, unless the spec says otherwise. */
export function chapter(id: string, spec: ChapterSpec): Chapter {
  return {
    id,
    title: spec.title,
    start: spec.start,
    end: spec.end,
    why: spec.why ?? `Why ${spec.title}.`,
    scores: Object.fromEntries(
      SEED_DIMENSIONS.map((d, k) => [
        d.key,
        {
          value: spec.values ? (spec.values[k] ?? null) : k,
          reasoning: spec.reasoning ?? `${d.label} reasoning.`,
        },
      ]),
    ),
    origin: 'human',
    status: 'accepted',
  }
}

/**
 * An analysed episode as episode JSON v1, checked against the format: chapters as given (three covering
 * 17 minutes by default), two participants, a highlight, a statement and a speaking balance.
 */
export function publishedDocument(
  options: {
    chapters?: ChapterSpec[]
    durationSeconds?: number
    title?: string
    sourceUrl?: string | null
  } = {},
): EpisodeDocument {
  const duration = options.durationSeconds ?? 1020
  const specs = options.chapters ?? [
    { title: 'Tool use and ten-minute AGI', start: 0, end: 300 },
    { title: 'Scaling curves, search agents', start: 300, end: 700 },
    { title: 'Sub-agents', start: 700, end: duration },
  ]
  const chapters = specs.map((spec, i) => chapter(`ch${i + 1}`, spec))
  const speech = [
    { start: 0, end: 200, role: 'host' as const },
    { start: 200, end: Math.min(duration, 900), role: 'guest' as const },
  ]
  const doc: EpisodeDocument = {
    format: 'episode-analysis',
    version: 1,
    exportedAt: '2025-05-10T12:00:00.000Z',
    generator: 'Episcore test',
    episode: {
      id: 'ep1',
      title: options.title ?? '⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)',
      show: 'latent-space',
      publishedOn: '2025-05-09',
      durationSeconds: duration,
      sourceUrl:
        options.sourceUrl === undefined ? 'https://www.youtube.com/watch?v=abc123' : options.sourceUrl,
      summary: 'Will Brown presents a roadmap for open agentic RL.',
      media: { fileName: 'agentic-rl.mp3', sha256: 'a'.repeat(64), kind: 'audio' },
    },
    participants: [
      { id: 'p1', name: 'Alessio', role: 'host', affiliation: null },
      { id: 'p2', name: 'Will Brown', role: 'guest', affiliation: 'Prime Intellect' },
    ],
    rubric: { scale: { min: 0, max: 10 }, dimensions: [...SEED_DIMENSIONS] },
    chapters,
    // The moments of the published page, in an episode long enough to have them.
    highlights:
      duration < 430
        ? []
        : [
            {
              id: 'hl1',
              dimension: 'guestDisagreement',
              time: 415,
              title: 'Debunking multi-agent group chat systems',
              description: 'Brown dismisses crewAI-style group chats as silly.',
              origin: 'machine',
              status: 'accepted',
            },
          ],
    statements:
      duration < 430
        ? []
        : [
            {
              id: 'st1',
              title: 'Group-chat multi-agent systems do not work well',
              quote: 'A lot of these are just kind of silly.',
              start: 420,
              end: 428.5,
              speakerId: 'p2',
              chapterId: chapters.find((c) => c.start <= 420 && 420 < c.end)?.id ?? null,
              origin: 'machine',
              status: 'edited',
            },
          ],
    speakingBalance: speakingBalance(speech, duration),
    scoreSummary: scoreSummary(
      SEED_DIMENSIONS.map((d) => d.key),
      chapters,
    ),
    transcript: null,
    review: { status: 'inReview', reviewer: null, updatedAt: '2025-05-10T11:00:00.000Z' },
  }
  const check = validateEpisodeDocument(doc)
  if (!check.ok) throw new Error(`the test document is not episode JSON:\n${check.problems.join('\n')}`)
  return doc
}

/** What a final export finds unfinished in the machine analysis that `seedMachineAnalysis` leaves. */
export const SEEDED_ANALYSIS_PROBLEMS = [
  '/chapters/0/status: unreviewed',
  '/chapters/1/status: unreviewed',
  '/chapters/2/status: unreviewed',
  '/chapters/2/why: empty',
  '/highlights/0/status: unreviewed',
  '/statements/0/status: unreviewed',
]

/** What a reviewer does before publishing, done straight in the tables: everything accepted and reasoned. */
export function reviewEverything(db: Db, id: string): void {
  db.prepare(
    `UPDATE chapters SET status = 'accepted', why = CASE WHEN why = '' THEN 'Reasoned.' ELSE why END WHERE episode_id = ?`,
  ).run(id)
  db.prepare(`UPDATE highlights SET status = 'accepted' WHERE episode_id = ?`).run(id)
  db.prepare(`UPDATE statements SET status = 'accepted' WHERE episode_id = ?`).run(id)
}
