/**
 * A show's codebook (issue 45): the rubric as content analysts keep it, versioned. Each version holds
 * the scale, and per dimension its definition, level descriptors covering the scale, and anchor examples
 * from real episodes. A version any score has used is never changed: editing makes the next version.
 */
import { z } from 'zod'
import { dimensionKeySchema } from './episodeFormat'

/** What a score (or a band of scores) looks like: "7-8: the guest corrects the host with a source". */
export interface LevelDescriptor {
  from: number
  to: number
  text: string
}

/** An anchor example: a moment of a real episode in the library, cited as evidence is, with a note. */
export type AnchorTarget =
  | { kind: 'statement'; episodeId: string; statementId: string }
  | { kind: 'chapterScore'; episodeId: string; chapterId: string }
  | { kind: 'range'; episodeId: string; start: number; end: number }

export interface Anchor {
  id: string
  target: AnchorTarget
  note: string
}

export interface CodebookDimension {
  key: string
  label: string
  definition: string
  highlightLabel: string
  levels: LevelDescriptor[]
  anchors: Anchor[]
}

export type CodebookState = 'draft' | 'published'

export interface CodebookVersion {
  show: string
  version: number
  state: CodebookState
  /** One scale for the version, as the episode format's rubric has one. */
  scale: { min: number; max: number }
  dimensions: CodebookDimension[]
  createdAt: string
  publishedAt: string | null
  /** Whether any analysis was scored under it: then it is frozen, and editing makes the next version. */
  used: boolean
}

/** A version as the versions list names it. */
export type CodebookVersionSummary = Omit<CodebookVersion, 'dimensions'> & { dimensions: number }

/** What changed from one version to another, as an analysis made under the older one is told. */
export interface CodebookChanges {
  added: string[]
  removed: string[]
  renamed: { key: string; from: string; to: string }[]
  definitionChanged: string[]
  descriptorsChanged: string[]
  /** The scale changed: every score given under the older version is flagged for rescoring. */
  scaleChanged: boolean
}

const scoreBound = z.number().int().min(-1000).max(1000)

export const levelSchema = z.strictObject({
  from: scoreBound,
  to: scoreBound,
  text: z.string().trim().min(1, 'a level needs a sentence').max(2000),
})

/** Where an anchor is: a statement, a chapter's score, or a time range of an episode in the library. */
export const anchorTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('statement'),
    episodeId: z.string().min(1).max(64),
    statementId: z.string().min(1).max(64),
  }),
  z.strictObject({
    kind: z.literal('chapterScore'),
    episodeId: z.string().min(1).max(64),
    chapterId: z.string().min(1).max(64),
  }),
  z.strictObject({
    kind: z.literal('range'),
    episodeId: z.string().min(1).max(64),
    start: z.number().finite().min(0),
    end: z.number().finite().min(0),
  }),
])

/** An anchor's note: what the moment shows ("a 7: the guest corrects the host with a source"). */
export const anchorNoteSchema = z.string().trim().max(2000)

export const anchorSchema = z.strictObject({
  id: z.string().min(1).max(64),
  target: anchorTargetSchema,
  note: anchorNoteSchema,
})

export const codebookDimensionSchema = z.strictObject({
  key: dimensionKeySchema,
  label: z.string().trim().min(1).max(200),
  definition: z.string().max(10_000),
  highlightLabel: z.string().max(200),
  levels: z.array(levelSchema).max(1000),
  anchors: z.array(anchorSchema).max(200),
})

/** A draft's content as the codebook screen and the CLI send it. */
export const codebookContentSchema = z.strictObject({
  scale: z.strictObject({ min: scoreBound, max: scoreBound }),
  dimensions: z.array(codebookDimensionSchema).min(1).max(100),
})

/**
 * Why descriptors cannot stand on this scale, each naming the scores: a gap, an overlap, a band out of
 * the scale or backwards. Empty when they cover it exactly; no descriptors at all is allowed (a dimension
 * not described yet).
 */
export function levelsProblems(
  levels: readonly LevelDescriptor[],
  scale: { min: number; max: number },
): string[] {
  if (levels.length === 0) return []
  const problems: string[] = []
  for (const l of levels) {
    if (l.from > l.to) problems.push(`the level ${l.from}-${l.to} runs backwards`)
    if (l.from < scale.min || l.to > scale.max)
      problems.push(`the level ${l.from}-${l.to} is outside the scale ${scale.min}-${scale.max}`)
  }
  const sorted = [...levels].filter((l) => l.from <= l.to).sort((a, b) => a.from - b.from)
  let next = scale.min
  for (const l of sorted) {
    if (l.from > next)
      problems.push(next === l.from - 1 ? `no level covers ${next}` : `no level covers ${next}-${l.from - 1}`)
    if (l.from < next) problems.push(`levels overlap at ${l.from}-${Math.min(l.to, next - 1)}`)
    next = Math.max(next, l.to + 1)
  }
  if (next <= scale.max)
    problems.push(next === scale.max ? `no level covers ${next}` : `no level covers ${next}-${scale.max}`)
  return problems
}

/** The descriptor of a score, or null when none covers it. */
export const levelFor = (levels: readonly LevelDescriptor[], score: number): LevelDescriptor | null =>
  levels.find((l) => l.from <= score && score <= l.to) ?? null

/** How a descriptor's scores are written: "7" or "7-8". */
export const levelScores = (l: LevelDescriptor): string =>
  l.from === l.to ? `${l.from}` : `${l.from}-${l.to}`
