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
import { storedJson } from './storedJson'

export const MACHINE = 'machine'
/** Resamples per interval and the seed: fixed, so the figures a lead reads today repeat tomorrow. */
const RESAMPLES = 1000
const SEED = 44
/**
 * The version of what the library keeps of a revision for the drift ({@link ScoredRevision} and each
 * dimension's meaning): raise it when that changes, so a library reads the documents again.
 */
export const DRIFT_MEASURE = 2

/**
 * A revision's scores with what each dimension meant when they were given (issue 45): the scale, the
 * definition and the level descriptors of its rubric, which the codebook version it was stamped with
 * fixed. Scores compare only where that meaning is the same: one version, or versions that left the
 * dimension and the scale unchanged. The label is a name, not a meaning: a rename still compares.
 */
type MeasuredRevision = ScoredRevision & { meanings?: Record<string, string> }

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
    // DriftReport has no place for what was left out: another version's scores drop out silently.
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
  consensus: MeasuredRevision | null,
  scorers: { row: ScorerRow; revision: MeasuredRevision }[],
  from: Date | null,
): DriftObservation[] {
  const all = [...scorers.map((s) => s.revision), ...(consensus ? [consensus] : [])]
  const units = agreementUnits(
    all.map((s) => s.duration),
    all.map((s) => s.chapters),
  )
  const meant = episodeMeanings(
    consensus,
    scorers.map((s) => s.revision),
  )
  const byUnit = (s: MeasuredRevision): ChapterScores => {
    const holders = chapterOfUnits(units, s.chapters)
    // A dimension scored under another meaning than the episode's counts as not scored.
    const comparable = s.dimensions.filter((d) => (s.meanings?.[d] ?? '') === meant.get(d))
    const scores: ChapterScores = {}
    holders.forEach((chapter, unit) => {
      const held = s.chapters[chapter]
      if (held)
        scores[String(unit)] = Object.fromEntries(
          s.dimensions.map((d) => [d, comparable.includes(d) ? (held.scores[d] ?? null) : null]),
        )
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
 * What each dimension means in an episode's comparison: the consensus's meaning where it scores the
 * dimension, else the meaning most of the scorers gave it under (the first scorer's on a tie).
 */
function episodeMeanings(
  consensus: MeasuredRevision | null,
  scorers: readonly MeasuredRevision[],
): Map<string, string> {
  const meant = new Map<string, string>()
  const counts = new Map<string, Map<string, number>>()
  for (const s of scorers)
    for (const d of s.dimensions) {
      const byMeaning = counts.get(d) ?? new Map<string, number>()
      const meaning = s.meanings?.[d] ?? ''
      byMeaning.set(meaning, (byMeaning.get(meaning) ?? 0) + 1)
      counts.set(d, byMeaning)
    }
  for (const [d, byMeaning] of counts) {
    let best: [string, number] = ['', -1]
    for (const entry of byMeaning) if (entry[1] > best[1]) best = entry
    meant.set(d, best[0])
  }
  if (consensus) for (const d of consensus.dimensions) meant.set(d, consensus.meanings?.[d] ?? '')
  return meant
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
): Promise<Map<string, MeasuredRevision | null>> {
  const { db } = context
  const catalogue = catalogueOf(db)
  const read = db.prepare<[string, string, number], { scored: string | null }>(
    `SELECT scored FROM desk_scored_revisions WHERE catalogue = ? AND revision_key = ? AND measure = ?`,
  )
  const found = new Map<string, MeasuredRevision | null>()
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
  const fetched: Map<string, MeasuredRevision | null> = await scoredRevisions(client, context.desk, missing)
  const meanings = await rubricMeanings(
    client,
    missing.filter((k) => fetched.get(revisionKey(k.analysis, k.revision))),
  )
  for (const [name, scored] of fetched)
    if (scored) fetched.set(name, { ...scored, meanings: meanings.get(name) ?? {} })
  keepScores(db, catalogue, fetched)
  for (const [name, scored] of fetched) found.set(name, scored)
  return found
}

/**
 * Each revision's dimensions' meanings, from its rubric only (the server picks it out of the document).
 * Asked only of documents that passed their check, so each is JSON.
 */
async function rubricMeanings(
  client: ClientBase,
  keys: readonly RevisionKey[],
): Promise<Map<string, Record<string, string>>> {
  const meanings = new Map<string, Record<string, string>>()
  if (keys.length === 0) return meanings
  const { rows } = await client.query<{ analysis_id: string; revision: number; rubric: unknown }>(
    `SELECT r.analysis_id, r.revision, (r.document::json) -> 'rubric' AS rubric
     FROM revisions r JOIN unnest($1::text[], $2::int[]) AS k(analysis_id, revision)
       ON r.analysis_id = k.analysis_id AND r.revision = k.revision`,
    [keys.map((k) => k.analysis), keys.map((k) => k.revision)],
  )
  for (const row of rows) meanings.set(revisionKey(row.analysis_id, row.revision), meaningsOf(row.rubric))
  return meanings
}

/** A rubric's dimensions' meanings by key: its scale, and each one's definition and descriptors. */
function meaningsOf(rubric: unknown): Record<string, string> {
  if (rubric === null || typeof rubric !== 'object') return {}
  const { scale, dimensions } = rubric as { scale?: unknown; dimensions?: unknown }
  if (!Array.isArray(dimensions)) return {}
  const { min, max } = (scale ?? {}) as { min?: unknown; max?: unknown }
  const meanings: Record<string, string> = {}
  for (const d of dimensions as unknown[]) {
    if (d === null || typeof d !== 'object') continue
    const { key, description, levels } = d as { key?: unknown; description?: unknown; levels?: unknown }
    if (typeof key !== 'string') continue
    const sorted = Array.isArray(levels)
      ? (levels as { from?: unknown; to?: unknown; text?: unknown }[])
          .map((l) => [l.from, l.to, l.text])
          .sort((a, b) => Number(a[0]) - Number(b[0]))
      : []
    meanings[key] = JSON.stringify([min, max, description ?? '', sorted])
  }
  return meanings
}

function keepScores(db: Db, catalogue: string, scored: ReadonlyMap<string, MeasuredRevision | null>): void {
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
 * A revision's scores as the library keeps them, checked as they are read back: undefined, so read from
 * the catalogue again, for anything that is not one.
 */
const storedScores = (text: string | null): MeasuredRevision | null | undefined => storedJson(text, scoresOf)

function scoresOf(value: unknown): MeasuredRevision | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const { duration, dimensions, chapters, meanings } = value as Record<string, unknown>
  const valid =
    meanings !== null &&
    typeof meanings === 'object' &&
    !Array.isArray(meanings) &&
    Object.values(meanings).every((m) => typeof m === 'string') &&
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
  return valid ? (value as MeasuredRevision) : undefined
}
