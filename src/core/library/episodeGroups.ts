import {
  analysisName,
  type AnalysisSummary,
  type CountedBecause,
  type CountedChoice,
} from '../../shared/analyses'
import { sameEpisode } from '../agreement/agreement'

/** What the library knows of an analysis that decides its episode, its name and whether it counts. */
export interface AnalysisFacts {
  id: string
  title: string
  show: string
  createdAt: string
  updatedAt: string
  /** Its media's SHA-256, when it names media. */
  sha256: string | null
  reviewer: string | null
  reviewStatus: AnalysisSummary['reviewStatus']
  /** The library ids a consensus was built from; null for any other analysis. */
  consensusOf: readonly string[] | null
  /** The id of the analysis it is a copy of (Duplicate, a keep-both load); null for any other. */
  copyOf: string | null
  /** Whether a machine made any chapter, statement or highlight (1 or 0 as the library reads it). */
  machineItems: number
  /** Whether a person made any item, or reviewed any of the machine's (1 or 0 as the library reads it). */
  personItems: number
}

/** An episode of the library: its analyses in the order they came in, and the one it counts through. */
export interface EpisodeOfAnalyses {
  /** The episode's id: that of its first analysis. */
  id: string
  analyses: AnalysisSummary[]
  /** The facts of the same analyses, in the same order. */
  facts: AnalysisFacts[]
  /** The id of the analysis the episode counts through. */
  counted: string
  because: CountedBecause
}

/**
 * The analyses grouped into episodes, each group in the order given (give them in the order they came
 * in). Two analyses are of one episode by the agreement's rule (`sameEpisode`: the same media SHA-256,
 * else the same id, which in a library is the analysis itself), and a copy or a consensus is of the
 * episode of what it was made from, where that rule does not say otherwise (an analysis without media
 * has no other link). The relation is closed over: a copy of a copy is of the original's episode.
 */
export function groupIntoEpisodes(facts: readonly AnalysisFacts[]): AnalysisFacts[][] {
  const parent = facts.map((_, i) => i)
  const root = (i: number): number => {
    let r = i
    while (parent[r] !== r) r = parent[r] as number
    // Path halving keeps each later lookup short.
    for (let j = i; parent[j] !== r;) [j, parent[j]] = [parent[j] as number, r]
    return r
  }
  const join = (a: number, b: number): void => {
    const ra = root(a)
    const rb = root(b)
    // The earlier analysis stays the root, so a group's first member is the episode's id.
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  const identity = (f: AnalysisFacts) => ({ id: f.id, sha256: f.sha256 })
  const bySha = new Map<string, number>()
  const byId = new Map(facts.map((f, i) => [f.id, i]))
  facts.forEach((f, i) => {
    if (f.sha256 !== null) {
      const first = bySha.get(f.sha256)
      if (first === undefined) bySha.set(f.sha256, i)
      else if (sameEpisode(identity(facts[first] as AnalysisFacts), identity(f))) join(first, i)
    }
  })
  facts.forEach((f, i) => {
    for (const from of [...(f.copyOf === null ? [] : [f.copyOf]), ...(f.consensusOf ?? [])]) {
      const j = byId.get(from)
      if (j === undefined) continue
      const source = facts[j] as AnalysisFacts
      // Media that differ say two episodes, whatever the copy claims (a file loaded beside another's id).
      const differ = f.sha256 !== null && source.sha256 !== null && f.sha256 !== source.sha256
      if (!differ) join(i, j)
    }
  })
  const groups = new Map<number, AnalysisFacts[]>()
  facts.forEach((f, i) => {
    const r = root(i)
    const group = groups.get(r)
    if (group) group.push(f)
    else groups.set(r, [f])
  })
  return [...groups.values()]
}

const isMachine = (f: AnalysisFacts): boolean => f.machineItems > 0
const kindOf = (f: AnalysisFacts): AnalysisSummary['kind'] =>
  f.copyOf !== null ? 'copy' : f.consensusOf !== null ? 'consensus' : 'original'

/** An analysis as the library names it; `byId` finds what a copy was made of. */
export function summaryOf(f: AnalysisFacts, byId: ReadonlyMap<string, AnalysisFacts>): AnalysisSummary {
  const of = (a: AnalysisFacts) => ({
    maker: isMachine(a) ? ('machine' as const) : ('person' as const),
    reviewer: a.reviewer,
    // A reviewer named on it, or an item a person made or reviewed: a person has taken it up.
    reviewedByPerson: isMachine(a) && (a.personItems > 0 || a.reviewer !== null),
    updatedAt: a.updatedAt,
  })
  const original = f.copyOf === null ? undefined : byId.get(f.copyOf)
  const kind = kindOf(f)
  const copyOf = original ? original.id : null
  const named = { ...of(f), kind, copyOf }
  return {
    id: f.id,
    name: analysisName(named, original && of(original)),
    ...named,
    reviewStatus: f.reviewStatus,
  }
}

/** The last of those that pass, by last edit (the later in the list of two edited at once). */
function latest(
  analyses: readonly AnalysisFacts[],
  pass: (f: AnalysisFacts) => boolean,
): AnalysisFacts | undefined {
  let found: AnalysisFacts | undefined
  for (const f of analyses) if (pass(f) && (!found || f.updatedAt >= found.updatedAt)) found = f
  return found
}

/** The machine's run: the first loaded that is not a copy, else the first. */
const machines = (analyses: readonly AnalysisFacts[]): AnalysisFacts | undefined =>
  analyses.find((f) => isMachine(f) && f.copyOf === null) ?? analyses.find(isMachine)

/**
 * The analysis an episode counts through: the show's choice when one of its analyses is of that kind,
 * else the consensus (the latest edited of several), else the final reviewed one, else the latest a
 * person edited, else the machine's. An episode of one analysis counts through it, said as its only one.
 */
export function countedAnalysis(
  analyses: readonly AnalysisFacts[],
  choice: CountedChoice = 'rule',
): { id: string; because: CountedBecause } {
  const [first] = analyses
  if (!first) throw new Error('an episode has at least one analysis')
  if (analyses.length === 1) return { id: first.id, because: 'only' }
  const chosen =
    choice === 'machine'
      ? machines(analyses)
      : typeof choice === 'object'
        ? latest(analyses, (f) => f.reviewer?.toLowerCase() === choice.reviewer.toLowerCase())
        : undefined
  if (chosen) return { id: chosen.id, because: 'chosen' }
  const rule: [CountedBecause, AnalysisFacts | undefined][] = [
    ['consensus', latest(analyses, (f) => kindOf(f) === 'consensus')],
    ['final', latest(analyses, (f) => f.reviewStatus === 'final')],
    ['person', latest(analyses, (f) => f.personItems > 0)],
    ['machine', machines(analyses)],
  ]
  for (const [because, found] of rule) if (found) return { id: found.id, because }
  return { id: first.id, because: 'first' }
}

/** The library's episodes, each counted through its analysis as its show chooses (`choiceOf`). */
export function episodesOf(
  facts: readonly AnalysisFacts[],
  choiceOf: (show: string) => CountedChoice,
): EpisodeOfAnalyses[] {
  const byId = new Map(facts.map((f) => [f.id, f]))
  return groupIntoEpisodes(facts).map((group) => {
    const first = group[0] as AnalysisFacts
    const { id, because } = countedAnalysis(group, choiceOf(first.show))
    return {
      id: first.id,
      analyses: group.map((f) => summaryOf(f, byId)),
      facts: group,
      counted: id,
      because,
    }
  })
}
