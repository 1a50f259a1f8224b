/**
 * An episode and its analyses are two things: an episode is a programme (its media, or where none is
 * named, its id), an analysis one reading of it (a machine's run, a reviewer's pass, a copy, a
 * consensus). The library holds analyses; it lists, counts and averages episodes, each through the one
 * analysis it counts. This holds what the app, the browser host and the command line say of both.
 */
import { z } from 'zod'

/** Who made an analysis: a machine's run (whoever reviewed it since), or a person's. */
export type AnalysisMaker = 'machine' | 'person'

/** What an analysis is of its episode: the first one loaded, a copy of another, or a consensus of several. */
export type AnalysisKind = 'original' | 'copy' | 'consensus'

/** An analysis, as the library names it. */
export interface AnalysisSummary {
  /** Its library id. */
  id: string
  /** "reviewer · kind · date", as every screen and `episcore list --episodes` names it. */
  name: string
  maker: AnalysisMaker
  /** The person who reviewed or wrote it (`review.reviewer`); null when none is named. */
  reviewer: string | null
  /**
   * A machine's run a person has taken up since: a reviewer named on it, or an item edited or reviewed
   * ("machine, reviewed by X").
   */
  reviewedByPerson: boolean
  kind: AnalysisKind
  /** The analysis a copy was made of (its id), while it is in the library; null otherwise. */
  copyOf: string | null
  reviewStatus: 'draft' | 'inReview' | 'final'
  /** The last edit (ISO 8601). */
  updatedAt: string
}

/**
 * Why an episode counts through the analysis it does: the show's own choice, else the rule's first
 * match: a consensus, else the final reviewed analysis, else the latest a person edited, else the
 * machine's; `only` when the episode has no other, `first` (the first loaded) when the rule names none.
 */
export type CountedBecause = 'chosen' | 'consensus' | 'final' | 'person' | 'machine' | 'only' | 'first'

/**
 * A show's choice of the analysis each of its episodes counts through, over the rule: `rule` (the rule
 * alone), `machine` (the machine's run, as reviewed or not), or one reviewer's analysis. An episode
 * with no such analysis counts through the rule's.
 */
export const countedChoiceSchema = z.union([
  z.literal('rule'),
  z.literal('machine'),
  z.strictObject({ reviewer: z.string().trim().min(1, 'name the reviewer').max(200) }),
])
export type CountedChoice = z.infer<typeof countedChoiceSchema>

/** The words for why an analysis is counted, after "Counted: ". */
export function countedBecauseText(because: CountedBecause, choice: CountedChoice): string {
  switch (because) {
    case 'chosen':
      return choice === 'machine'
        ? "the machine's analysis, as this show chose"
        : typeof choice === 'object'
          ? `${choice.reviewer}'s analysis, as this show chose`
          : 'as this show chose'
    case 'consensus':
      return 'the consensus'
    case 'final':
      return 'the final reviewed analysis'
    case 'person':
      return 'the analysis a person edited last'
    case 'machine':
      return "the machine's analysis"
    case 'only':
      return 'its only analysis'
    case 'first':
      return 'the first analysis loaded'
  }
}

/** The words for a choice, for the show page's picker and `trends`. */
export function countedChoiceText(choice: CountedChoice): string {
  if (choice === 'rule')
    return 'the consensus, else the final reviewed, else the latest a person edited, else the machine’s'
  if (choice === 'machine') return 'the machine’s analysis'
  return `${choice.reviewer}’s analysis`
}

/** Who made it, as names say it: "machine", "machine, reviewed by Ada", or the reviewer. */
export function makerText(a: Pick<AnalysisSummary, 'maker' | 'reviewer' | 'reviewedByPerson'>): string {
  if (a.maker === 'machine')
    return a.reviewedByPerson ? `machine, reviewed by ${a.reviewer ?? 'a person'}` : 'machine'
  return a.reviewer ?? 'unnamed reviewer'
}

/** The day of an ISO 8601 time. */
const dayOf = (iso: string): string => iso.slice(0, 10)

/**
 * "reviewer · kind · date": never a bare id nor a UUID. A copy names what it was copied from by its
 * maker and day (an id may be a UUID); a copy whose original is gone says so.
 */
export function analysisName(
  a: Omit<AnalysisSummary, 'name' | 'id' | 'reviewStatus'>,
  original: Pick<AnalysisSummary, 'maker' | 'reviewer' | 'reviewedByPerson' | 'updatedAt'> | undefined,
): string {
  const kind =
    a.kind === 'copy'
      ? original
        ? `copy of ${makerText(original)}, ${dayOf(original.updatedAt)}`
        : 'copy'
      : a.kind
  return [makerText(a), kind, dayOf(a.updatedAt)].join(' · ')
}

/** A review status in words, as the library's column says it. */
export const REVIEW_STATUS_TEXT = { draft: 'Draft', inReview: 'In review', final: 'Final' } as const
