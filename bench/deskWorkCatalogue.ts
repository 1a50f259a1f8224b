/**
 * A desk's catalogue at a season's scale, written straight into PostgreSQL as the pipeline, the reviewers
 * and the lead would have left it (issue 44's rows): the machine's analysis of every episode, each
 * assigned episode's reviewers' analyses, submitted over the season, with scores that differ. Rows go in
 * as arrays unnested into one INSERT of a few hundred, so a desk of 10,000 episodes is made in seconds.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import { SEED_SCALE } from '../src/shared/rubric'
import type { EpisodeDocument } from '../src/shared/episodeFormat'
import { random } from '../tests/seededRandom'
import type { Log } from './common'
import { scaleEpisode } from './scaleEpisode'
import type { Sizes } from './sizes'

/** An hour, ten scored chapters, a transcript of 60 segments (no word times: they only make setup slower). */
const DESK_EPISODE: Sizes['scale'] = {
  pieceSeconds: 600,
  pieces: 6,
  words: 600,
  segments: 60,
  chapters: 10,
  statements: 10,
  highlights: 4,
}
/** Different episodes' documents are made from this many generated ones: generating each is slow. */
const TEMPLATES = 16
const ROWS_PER_INSERT = 250
const DAY_MS = 86_400_000
/** The season's first day: submissions are spread over the half year after it. */
const SEASON_START = Date.UTC(2026, 0, 5)

export interface DeskShape {
  lead: string
  pipeline: string
  reviewers: string[]
  /** The shows whose episodes are assigned and submitted (each a season), and the one left to assign. */
  seasons: string[]
  unassigned: string
  episodesPerShow: number
  overlap: number
}

/** What the desk holds: counts, for the rows' inputs. */
export interface DeskMade {
  episodes: number
  submitted: number
  documentBytes: number
  ms: number
}

const mediaOf = (id: string): string => createHash('sha256').update(id).digest('hex')
export const episodeId = (show: number, n: number): string =>
  `desk-s${String(show).padStart(2, '0')}-e${String(n).padStart(4, '0')}`

/**
 * One scorer's document of an episode: the template's, with the episode's id, show and media, and the
 * scorer's scores: the episode's own "true" score per chapter and dimension, moved by the scorer's habit
 * (each reviewer leans on one dimension; the machine on another) and some noise.
 */
function scorerDocument(
  template: EpisodeDocument,
  id: string,
  show: string,
  media: string,
  truth: number[][],
  scorer: { name: string | null; lean: number; leanOn: number; seed: number },
): string {
  const next = random(scorer.seed)
  const clamp = (v: number): number => Math.max(SEED_SCALE.min, Math.min(SEED_SCALE.max, v))
  const chapters = template.chapters.map((c, i) => ({
    ...c,
    scores: Object.fromEntries(
      Object.entries(c.scores).map(([key, score], d) => [
        key,
        {
          ...score,
          value: clamp(
            Math.round((truth[i]?.[d] ?? 5) + (d === scorer.leanOn ? scorer.lean : 0) + (next() * 3 - 1.5)),
          ),
        },
      ]),
    ),
  }))
  const doc: EpisodeDocument = {
    ...template,
    episode: {
      ...template.episode,
      id,
      show,
      media: template.episode.media && { ...template.episode.media, sha256: media },
    },
    chapters,
    review: { ...template.review, reviewer: scorer.name },
  }
  return JSON.stringify(doc)
}

interface AnalysisRow {
  id: string
  owner: string
  kind: 'person' | 'machine'
  createdAt: Date
  show: string
  title: string
  media: string
  document: string
}

/** Writes the desk: people first (logins with the bench's password), then analyses, revisions, assignments. */
export async function makeDesk(adminUrl: string, shape: DeskShape, log: Log): Promise<DeskMade> {
  const started = performance.now()
  const templates = Array.from({ length: TEMPLATES }, (_, t) => {
    const doc = scaleEpisode({
      id: `template-${t}`,
      durationSeconds: DESK_EPISODE.pieceSeconds * DESK_EPISODE.pieces,
      media: { fileName: 'desk-episode.mp3', sha256: 'd'.repeat(64) },
      scale: DESK_EPISODE,
      seed: 4400 + t,
    })
    doc.transcript = { segments: (doc.transcript?.segments ?? []).map((s) => ({ ...s, words: [] })) }
    return doc
  })
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  let episodes = 0
  let submitted = 0
  let documentBytes = 0
  try {
    const analyses: AnalysisRow[] = []
    const assignments: {
      episode: string
      media: string
      reviewer: string
      analysis: string
      show: string
      title: string
      at: Date
    }[] = []
    const flush = async (): Promise<void> => {
      if (analyses.length > 0) {
        await admin.query(
          `INSERT INTO analyses (id, owner, kind, created_at)
           SELECT * FROM unnest($1::text[], $2::name[], $3::text[], $4::timestamptz[])`,
          [
            analyses.map((a) => a.id),
            analyses.map((a) => a.owner),
            analyses.map((a) => a.kind),
            analyses.map((a) => a.createdAt),
          ],
        )
        await admin.query(
          `INSERT INTO revisions (analysis_id, revision, owner, show, title, status, media_sha256, content_hash, document, made_at)
           SELECT id, 1, owner, show, title, 'inReview', media, hash, document, made_at
           FROM unnest($1::text[], $2::name[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
             AS u(id, owner, show, title, media, hash, document, made_at)`,
          [
            analyses.map((a) => a.id),
            analyses.map((a) => a.owner),
            analyses.map((a) => a.show),
            analyses.map((a) => a.title),
            analyses.map((a) => a.media),
            analyses.map((a) => createHash('sha256').update(a.document).digest('hex')),
            analyses.map((a) => a.document),
            analyses.map((a) => a.createdAt),
          ],
        )
        for (const a of analyses) documentBytes += a.document.length
        analyses.length = 0
      }
      if (assignments.length > 0) {
        await admin.query(
          `INSERT INTO assignments (episode, media_sha256, reviewer, analysis_id, source_analysis, state,
             assigned_by, assigned_at, submitted_at, title, show)
           SELECT episode, media, reviewer, analysis, episode, 'submitted', $8, at - interval '7 days', at, title, show
           FROM unnest($1::text[], $2::text[], $3::name[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
             AS u(episode, media, reviewer, analysis, show, title, at)`,
          [
            assignments.map((a) => a.episode),
            assignments.map((a) => a.media),
            assignments.map((a) => a.reviewer),
            assignments.map((a) => a.analysis),
            assignments.map((a) => a.show),
            assignments.map((a) => a.title),
            assignments.map((a) => a.at),
            shape.lead,
          ],
        )
        assignments.length = 0
      }
    }

    const shows = [...shape.seasons, shape.unassigned]
    let turn = 0
    for (const [s, show] of shows.entries()) {
      const assigned = show !== shape.unassigned
      for (let n = 1; n <= shape.episodesPerShow; n++) {
        const id = episodeId(s + 1, n)
        const media = mediaOf(id)
        const template = templates[(s * shape.episodesPerShow + n) % TEMPLATES] as EpisodeDocument
        const title = `${show}, episode ${n}`
        const next = random(s * 100_000 + n)
        const truth = template.chapters.map(() =>
          template.rubric.dimensions.map(() => Math.floor(next() * (SEED_SCALE.max + 1))),
        )
        const day = new Date(SEASON_START + Math.floor(((n - 1) / shape.episodesPerShow) * 180) * DAY_MS)
        analyses.push({
          id,
          owner: shape.pipeline,
          kind: 'machine',
          createdAt: day,
          show,
          title,
          media,
          document: scorerDocument(template, id, show, media, truth, {
            name: null,
            lean: 1,
            leanOn: 2,
            seed: next() * 2 ** 31,
          }),
        })
        episodes += 1
        if (assigned) {
          // Balanced as desk assign balances: the reviewers in turn, `overlap` different ones an episode.
          for (let k = 0; k < shape.overlap; k++) {
            const r = turn++ % shape.reviewers.length
            const reviewer = shape.reviewers[r] as string
            const analysis = `${id}-${reviewer}`
            const at = new Date(day.getTime() + (2 + k) * DAY_MS)
            analyses.push({
              id: analysis,
              owner: reviewer,
              kind: 'person',
              createdAt: at,
              show,
              title,
              media,
              document: scorerDocument(template, analysis, show, media, truth, {
                name: reviewer,
                lean: r % 3 === 0 ? 2 : r % 3 === 1 ? -1 : 0,
                leanOn: r % template.rubric.dimensions.length,
                seed: next() * 2 ** 31,
              }),
            })
            assignments.push({ episode: id, media, reviewer, analysis, show, title, at })
            submitted += 1
          }
        }
        if (analyses.length >= ROWS_PER_INSERT) await flush()
      }
      log(`desk work: ${show} written (${episodes.toLocaleString('en')} episodes so far)`)
    }
    await flush()
    await admin.query('ANALYZE')
  } finally {
    await admin.end()
  }
  return { episodes, submitted, documentBytes, ms: performance.now() - started }
}
