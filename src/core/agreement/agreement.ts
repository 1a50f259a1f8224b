import type {
  Agreement,
  AgreementDetail,
  AnalysisOrigin,
  ScorePair,
  StatementPair,
} from '../../shared/agreement'
import { MAX_COMPARED } from '../../shared/contract'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { UserError } from '../errors'
import { agreementUnits, chapterOfUnits } from './agreementUnits'
import { codebookLeftOut } from './codebookLeftOut'
import { krippendorffAlpha } from './krippendorff'
import { matchStatements } from './statementMatching'

export interface AnalysisSource {
  /** As the editor named it: a file's path or a library id. */
  source: string
  document: EpisodeDocument
}

/**
 * How far the analyses agree, per dimension (Krippendorff's alpha over the units, each pair's mean
 * absolute difference) and on statements (matched one to one, F1 per pair). Refused unless there are
 * at least two analyses and all are of one episode.
 */
export function agreement(sources: readonly AnalysisSource[]): AgreementDetail {
  if (sources.length < 2) throw new UserError('invalid-request', 'agreement needs two analyses or more')
  if (sources.length > MAX_COMPARED)
    throw new UserError('invalid-request', `agreement compares at most ${MAX_COMPARED} analyses at once`)
  refuseOtherEpisodes(sources)
  const documents = sources.map((s) => s.document)
  const unitSpans = agreementUnits(
    documents.map((d) => d.episode.durationSeconds),
    documents.map((d) => d.chapters),
  )
  const holders = documents.map((d) => chapterOfUnits(unitSpans, d.chapters))

  const dimensions: Agreement['dimensions'] = {}
  const partial: Agreement['partial'] = {}
  const leftOut: Agreement['leftOut'] = {}
  const labels: AgreementDetail['labels'] = {}
  const ratings: AgreementDetail['ratings'] = {}
  const scales: AgreementDetail['scales'] = {}
  for (const key of dimensionKeys(documents)) {
    const having = documents.flatMap((d, i) => (d.rubric.dimensions.some((x) => x.key === key) ? [i] : []))
    labels[key] = documents[having[0] as number]?.rubric.dimensions.find((x) => x.key === key)?.label ?? key
    const scalesGiven = new Set(having.map((i) => scaleOf(documents[i] as EpisodeDocument)))
    if (scalesGiven.size > 1) {
      leftOut[key] =
        `its scale differs between analyses (${having.map((i) => `${scaleOf(documents[i] as EpisodeDocument)} in ${sources[i]?.source}`).join(', ')})`
      continue
    }
    const otherReading = codebookLeftOut(documents, sources, having, key)
    if (otherReading !== null) {
      leftOut[key] = otherReading
      continue
    }
    if (having.length < documents.length)
      partial[key] = documents.flatMap((_, i) => (having.includes(i) ? [] : [i]))
    const values = documents.map((d, i) =>
      (holders[i] as number[]).map((chapter) =>
        chapter === -1 || !having.includes(i) ? null : (d.chapters[chapter]?.scores[key]?.value ?? null),
      ),
    )
    ratings[key] = values
    scales[key] = { ...(documents[having[0] as number] as EpisodeDocument).rubric.scale }
    const byUnit = unitSpans.map((_, u) => values.map((v) => v[u] ?? null))
    dimensions[key] = {
      alpha: {
        interval: krippendorffAlpha(byUnit, 'interval'),
        ordinal: krippendorffAlpha(byUnit, 'ordinal'),
      },
      pairs: pairsOf(documents.length).map(([a, b]) => scorePair(a, b, values[a] ?? [], values[b] ?? [])),
    }
  }
  const statementPairs: StatementPair[] = pairsOf(documents.length).map(([a, b]) => {
    const sa = (documents[a] as EpisodeDocument).statements
    const sb = (documents[b] as EpisodeDocument).statements
    const matched = matchStatements(sa, sb)
    const total = sa.length + sb.length
    return { a, b, matched, f1: total === 0 ? null : (2 * matched) / total }
  })
  return {
    units: unitSpans.length,
    analyses: sources.map(({ source, document }) => ({
      source,
      reviewer: document.review.reviewer,
      origin: analysisOrigin(document),
    })),
    dimensions,
    partial,
    leftOut,
    statements: { pairs: statementPairs },
    unitSpans,
    labels,
    ratings,
    scales,
  }
}

/** The documented `--json` shape: the agreement without what only the compare screen draws. */
export function agreementSummary(detail: AgreementDetail): Agreement {
  const { units, analyses, dimensions, partial, leftOut, statements } = detail
  return { units, analyses, dimensions, partial, leftOut, statements }
}

/** What says which episode an analysis is of: its episode id, and its media's SHA-256 when it names media. */
export interface EpisodeIdentity {
  id: string
  sha256: string | null | undefined
}

/** Two analyses are of one episode when both name media with the same SHA-256; else when their ids match. */
export function sameEpisode(a: EpisodeIdentity, b: EpisodeIdentity): boolean {
  return a.sha256 && b.sha256 ? a.sha256 === b.sha256 : a.id === b.id
}

export function refuseOtherEpisodes(sources: readonly AnalysisSource[]): void {
  for (let i = 0; i < sources.length; i++)
    for (let j = i + 1; j < sources.length; j++) {
      const a = sources[i] as AnalysisSource
      const b = sources[j] as AnalysisSource
      const ha = a.document.episode.media?.sha256
      const hb = b.document.episode.media?.sha256
      if (!sameEpisode({ id: a.document.episode.id, sha256: ha }, { id: b.document.episode.id, sha256: hb }))
        throw new UserError(
          'invalid-request',
          `${a.source} and ${b.source} are analyses of different episodes (${
            ha && hb
              ? `their media differ: SHA-256 ${ha.slice(0, 12)}… and ${hb.slice(0, 12)}…`
              : `episode ids “${a.document.episode.id}” and “${b.document.episode.id}”, and not both name their media`
          }); agreement compares analyses of one episode`,
        )
    }
}

function dimensionKeys(documents: readonly EpisodeDocument[]): string[] {
  const keys: string[] = []
  for (const d of documents)
    for (const { key } of d.rubric.dimensions) if (!keys.includes(key)) keys.push(key)
  return keys
}

const scaleOf = (d: EpisodeDocument): string => `${d.rubric.scale.min}-${d.rubric.scale.max}`

function pairsOf(count: number): [number, number][] {
  const pairs: [number, number][] = []
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) pairs.push([a, b])
  return pairs
}

function scorePair(
  a: number,
  b: number,
  va: readonly (number | null)[],
  vb: readonly (number | null)[],
): ScorePair {
  let sum = 0
  let units = 0
  va.forEach((x, u) => {
    const y = vb[u]
    if (x === null || y === null || y === undefined) return
    sum += Math.abs(x - y)
    units++
  })
  return { a, b, meanAbsoluteDifference: units === 0 ? null : sum / units, units }
}

/** Machine-made when it holds items and every one is a machine's, unreviewed; anything else a person's. */
export function analysisOrigin(d: EpisodeDocument): AnalysisOrigin {
  const items = [...d.chapters, ...d.statements, ...d.highlights]
  return items.length > 0 && items.every((item) => item.origin === 'machine' && item.status === 'unreviewed')
    ? 'machine'
    : 'human'
}
