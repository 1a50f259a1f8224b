import type { ChapterView, EpisodeView, ScoreView } from './contract'
import type { QuoteFinding } from './quoteFindings'

/*
 * How a view travels from the core to a window, so that no answer is tens of megabytes when an episode
 * holds thousands of long reasonings. Two parts repeat what the view already holds:
 * - a machine chapter's `machineScores` repeats each score the reviewer has not changed (the whole
 *   reasoning, twice); such an entry travels as 0, read back as the score itself;
 * - the quote findings repeat the same quoted passages field after field; each travels once, in a
 *   table, and the findings name them by their place in it.
 * A reasoning that quotes eight passages, in every score of 800 chapters on 50 dimensions, made a 48 MB
 * view; it travels as 14 MB, and is the same view once read.
 */

/** A machine score the reviewer left as it was: the chapter's own score. */
const SAME_AS_SCORE = 0

type CompactChapter = Omit<ChapterView, 'machineScores'> & {
  machineScores: Record<string, ScoreView | typeof SAME_AS_SCORE> | null
}

interface CompactFindings {
  passages: string[]
  findings: (Omit<QuoteFinding, 'quotes'> & { quotes: number[] })[]
}

const sameScore = (a: ScoreView, b: ScoreView | undefined): boolean =>
  b !== undefined &&
  a.value === b.value &&
  a.reasoning === b.reasoning &&
  JSON.stringify(a.evidence) === JSON.stringify(b.evidence)

function compactChapter(chapter: ChapterView): CompactChapter {
  const machine = chapter.machineScores
  if (machine === null) return chapter as CompactChapter
  const compact: Record<string, ScoreView | typeof SAME_AS_SCORE> = {}
  for (const [key, score] of Object.entries(machine))
    compact[key] = sameScore(score, chapter.scores[key]) ? SAME_AS_SCORE : score
  return { ...chapter, machineScores: compact }
}

function expandChapter(chapter: CompactChapter): ChapterView {
  const machine = chapter.machineScores
  if (machine === null || !Object.values(machine).includes(SAME_AS_SCORE)) return chapter as ChapterView
  const expanded: Record<string, ScoreView> = {}
  for (const [key, score] of Object.entries(machine)) {
    const own = chapter.scores[key]
    // A 0 where the window has no such score would be a sender's fault: it reads as no machine score.
    if (score !== SAME_AS_SCORE) expanded[key] = score
    else if (own) expanded[key] = own
  }
  return { ...chapter, machineScores: expanded }
}

function compactFindings(findings: readonly QuoteFinding[]): CompactFindings {
  const passages: string[] = []
  const place = new Map<string, number>()
  const indexOf = (passage: string): number => {
    let at = place.get(passage)
    if (at === undefined) place.set(passage, (at = passages.push(passage) - 1))
    return at
  }
  return { passages, findings: findings.map((f) => ({ ...f, quotes: f.quotes.map(indexOf) })) }
}

function expandFindings(compact: CompactFindings): QuoteFinding[] {
  return compact.findings.map((f) => ({ ...f, quotes: f.quotes.map((i) => compact.passages[i] ?? '') }))
}

const isCompactFindings = (value: unknown): value is CompactFindings =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'passages' in value

/** A part or item of a view as it travels (see above); anything else as it is. */
export function compactPart(key: string, value: unknown): unknown {
  if (key === 'quoteFindings') return compactFindings(value as QuoteFinding[])
  if (key === 'chapters') return (value as ChapterView[]).map(compactChapter)
  return value
}

/** A part or item as the window reads it, from what {@link compactPart} sent. */
export function expandPart(key: string, value: unknown): unknown {
  if (key === 'quoteFindings') return isCompactFindings(value) ? expandFindings(value) : value
  if (key === 'chapters') return (value as CompactChapter[]).map(expandChapter)
  return value
}

/** A whole view as it travels. */
export function compactView(view: EpisodeView): unknown {
  return {
    ...view,
    chapters: compactPart('chapters', view.chapters),
    quoteFindings: compactPart('quoteFindings', view.quoteFindings),
  }
}

/** A whole view as the window reads it. */
export function expandView(sent: unknown): EpisodeView {
  const view = sent as Record<string, unknown>
  return {
    ...view,
    chapters: expandPart('chapters', view.chapters),
    quoteFindings: expandPart('quoteFindings', view.quoteFindings),
  } as EpisodeView
}
