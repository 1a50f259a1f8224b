/**
 * Episode JSON, format version 1: the contract with publishing (docs/episode-format.md).
 * This schema is the single source of the format; the exporter, the loader and `episcore validate`
 * all check against it.
 */
import { z } from 'zod'
import {
  CONTROL_CHARACTER_PROBLEM,
  ITEM_LIMITS,
  MAX_DURATION_SECONDS,
  MAX_FILE_NAME,
  MAX_SEGMENT_TEXT,
  MAX_WORD_TEXT,
  NO_CONTROL_CHARACTERS,
  tooMany,
} from './episodeLimits'
import { PROTOTYPE_KEY_PROBLEM, PROTOTYPE_NAMES } from './prototypeKeys'
import { sameLabel } from './labelIdentity'
import { grouped, TEXT_LIMITS, tooLong } from './textLimits'
import { bySpan } from './spanOrder'

export { bySpan }

export const EPISODE_FORMAT = 'episode-analysis'
export const EPISODE_FORMAT_VERSION = 1
export const SPEAKING_BALANCE_BIN_SECONDS = 180

const hasAtMost3Decimals = (n: number): boolean => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6

/** Whether a value is a time as `time` below takes it: the same rules, for a check that copies nothing. */
export const isFormatTime = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= MAX_DURATION_SECONDS && hasAtMost3Decimals(n)

const time = z
  .number()
  .finite()
  .min(0, 'a time is never negative')
  .max(MAX_DURATION_SECONDS, `a time is at most ${grouped(MAX_DURATION_SECONDS)} s (7 days)`)
  .refine(hasAtMost3Decimals, 'a time has at most 3 decimals')

// An id or title is printed one per line (`episcore list`): a line break in one would forge a row.
const noControls = (what: string): [RegExp, string] => [
  NO_CONTROL_CHARACTERS,
  `${what} ${CONTROL_CHARACTER_PROBLEM}`,
]

const id = z
  .string()
  .min(1, 'an id is never empty')
  .max(64, 'an id has at most 64 characters')
  .regex(...noControls('an id'))

const isTrimmed = (s: string): boolean => s === s.trim()
const TRIMMED = 'text is trimmed (no leading or trailing spaces)'
/** Text as the editor takes it: the same limit whichever way it comes in (textLimits.ts). */
const trimmed = (limit: number): z.ZodString =>
  z.string().max(limit, tooLong(limit)).refine(isTrimmed, TRIMMED)
const title = z
  .string()
  .max(TEXT_LIMITS.short, tooLong(TEXT_LIMITS.short))
  .regex(...noControls('a title'))
  .refine(isTrimmed, TRIMMED)
const shortText = trimmed(TEXT_LIMITS.short)
const nameText = z
  .string()
  .max(TEXT_LIMITS.name, tooLong(TEXT_LIMITS.name))
  .regex(...noControls('a name'))
  .refine(isTrimmed, TRIMMED)
const longText = trimmed(TEXT_LIMITS.long)
const list = <T extends z.ZodType>(item: T, limit: number, what: string) =>
  z.array(item).max(limit, tooMany(limit, what))

const extensions = z.record(z.string(), z.unknown()).optional()

const isoUtc = z.iso.datetime({ offset: false })

export const originSchema = z.enum(['machine', 'human'])
export const itemStatusSchema = z.enum(['unreviewed', 'accepted', 'edited'])
export const roleSchema = z.enum(['host', 'guest', 'other'])
export const reviewStatusSchema = z.enum(['draft', 'inReview', 'final'])
export const dimensionKeySchema = z
  .string()
  .regex(/^[a-z][A-Za-z0-9]*$/, 'a dimension key is camelCase letters and digits')
  // Scores are kept by dimension key: `constructor` would look scored in every chapter that omits it.
  .refine((key) => !PROTOTYPE_NAMES.has(key), PROTOTYPE_KEY_PROBLEM)

/** The most level descriptors a dimension may carry: one per score of a 0-1000 scale is more than any. */
export const MAX_LEVELS = 1000

/** A codebook's level descriptor: what the scores `from`-`to` look like (optional, issue 45). */
export const levelDescriptorSchema = z.strictObject({
  from: z.number().int(),
  to: z.number().int(),
  text: longText.pipe(z.string().min(1, 'a level descriptor needs its sentence')),
})

export const dimensionSchema = z.strictObject({
  key: dimensionKeySchema,
  label: nameText,
  description: longText,
  highlightLabel: shortText,
  /** The level descriptors of the codebook version the analysis was scored under; absent without one. */
  levels: list(levelDescriptorSchema, MAX_LEVELS, 'level descriptors').optional(),
  extensions,
})

/** The longest note an evidence item may carry. */
export const EVIDENCE_NOTE_LENGTH = 2000

/** Bins of the longest episode: the speaking balance is bounded by the duration's limit. */
export const MAX_SPEAKING_BALANCE_BINS = Math.ceil(MAX_DURATION_SECONDS / SPEAKING_BALANCE_BIN_SECONDS)

export type EpisodeDocument = z.infer<DocumentSchemas['episodeDocumentShape']>
export type Chapter = z.infer<DocumentSchemas['chapterSchema']>
export type Statement = z.infer<DocumentSchemas['statementSchema']>
export type Highlight = z.infer<DocumentSchemas['highlightSchema']>
export type Participant = z.infer<DocumentSchemas['participantSchema']>
export type Dimension = z.infer<typeof dimensionSchema>
export type TranscriptSegment = z.infer<DocumentSchemas['segmentSchema']>
export type TranscriptWord = z.infer<DocumentSchemas['wordSchema']>
export type SpeakingBalance = z.infer<DocumentSchemas['speakingBalanceSchema']>
export type Role = z.infer<typeof roleSchema>
export type EvidenceItem = z.infer<DocumentSchemas['evidenceItemSchema']>

type Issue = { path: PropertyKey[]; message: string }

function checkUniqueIds(items: ReadonlyArray<{ id: string }>, list: string[], issues: Issue[]): void {
  const seen = new Map<string, number>()
  items.forEach((item, i) => {
    const first = seen.get(item.id)
    if (first !== undefined)
      issues.push({
        path: [...list, i, 'id'],
        message: `duplicate id "${item.id}" (also at /${list.join('/')}/${first})`,
      })
    else seen.set(item.id, i)
  })
}

function checkSpan(
  item: { start: number; end: number },
  path: PropertyKey[],
  duration: number,
  issues: Issue[],
): void {
  if (item.start >= item.end)
    issues.push({ path: [...path, 'end'], message: `end ${item.end} is not after start ${item.start}` })
  if (item.end > duration)
    issues.push({ path: [...path, 'end'], message: `${item.end} is past the media's end (${duration})` })
}

function checkSorted<T>(
  items: readonly T[],
  list: string[],
  compare: (a: T, b: T) => number,
  issues: Issue[],
): void {
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1] as T, items[i] as T) > 0) {
      const where = '/' + list.join('/')
      issues.push({ path: [...list, i], message: `not sorted (this item belongs before ${where}/${i - 1})` })
      return
    }
  }
}

/**
 * Level descriptors cover the scale with no gap or overlap, each naming the scores (the codebook's own
 * check, src/shared/codebook.ts levelsProblems, says the same; it cannot be imported here, as it builds on
 * this file's schemas).
 */
function levelCoverage(levels: readonly { from: number; to: number }[], min: number, max: number): string[] {
  if (levels.length === 0) return []
  const problems: string[] = []
  const scores = (a: number, b: number): string => (a === b ? `${a}` : `${a}-${b}`)
  for (const l of levels) {
    if (l.from > l.to) problems.push(`the level ${l.from}-${l.to} runs backwards`)
    else if (l.from < min || l.to > max)
      problems.push(`the level ${scores(l.from, l.to)} is outside the scale ${min}-${max}`)
  }
  let next = min
  for (const l of [...levels].filter((l) => l.from <= l.to).sort((a, b) => a.from - b.from)) {
    if (l.from > next) problems.push(`no level covers ${scores(next, l.from - 1)}`)
    if (l.from < next) problems.push(`levels overlap at ${scores(l.from, Math.min(l.to, next - 1))}`)
    next = Math.max(next, l.to + 1)
  }
  if (next <= max) problems.push(`no level covers ${scores(next, max)}`)
  return problems
}

/** The rules that tie one part of a document to another: spans, ids, scale, rubric keys. */
export function crossChecks(doc: EpisodeDocument): Issue[] {
  const issues: Issue[] = []
  const duration = doc.episode.durationSeconds
  const { min, max } = doc.rubric.scale
  if (min >= max)
    issues.push({ path: ['rubric', 'scale', 'max'], message: `max ${max} is not above min ${min}` })

  const dimensionKeys = new Set<string>()
  doc.rubric.dimensions.forEach((d, i) => {
    if (dimensionKeys.has(d.key))
      issues.push({ path: ['rubric', 'dimensions', i, 'key'], message: `duplicate dimension key "${d.key}"` })
    dimensionKeys.add(d.key)
  })
  if (min < max)
    doc.rubric.dimensions.forEach((d, i) => {
      for (const message of levelCoverage(d.levels ?? [], min, max))
        issues.push({ path: ['rubric', 'dimensions', i, 'levels'], message })
    })
  doc.rubric.dimensions.forEach((d, i) => {
    const first = doc.rubric.dimensions.findIndex((other) => sameLabel(other.label, d.label))
    if (first < i)
      issues.push({
        path: ['rubric', 'dimensions', i, 'label'],
        message: `the label “${d.label.trim()}” is already /rubric/dimensions/${first}'s (labels must differ in more than case and spaces)`,
      })
  })

  checkUniqueIds(doc.participants, ['participants'], issues)
  checkUniqueIds(doc.chapters, ['chapters'], issues)
  checkUniqueIds(doc.highlights, ['highlights'], issues)
  checkUniqueIds(doc.statements, ['statements'], issues)
  const participantIds = new Set(doc.participants.map((p) => p.id))
  const chapterIds = new Set(doc.chapters.map((c) => c.id))

  const statementIds = new Set(doc.statements.map((s) => s.id))
  const checkEvidence = (items: readonly EvidenceItem[] | undefined, path: PropertyKey[]): void =>
    items?.forEach((item, k) => {
      if ('statement' in item) {
        if (!statementIds.has(item.statement))
          issues.push({
            path: [...path, k, 'statement'],
            message: `"${item.statement}" is not a statement id`,
          })
      } else {
        if (item.end < item.start)
          issues.push({ path: [...path, k, 'end'], message: `end ${item.end} is before start ${item.start}` })
        if (item.end > duration)
          issues.push({
            path: [...path, k, 'end'],
            message: `${item.end} is past the media's end (${duration})`,
          })
      }
    })
  doc.chapters.forEach((chapter, i) => {
    checkEvidence(chapter.evidence, ['chapters', i, 'evidence'])
    for (const [key, score] of Object.entries(chapter.scores))
      checkEvidence(score.evidence, ['chapters', i, 'scores', key, 'evidence'])
  })
  doc.highlights.forEach((h, i) => checkEvidence(h.evidence, ['highlights', i, 'evidence']))

  doc.chapters.forEach((chapter, i) => {
    checkSpan(chapter, ['chapters', i], duration, issues)
    const previous = doc.chapters[i - 1]
    if (previous && chapter.start < previous.end && previous.start <= chapter.start)
      issues.push({
        path: ['chapters', i, 'start'],
        message: `chapter overlaps the previous one (starts at ${chapter.start}, before ${previous.end})`,
      })
    for (const key of dimensionKeys)
      if (!Object.hasOwn(chapter.scores, key))
        issues.push({ path: ['chapters', i, 'scores'], message: `no score entry for dimension "${key}"` })
    for (const [key, score] of Object.entries(chapter.scores)) {
      if (!dimensionKeys.has(key))
        issues.push({ path: ['chapters', i, 'scores', key], message: `"${key}" is not a rubric dimension` })
      if (score.value !== null && (score.value < min || score.value > max))
        issues.push({
          path: ['chapters', i, 'scores', key, 'value'],
          message: `${score.value} is outside the scale ${min}-${max}`,
        })
    }
  })
  checkSorted(doc.chapters, ['chapters'], bySpan, issues)

  const highlightDimensions = new Map<string, number>()
  doc.highlights.forEach((h, i) => {
    if (!dimensionKeys.has(h.dimension))
      issues.push({
        path: ['highlights', i, 'dimension'],
        message: `"${h.dimension}" is not a rubric dimension`,
      })
    const first = highlightDimensions.get(h.dimension)
    if (first !== undefined)
      issues.push({
        path: ['highlights', i, 'dimension'],
        message: `a second highlight for "${h.dimension}" (first at /highlights/${first})`,
      })
    else highlightDimensions.set(h.dimension, i)
    if (h.time > duration)
      issues.push({
        path: ['highlights', i, 'time'],
        message: `${h.time} is past the media's end (${duration})`,
      })
  })
  checkSorted(doc.highlights, ['highlights'], (a, b) => a.time - b.time, issues)

  doc.statements.forEach((s, i) => {
    checkSpan(s, ['statements', i], duration, issues)
    if (s.speakerId !== null && !participantIds.has(s.speakerId))
      issues.push({
        path: ['statements', i, 'speakerId'],
        message: `"${s.speakerId}" is not a participant id`,
      })
    if (s.chapterId !== null && !chapterIds.has(s.chapterId))
      issues.push({ path: ['statements', i, 'chapterId'], message: `"${s.chapterId}" is not a chapter id` })
  })
  checkSorted(doc.statements, ['statements'], bySpan, issues)

  if (doc.transcript) {
    checkUniqueIds(doc.transcript.segments, ['transcript', 'segments'], issues)
    doc.transcript.segments.forEach((seg, i) => {
      if (seg.end < seg.start)
        issues.push({
          path: ['transcript', 'segments', i, 'end'],
          message: `end ${seg.end} is before start ${seg.start}`,
        })
      if (seg.speakerId !== null && !participantIds.has(seg.speakerId))
        issues.push({
          path: ['transcript', 'segments', i, 'speakerId'],
          message: `"${seg.speakerId}" is not a participant id`,
        })
    })
    checkSorted(doc.transcript.segments, ['transcript', 'segments'], (a, b) => a.start - b.start, issues)
    const words = doc.transcript.segments.reduce((n, seg) => n + seg.words.length, 0)
    if (words > ITEM_LIMITS.words)
      issues.push({
        path: ['transcript', 'segments'],
        message: `${words.toLocaleString('en')} words: ${tooMany(ITEM_LIMITS.words, 'transcript words')}`,
      })
  }
  return issues
}

/**
 * The schemas of the document and its parts, made when a document is first checked: a process that
 * checks none (`episcore list`, any command's start) does not pay for making them, ~20 ms of the command
 * line's start (zod builds much of each schema's checking as the schema is made).
 */
function makeDocumentSchemas() {
  const mediaRefSchema = z.strictObject({
    fileName: trimmed(MAX_FILE_NAME).pipe(z.string().min(1)),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 is 64 lowercase hex digits'),
    kind: z.enum(['audio', 'video']),
  })

  const episodeInfoSchema = z.strictObject({
    id,
    title,
    show: nameText,
    publishedOn: z.iso.date().nullable(),
    durationSeconds: z
      .number()
      .finite()
      .positive()
      .max(MAX_DURATION_SECONDS, `an episode is at most 7 days (${grouped(MAX_DURATION_SECONDS)} s) long`),
    sourceUrl: trimmed(TEXT_LIMITS.url).nullable(),
    summary: longText,
    media: mediaRefSchema.nullable(),
    extensions,
  })

  const participantSchema = z.strictObject({
    id,
    name: nameText,
    role: roleSchema,
    affiliation: shortText.nullable(),
    extensions,
  })

  /** The show's codebook version an analysis was scored under (absent: no codebook, as before). */
  const codebookStampSchema = z.strictObject({
    show: nameText.pipe(z.string().min(1, "a codebook's show is never empty")),
    version: z.number().int().min(1, 'a codebook version is 1 or more'),
  })

  const rubricSchema = z.strictObject({
    scale: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    dimensions: list(dimensionSchema, ITEM_LIMITS.dimensions, 'rubric dimensions'),
    codebook: codebookStampSchema.optional(),
    extensions,
  })

  const evidenceNote = z.string().max(EVIDENCE_NOTE_LENGTH, tooLong(EVIDENCE_NOTE_LENGTH)).optional()

  /** A moment that justifies a text: a statement of the same file, or a stretch of the media. */
  const evidenceItemSchema = z.union([
    z.strictObject({ statement: id, note: evidenceNote }),
    z.strictObject({ start: time, end: time, note: evidenceNote }),
  ])

  /** Absent and `[]` differ, and both round-trip. */
  const evidence = list(evidenceItemSchema, ITEM_LIMITS.evidence, 'evidence items').optional()

  const scoreSchema = z.strictObject({
    value: z.number().int().nullable(),
    reasoning: longText,
    evidence,
    extensions,
  })

  const chapterSchema = z.strictObject({
    id,
    title,
    start: time,
    end: time,
    why: longText,
    scores: z.record(z.string(), scoreSchema),
    origin: originSchema,
    status: itemStatusSchema,
    evidence,
    extensions,
  })

  const highlightSchema = z.strictObject({
    id,
    dimension: z.string(),
    time,
    title,
    description: longText,
    origin: originSchema,
    status: itemStatusSchema,
    evidence,
    extensions,
  })

  const statementSchema = z.strictObject({
    id,
    title,
    quote: longText,
    start: time,
    end: time,
    speakerId: id.nullable(),
    chapterId: id.nullable(),
    origin: originSchema,
    status: itemStatusSchema,
    extensions,
  })

  const wordSchema = z.strictObject({
    start: time,
    end: time,
    text: z.string().max(MAX_WORD_TEXT, tooLong(MAX_WORD_TEXT)),
  })

  const segmentSchema = z.strictObject({
    id,
    start: time,
    end: time,
    speakerId: id.nullable(),
    text: z.string().max(MAX_SEGMENT_TEXT, tooLong(MAX_SEGMENT_TEXT)),
    words: list(wordSchema, ITEM_LIMITS.words, 'transcript words'),
    extensions,
  })

  const transcriptSchema = z.strictObject({
    segments: list(segmentSchema, ITEM_LIMITS.segments, 'transcript segments'),
    extensions,
  })

  const speakingBalanceSchema = z.strictObject({
    binSeconds: z.number().positive().max(MAX_DURATION_SECONDS),
    bins: list(
      z.strictObject({
        start: z.number().min(0),
        end: z.number().min(0),
        hostSeconds: z.number().min(0),
        guestSeconds: z.number().min(0),
        otherSeconds: z.number().min(0),
      }),
      MAX_SPEAKING_BALANCE_BINS,
      'speaking balance bins',
    ),
  })

  const reviewSchema = z.strictObject({
    status: reviewStatusSchema,
    reviewer: nameText.nullable(),
    updatedAt: isoUtc,
    /** The reviewer scored with the machine's scores hidden until rated; absent where never chosen. */
    blind: z.boolean().optional(),
  })

  const episodeDocumentShape = z.strictObject({
    format: z.literal(EPISODE_FORMAT),
    version: z.literal(EPISODE_FORMAT_VERSION),
    exportedAt: isoUtc,
    generator: z.string().min(1).max(TEXT_LIMITS.short, tooLong(TEXT_LIMITS.short)),
    episode: episodeInfoSchema,
    participants: list(participantSchema, ITEM_LIMITS.participants, 'participants'),
    rubric: rubricSchema,
    chapters: list(chapterSchema, ITEM_LIMITS.chapters, 'chapters'),
    highlights: list(highlightSchema, ITEM_LIMITS.highlights, 'highlights'),
    statements: list(statementSchema, ITEM_LIMITS.statements, 'statements'),
    speakingBalance: speakingBalanceSchema.nullable(),
    scoreSummary: z.record(z.string(), z.number().nullable()),
    transcript: transcriptSchema.nullable(),
    review: reviewSchema,
    extensions,
  })

  const episodeDocumentSchema = episodeDocumentShape.superRefine((doc, ctx) => {
    for (const issue of crossChecks(doc))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  })
  return {
    mediaRefSchema,
    episodeInfoSchema,
    participantSchema,
    codebookStampSchema,
    rubricSchema,
    evidenceItemSchema,
    scoreSchema,
    chapterSchema,
    highlightSchema,
    statementSchema,
    wordSchema,
    segmentSchema,
    transcriptSchema,
    speakingBalanceSchema,
    reviewSchema,
    episodeDocumentShape,
    episodeDocumentSchema,
  }
}

type DocumentSchemas = ReturnType<typeof makeDocumentSchemas>
let documentSchemas: DocumentSchemas | undefined

/** The schemas of an episode document and of its parts, each made once, at the first call. */
export const episodeSchemas = (): DocumentSchemas => (documentSchemas ??= makeDocumentSchemas())
