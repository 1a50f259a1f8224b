/** Why a draft's content cannot be saved: each problem a sentence naming the dimension and the place. */
import { levelsProblems, type Anchor, type CodebookDimension } from '../../shared/codebook'
import { labelTaken } from '../../shared/rubric'
import type { Db } from '../db/openDatabase'
import { statement } from '../db/statements'
import { UserError } from '../errors'
import type { CodebookContent } from './codebookRows'

/** Refuses content whose scale, descriptors, keys, labels or anchors cannot stand, saying all at once. */
export function refuseBadContent(db: Db, content: CodebookContent): void {
  const problems = contentProblems(db, content)
  if (problems.length > 0)
    throw new UserError('invalid-input', `the codebook cannot be saved: ${problems.join('; ')}`)
}

export function contentProblems(db: Db, { scale, dimensions }: CodebookContent): string[] {
  const problems: string[] = []
  if (scale.max <= scale.min) problems.push(`the scale's max ${scale.max} is not above its min ${scale.min}`)
  const keys = new Set<string>()
  dimensions.forEach((d, i) => {
    const named = `dimension “${d.label.trim()}”`
    if (keys.has(d.key)) problems.push(`${named}: the key "${d.key}" is another dimension's too`)
    keys.add(d.key)
    // As the rubric refuses it: the table, charts and Problems name dimensions by label.
    const taken = labelTaken(dimensions.slice(0, i), d.label)
    if (taken) problems.push(`${named}: ${taken}`)
    if (scale.max > scale.min)
      for (const problem of levelsProblems(d.levels, scale)) problems.push(`${named}: ${problem}`)
    const anchorIds = new Set<string>()
    for (const anchor of d.anchors) {
      if (anchorIds.has(anchor.id)) problems.push(`${named}: two anchors have the id "${anchor.id}"`)
      anchorIds.add(anchor.id)
      const missing = anchorProblem(db, anchor)
      if (missing) problems.push(`${named}: ${missing}`)
    }
  })
  return problems
}

/** Where an anchor's item lives, and what a refusal calls it, per kind of anchor that names an item. */
const ANCHORED_ITEMS = {
  statement: { table: 'statements', noun: 'statement' },
  chapterScore: { table: 'chapters', noun: 'chapter' },
} as const

/** Why an anchor does not point at a real item of the library, or null when it does. */
function anchorProblem(db: Db, { target }: Anchor): string | null {
  const episode = statement(db, `SELECT duration_seconds FROM episodes WHERE id = ?`).get(
    target.episodeId,
  ) as { duration_seconds: number } | undefined
  if (!episode) return `an anchor names the analysis ${target.episodeId}, which is not in the library`
  if (target.kind !== 'range') {
    const { table, noun } = ANCHORED_ITEMS[target.kind]
    const itemId = target.kind === 'statement' ? target.statementId : target.chapterId
    const found = statement(db, `SELECT 1 FROM ${table} WHERE episode_id = ? AND id = ?`).get(
      target.episodeId,
      itemId,
    )
    return found ? null : `an anchor names ${noun} ${itemId} of ${target.episodeId}, which has none such`
  }
  if (target.end <= target.start)
    return `an anchor's range ${target.start}-${target.end} s of ${target.episodeId} does not run forwards`
  if (target.end > episode.duration_seconds)
    return `an anchor's range ends at ${target.end} s, past the end of ${target.episodeId} (${episode.duration_seconds} s)`
  return null
}

/** The content with every dimension's fields as the codebook keeps them (levels sorted by score). */
export const normalContent = (content: CodebookContent): CodebookContent => ({
  scale: { ...content.scale },
  dimensions: content.dimensions.map((d): CodebookDimension => ({
    ...d,
    levels: [...d.levels].sort((a, b) => a.from - b.from),
    anchors: d.anchors.map((a) => ({ ...a })),
  })),
})
