import type { ClientBase } from 'pg'
import type { DriftReport } from '../../../shared/contract/deskWork'
import { agreementUnits, chapterOfUnits } from '../../agreement/agreementUnits'
import type { Db } from '../../db/openDatabase'
import { catalogueOf, keepInLibrary } from './boardAgreement'
import { readWithoutJit, revisionKey, type RevisionKey } from './catalogueEpisodes'
import type { DeskWorkContext } from './deskWorkContext'
import { driftFigures, observationsOf, type ChapterScores, type DriftObservation } from './drift'
import { driftRows, type ScorerRow } from './driftRows'
import { scoredRevisions, type ScoredRevision } from './scoredChapters'

export const MACHINE = 'machine'
/** Resamples per interval and the seed: fixed, so the figures a lead reads today repeat tomorrow. */
const RESAMPLES = 1000
const SEED = 44
/**
 * The version of what the library keeps of a revision for the drift ({@link ScoredRevision}): raise it
 * when that changes, so a library reads the documents again.
 */
export const DRIFT_MEASURE = 1

/**
 * Who drifts, for a show (or all) since a day: every episode with a consensus, or with two submitted
 * analyses or more, compares each submitted reviewer's and the machine's chapter scores with the
 * consensus (else with the other reviewers' mean; the machine with the reviewers' mean). Chapters are
 * paired as the agreement pairs them: the timeline cut at every chapter edge of every analysis, each piece
 * scored by the chapter that holds its middle. A score counts in the month its analysis was submitted (the
 * machine's: when its revision was made), and only from `since` on; the baseline uses every submission.
 * Every reviewer of the show and the machine are listed even before anything is scored.
 */
export async function driftReport(
  client: ClientBase,
  context: DeskWorkContext,
  request: { show?: string | undefined; since?: string | undefined },
): Promise<DriftReport> {
  const rows = await readWithoutJit(client, () => driftRows(client, request.show))
  const byEpisode = new Map<string, ScorerRow[]>()
  for (const row of rows.scorers) {
    const list = byEpisode.get(row.episode)
    if (list) list.push(row)
    else byEpisode.set(row.episode, [row])
  }
  const compared = [...byEpisode].filter(
    ([episode, list]) => rows.consensus.has(episode) || list.filter((r) => r.who !== MACHINE).length >= 2,
  )
  const scored = await keptScoredRevisions(client, context, [
    ...compared.flatMap(([, list]) => list),
    ...compared.flatMap(([episode]) => {
      const c = rows.consensus.get(episode)
      return c ? [c] : []
    }),
  ])
  const from = request.since === undefined ? null : new Date(`${request.since}T00:00:00Z`)
  const dimensions: string[] = []
  const observations: DriftObservation[] = []
  for (const [episode, list] of compared) {
    const consensusKey = rows.consensus.get(episode)
    const consensus = consensusKey
      ? scored.get(revisionKey(consensusKey.analysis, consensusKey.revision))
      : null
    const scorers = list.flatMap((r) => {
      const revision = scored.get(revisionKey(r.analysis, r.revision))
      return revision ? [{ row: r, revision }] : []
    })
    for (const s of [...scorers.map((x) => x.revision), ...(consensus ? [consensus] : [])])
      for (const key of s.dimensions) if (!dimensions.includes(key)) dimensions.push(key)
    observations.push(...episodeObservations(episode, consensus ?? null, scorers, from))
  }
  return {
    show: request.show ?? null,
    since: request.since ?? null,
    people: [...rows.reviewers.filter((r) => r !== MACHINE), MACHINE],
    dimensions,
    figures: driftFigures({
      observations,
      people: [...rows.reviewers.filter((r) => r !== MACHINE), MACHINE],
      dimensions,
      resamples: RESAMPLES,
      seed: SEED,
    }),
  }
}

/**
 * One episode's differences: each scorer's scores per unit of the shared timeline against the consensus,
 * else a reviewer against the other reviewers' mean and the machine against the reviewers' mean.
 */
function episodeObservations(
  episode: string,
  consensus: ScoredRevision | null,
  scorers: { row: ScorerRow; revision: ScoredRevision }[],
  from: Date | null,
): DriftObservation[] {
  const all = [...scorers.map((s) => s.revision), ...(consensus ? [consensus] : [])]
  const units = agreementUnits(
    all.map((s) => s.duration),
    all.map((s) => s.chapters),
  )
  const byUnit = (s: ScoredRevision): ChapterScores => {
    const holders = chapterOfUnits(units, s.chapters)
    const scores: ChapterScores = {}
    holders.forEach((chapter, unit) => {
      const held = s.chapters[chapter]
      if (held)
        scores[String(unit)] = Object.fromEntries(s.dimensions.map((d) => [d, held.scores[d] ?? null]))
    })
    return scores
  }
  const month = new Map(scorers.map((s) => [s.row.who, s.row.at.toISOString().slice(0, 7)]))
  const counted = new Set(scorers.filter((s) => from === null || s.row.at >= from).map((s) => s.row.who))
  const scores = scorers.map((s) => ({ who: s.row.who, scores: byUnit(s.revision) }))
  const reviewers = scores.filter((s) => s.who !== MACHINE)
  const first = month.values().next().value ?? '1970-01'
  const observed =
    consensus !== null
      ? observationsOf({ episode, month: first, consensus: byUnit(consensus), scorers: scores })
      : [
          ...observationsOf({ episode, month: first, consensus: null, scorers: reviewers }),
          // The machine against the reviewers' mean: its "others" in one call are exactly the reviewers.
          ...observationsOf({ episode, month: first, consensus: null, scorers: scores }).filter(
            (o) => o.who === MACHINE,
          ),
        ]
  return observed.flatMap((o) => (counted.has(o.who) ? [{ ...o, month: month.get(o.who) ?? first }] : []))
}

/**
 * Each revision's scores: from the library where a run before (this process's or another's) kept them,
 * else from the desk's (its process's memory, else the documents), then kept in the library. A revision
 * never changes, so a new process reads only the documents submitted since the last drift.
 */
async function keptScoredRevisions(
  client: ClientBase,
  context: DeskWorkContext,
  keys: readonly RevisionKey[],
): Promise<Map<string, ScoredRevision | null>> {
  const { db } = context
  const catalogue = catalogueOf(db)
  const read = db.prepare<[string, string, number], { scored: string | null }>(
    `SELECT scored FROM desk_scored_revisions WHERE catalogue = ? AND revision_key = ? AND measure = ?`,
  )
  const found = new Map<string, ScoredRevision | null>()
  const missing: RevisionKey[] = []
  for (const key of keys) {
    const name = revisionKey(key.analysis, key.revision)
    if (found.has(name)) continue
    const row = read.get(catalogue, name, DRIFT_MEASURE)
    const stored = row ? storedScores(row.scored) : undefined
    if (stored !== undefined) found.set(name, stored)
    else missing.push(key)
  }
  if (missing.length === 0) return found
  const fetched = await scoredRevisions(client, context.desk, missing)
  keepScores(db, catalogue, fetched)
  for (const [name, scored] of fetched) found.set(name, scored)
  return found
}

function keepScores(db: Db, catalogue: string, scored: ReadonlyMap<string, ScoredRevision | null>): void {
  const keep = db.prepare(
    `INSERT INTO desk_scored_revisions (catalogue, revision_key, measure, scored) VALUES (?, ?, ?, ?)
     ON CONFLICT (catalogue, revision_key) DO UPDATE SET measure = excluded.measure, scored = excluded.scored`,
  )
  keepInLibrary(db, () => {
    for (const [name, s] of scored)
      keep.run(catalogue, name, DRIFT_MEASURE, s === null ? null : JSON.stringify(s))
  })
}

const isScore = (v: unknown): boolean => v === null || (typeof v === 'number' && Number.isFinite(v))
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/**
 * A revision's scores as the library keeps them, checked as they are read back (the file is the user's
 * to copy and edit): undefined, so read from the catalogue again, for anything that is not one.
 */
function storedScores(text: string | null): ScoredRevision | null | undefined {
  if (text === null) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (value === null || typeof value !== 'object') return undefined
  const { duration, dimensions, chapters } = value as Record<string, unknown>
  const valid =
    isNumber(duration) &&
    Array.isArray(dimensions) &&
    dimensions.every((d) => typeof d === 'string') &&
    Array.isArray(chapters) &&
    chapters.every((c: unknown) => {
      if (c === null || typeof c !== 'object') return false
      const { start, end, scores } = c as Record<string, unknown>
      return (
        isNumber(start) &&
        isNumber(end) &&
        scores !== null &&
        typeof scores === 'object' &&
        !Array.isArray(scores) &&
        Object.values(scores).every(isScore)
      )
    })
  return valid ? (value as ScoredRevision) : undefined
}
