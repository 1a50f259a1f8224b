import { chapterAt } from './chapterAt'
import type { EpisodeView } from './contract'
import type { EpisodeDocument } from './episodeFormat'
import { jsonPointer } from './jsonPointer'
import { formatPreciseClock, lastMillis } from './preciseTime'
import { isMissingText } from './scoreScale'
import { quoteFindings, spokenWords, type QuoteFinding } from './quoteFindings'
import { SaidWords } from './quotedWords'
import { repeatedLabels } from './rubric'
import { inSpanOrder } from './spanOrder'
import { formatClock } from './time'
import { transcriptExtent, transcriptPastEndSentence, type TranscriptExtent } from './transcriptPastEnd'

/*
 * The one list of rules for what is wrong with an analysis. The Problems panel shows every problem;
 * Publish (and `episcore export --final`) refuses while any problem that blocks publishing is left.
 */

export type ProblemKind =
  | 'noChapters'
  | 'unreviewed'
  | 'emptyWhy'
  | 'notScored'
  | 'scoreWithoutReasoning'
  | 'staleReasoning'
  | 'chapterGap'
  | 'statementOutsideMedia'
  | 'statementSpan'
  | 'quoteMismatch'
  | 'quoteEstimated'
  | 'chapterOverlap'
  | 'highlightOutsideChapters'
  | 'duplicateHighlight'
  | 'duplicateLabel'
  | 'unknownDimension'
  | 'mediaLength'
  | 'transcriptPastMedia'
  | 'silentParticipant'
  | 'unsaidQuote'
  | 'uncheckedQuote'
  | 'noEvidence'
  | 'noDescription'

/**
 * How much a problem matters, named the same in the app and the CLI: an `error` blocks publishing, a
 * `warning` is the editor's to judge, a `note` only informs. Neither of the last two ever blocks.
 */
export type Severity = 'error' | 'warning' | 'note'

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'note']

/** What each severity means, as the Problems panel and `episcore problems` say it. */
export const SEVERITY_MEANING: Record<Severity, string> = {
  error: 'error',
  warning: 'worth a look; does not block publishing',
  note: 'for information; never blocks publishing',
}

const SEVERITY: Record<ProblemKind, Severity> = {
  noChapters: 'error',
  unreviewed: 'error',
  emptyWhy: 'error',
  notScored: 'error',
  scoreWithoutReasoning: 'error',
  // A machine's reasoning beside the reviewer's score says something the page no longer shows.
  staleReasoning: 'error',
  chapterGap: 'error',
  statementOutsideMedia: 'warning',
  statementSpan: 'warning',
  // A published quote is a claim about what was said in its span.
  quoteMismatch: 'error',
  // Captions without word times: which of a cue's words a span holds is an estimate.
  quoteEstimated: 'note',
  chapterOverlap: 'warning',
  highlightOutsideChapters: 'warning',
  duplicateHighlight: 'warning',
  // The table, the charts, Problems and the CSV name dimensions by label: two equal ones are one to a reader.
  duplicateLabel: 'error',
  unknownDimension: 'warning',
  mediaLength: 'warning',
  // Cues past the media's end can never be played: the transcript is likely another recording's.
  transcriptPastMedia: 'warning',
  // Exported as a host or a guest of an episode they say nothing in (a replaced transcript's speaker).
  silentParticipant: 'warning',
  // Quotation marks mean verbatim: words put in them that nobody said are a fabrication once published.
  unsaidQuote: 'error',
  uncheckedQuote: 'warning',
  // A reader cannot check a score nobody tied to a moment; a desk may require it (rules.requireEvidence).
  noEvidence: 'note',
  // "How this is scored" is what lets a reader trust a number; without a description it gives the label alone.
  noDescription: 'warning',
}

/** Something in the analysis to fix, where it is, and how the document says it. */
export interface Problem {
  /** Stable across views, so the panel can keep its place. */
  key: string
  kind: ProblemKind
  severity: Severity
  /** For the editor: a sentence, chapters numbered from 1. */
  message: string
  /** For scripts (the CLI): where in episode JSON, and what is wrong there. */
  path: string
  detail: string
  /** The item to select and the time to go to when the problem is clicked. */
  target: { kind: 'statement' | 'chapter' | 'highlight'; id: string } | null
  time: number
}

type Status = 'accepted' | 'edited' | 'unreviewed' | 'rejected'

/** What the rules read: the window's view or the exported document, lists in the document's order. */
export interface ProblemSubject {
  durationSeconds: number
  /** The media file, when the length it declares is known to differ from what decodes. */
  media?: { fileName: string; declaredSeconds: number | null } | null
  dimensions: readonly { key: string; label: string; highlightLabel?: string; description?: string }[]
  chapters: readonly {
    id: string
    title: string
    start: number
    end: number
    why: string
    status: Status
    scores: Record<
      string,
      { value: number | null; reasoning: string; evidence?: readonly unknown[] } | undefined
    >
    /** What a machine analysis scored, and where its reasoning is left beside a changed score. */
    machineScores?: Record<string, { value: number | null } | undefined> | null
    reasoningToConfirm?: readonly string[]
  }[]
  highlights: readonly { id: string; dimension: string; time: number; status: Status }[]
  statements: readonly {
    id: string
    title: string
    start: number
    end: number
    status: Status
    quoteProblem?: string | null
    speakerId?: string | null
    quoteEstimated?: boolean
  }[]
  /** How much of the transcript starts after the media's end; absent where unknown. */
  transcript?: TranscriptExtent | null
  /** Each participant and how long the transcript has them speak. */
  participants?: readonly { id: string; name: string; speakingSeconds: number }[]
  /** Texts whose quotation marks hold words not said where they speak of (see quoteFindings.ts). */
  quoteFindings?: readonly QuoteFinding[]
  /** A score with reasoning and no evidence is an error (the desk's rule), not a note. */
  requireEvidence?: boolean
}

export function subjectOfView(view: EpisodeView): ProblemSubject {
  return {
    durationSeconds: view.summary.durationSeconds,
    media: view.media,
    dimensions: view.rubric.dimensions,
    chapters: inSpanOrder(view.chapters),
    highlights: [...view.highlights].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1)),
    statements: inSpanOrder(view.statements),
    transcript: view.transcript,
    participants: view.participants,
    quoteFindings: view.quoteFindings,
    requireEvidence: view.rules.requireEvidence,
  }
}

/**
 * The document's data, with what only the episode knows (the quote checks against the transcript, the
 * machine's scores) taken from the view read in the same transaction.
 */
export function subjectOfDocument(
  doc: EpisodeDocument,
  view?: Pick<EpisodeView, 'chapters' | 'statements' | 'quoteFindings' | 'rules'>,
  options: { requireEvidence?: boolean } = {},
): ProblemSubject {
  const chapters = new Map(view?.chapters.map((c) => [c.id, c]))
  const statements = new Map(view?.statements.map((s) => [s.id, s]))
  return {
    durationSeconds: doc.episode.durationSeconds,
    dimensions: doc.rubric.dimensions,
    chapters: doc.chapters.map((c) => {
      const known = chapters.get(c.id)
      return known
        ? { ...c, machineScores: known.machineScores, reasoningToConfirm: known.reasoningToConfirm }
        : c
    }),
    highlights: doc.highlights,
    statements: doc.statements.map((s) => ({
      ...s,
      quoteProblem: statements.get(s.id)?.quoteProblem ?? null,
    })),
    transcript: doc.transcript
      ? transcriptExtent(doc.transcript.segments, doc.episode.durationSeconds)
      : null,
    participants: doc.participants.map((p) => ({
      ...p,
      speakingSeconds: (doc.transcript?.segments ?? [])
        .filter((s) => s.speakerId === p.id)
        .reduce((sum, s) => sum + s.end - s.start, 0),
    })),
    // The view's, read with the transcript; a file alone is checked against the transcript it holds.
    quoteFindings: view ? view.quoteFindings : documentQuoteFindings(doc),
    requireEvidence: options.requireEvidence ?? view?.rules.requireEvidence ?? false,
  }
}

/** A file's quoted passages checked against its own transcript (none: each is unchecked). */
export function documentQuoteFindings(doc: EpisodeDocument): QuoteFinding[] {
  const segments = doc.transcript?.segments ?? []
  return quoteFindings(
    {
      summary: doc.episode.summary,
      dimensions: doc.rubric.dimensions,
      chapters: doc.chapters,
      highlights: doc.highlights,
    },
    () => (segments.length > 0 ? new SaidWords(spokenWords(segments)) : null),
  )
}

// Times are kept to the millisecond; comparing whole milliseconds keeps float noise from making a
// gap of 0.000001 s out of two chapters that share a boundary.
const millis = (seconds: number): number => Math.round(seconds * 1000)

const quoted = (title: string): string => `“${title.trim()}”`

/** How the problems name the citing command's key (the app shows ⌘⇧E on a Mac in its own sheet). */
const CITE_KEYS = 'Ctrl+Shift+E'

/** How a rule reports a problem: its kind, key, JSON path, detail for scripts, sentence, item and time. */
type AddProblem = (
  kind: ProblemKind,
  key: string,
  path: PropertyKey[],
  detail: string,
  message: string,
  target: Problem['target'],
  time: number,
) => void

/** Every problem, in the document's order (chapters, then highlights, then statements). */
function allProblems(subject: ProblemSubject): Problem[] {
  const problems: Problem[] = []
  const add: AddProblem = (kind, key, path, detail, message, target, time) => {
    problems.push({
      key,
      kind,
      severity: kind === 'noEvidence' && subject.requireEvidence ? 'error' : SEVERITY[kind],
      message,
      path: jsonPointer(path),
      detail,
      target,
      time,
    })
  }
  const { chapters, durationSeconds: duration } = subject
  const labels = new Map(subject.dimensions.map((d) => [d.key, d]))
  // A titled chapter by its title, an untitled one by its number (from 1) and its times.
  const chapterName = (i: number): string => {
    const c = chapters[i]
    const title = c?.title.trim() ?? ''
    if (title) return quoted(title)
    return c ? `chapter ${i + 1} (${formatClock(c.start)}–${formatClock(c.end)})` : `chapter ${i + 1}`
  }
  // Every item a machine made waits for the reviewer's decision before it can be published.
  const unreviewed = (
    list: 'chapters' | 'highlights' | 'statements',
    i: number,
    target: NonNullable<Problem['target']>,
    message: string,
    time: number,
  ): void =>
    add(
      'unreviewed',
      `unreviewed:${target.kind}:${target.id}`,
      [list, i, 'status'],
      'unreviewed',
      message,
      target,
      time,
    )
  const cap = (name: string): string => (name.startsWith('“') ? `The chapter ${name}` : `C${name.slice(1)}`)

  const mediaLength = mediaLengthSentence(subject.media ?? null, duration)
  if (mediaLength !== null)
    add(
      'mediaLength',
      'media-length',
      ['episode', 'durationSeconds'],
      `the media decodes to ${duration} s, not the ${subject.media?.declaredSeconds ?? 0} s its file declares`,
      mediaLength,
      null,
      0,
    )
  // Only a database from before labels had to differ holds two equal ones: an edit or a file cannot.
  for (const { first, repeat, index } of repeatedLabels(subject.dimensions))
    add(
      'duplicateLabel',
      `dimension-label:${repeat.key}`,
      ['rubric', 'dimensions', index, 'label'],
      `the label of dimension "${first.key}" again`,
      `Two dimensions are labelled ${quoted(first.label)} and ${quoted(repeat.label)}: readers cannot tell them apart; give one another label in the Rubric tab`,
      null,
      0,
    )
  // One problem for the rubric, not one a dimension: a seed rubric has no descriptions at all.
  const undescribed = subject.dimensions.flatMap((d, index) =>
    d.description !== undefined && isMissingText(d.description) ? [{ d, index }] : [],
  )
  const firstUndescribed = undescribed[0]
  if (firstUndescribed)
    add(
      'noDescription',
      'dimension-descriptions',
      ['rubric', 'dimensions', firstUndescribed.index, 'description'],
      `no description: ${undescribed.map(({ d }) => `"${d.key}"`).join(', ')}`,
      `The published page will have no description for ${undescribed.map(({ d }) => quoted(d.label)).join(', ')} under “How this is scored”: describe ${undescribed.length === 1 ? 'it' : 'them'} in the Rubric tab`,
      null,
      0,
    )
  if (chapters.length === 0)
    add(
      'noChapters',
      'no-chapters',
      ['chapters'],
      'no chapters; a final export covers the whole media with them',
      'No chapters yet: published, the chapters cover the whole media (C splits at the playhead)',
      null,
      0,
    )
  chapters.forEach((chapter, i) => {
    const target = { kind: 'chapter', id: chapter.id } as const
    const name = chapterName(i)
    if (chapter.status === 'unreviewed')
      unreviewed(
        'chapters',
        i,
        target,
        `${cap(name)} is not reviewed yet (A accepts, X rejects)`,
        chapter.start,
      )
    const previous = chapters[i - 1]
    const previousEnd = previous?.end ?? 0
    if (millis(chapter.start) > millis(previousEnd))
      add(
        'chapterGap',
        previous ? `chapter-gap:${previous.id}:${chapter.id}` : `chapter-gap-start:${chapter.id}`,
        ['chapters', i, 'start'],
        `a gap: no chapter covers ${formatPreciseClock(previousEnd)}–${formatPreciseClock(chapter.start)}`,
        `No chapter covers ${formatClock(previousEnd)}–${formatClock(chapter.start)} ${previous ? `between ${chapterName(i - 1)} and ${name}` : `before ${name}`}`,
        target,
        previousEnd,
      )
    else if (previous && millis(chapter.start) < millis(previous.end))
      add(
        'chapterOverlap',
        `chapter-overlap:${previous.id}:${chapter.id}`,
        ['chapters', i, 'start'],
        `overlaps the previous chapter`,
        `Chapters ${chapterName(i - 1)} and ${name} overlap from ${formatClock(chapter.start)} to ${formatClock(Math.min(previous.end, chapter.end))}`,
        target,
        chapter.start,
      )
    if (isMissingText(chapter.why))
      add(
        'emptyWhy',
        `why:${chapter.id}`,
        ['chapters', i, 'why'],
        'empty',
        `${cap(name)} has no “why”`,
        target,
        chapter.start,
      )
    for (const { key, label } of subject.dimensions) {
      const score = chapter.scores[key]
      if (score && !isMissingText(score.reasoning) && (score.evidence?.length ?? 0) === 0)
        add(
          'noEvidence',
          `score-evidence:${chapter.id}:${key}`,
          ['chapters', i, 'scores', key, 'evidence'],
          'reasoning without evidence',
          `The “${label}” score of ${name} has reasoning but no evidence (${CITE_KEYS} cites a statement or words)`,
          target,
          chapter.start,
        )
      if (!score || score.value === null)
        add(
          'notScored',
          `score-value:${chapter.id}:${key}`,
          ['chapters', i, 'scores', key, 'value'],
          'not scored',
          `The “${label}” score of ${name} is not given`,
          target,
          chapter.start,
        )
      if (!score || isMissingText(score.reasoning))
        add(
          'scoreWithoutReasoning',
          `score-reasoning:${chapter.id}:${key}`,
          ['chapters', i, 'scores', key, 'reasoning'],
          'empty',
          `The “${label}” score${score?.value != null ? ` (${score.value})` : ''} of ${name} has no reasoning`,
          target,
          chapter.start,
        )
      else if (chapter.reasoningToConfirm?.includes(key)) {
        const theirs = chapter.machineScores?.[key]?.value
        const written = theirs == null ? 'the machine’s score' : `the machine’s ${theirs}`
        add(
          'staleReasoning',
          `score-stale:${chapter.id}:${key}`,
          ['chapters', i, 'scores', key, 'reasoning'],
          `the machine's reasoning, written for ${theirs == null ? 'its score' : `its score ${theirs}`}; rewrite it or keep it`,
          `The “${label}” score (${score.value}) of ${name} still has the machine’s reasoning, written for ${written}: rewrite it, or keep it (Review)`,
          target,
          chapter.start,
        )
      }
    }
  })
  const last = chapters.at(-1)
  // The last chapter ends at the last whole millisecond of the media (60.029 of 60.029388): no gap.
  if (last && millis(last.end) < millis(lastMillis(duration)))
    add(
      'chapterGap',
      `chapter-gap-end:${last.id}`,
      ['chapters', chapters.length - 1, 'end'],
      `a gap: no chapter covers ${formatPreciseClock(last.end)}–${formatPreciseClock(duration)}, the end of the media`,
      `No chapter covers ${formatClock(last.end)}–${formatClock(duration)} after ${chapterName(chapters.length - 1)}`,
      { kind: 'chapter', id: last.id },
      last.end,
    )

  const seen = new Map<string, number>()
  subject.highlights.forEach((h, i) => {
    const target = { kind: 'highlight', id: h.id } as const
    const at = formatClock(h.time)
    const dimension = labels.get(h.dimension)
    const name = dimension?.highlightLabel || dimension?.label || h.dimension
    if (h.status === 'unreviewed')
      unreviewed('highlights', i, target, `The “${name}” highlight at ${at} is not reviewed yet`, h.time)
    if (!dimension)
      add(
        'unknownDimension',
        `highlight-dimension:${h.id}`,
        ['highlights', i, 'dimension'],
        'not a rubric dimension',
        `The highlight at ${at} is for “${h.dimension}”, which is not a dimension of the rubric`,
        target,
        h.time,
      )
    const earlier = seen.get(h.dimension)
    if (earlier !== undefined)
      add(
        'duplicateHighlight',
        `highlight-duplicate:${h.id}`,
        ['highlights', i, 'dimension'],
        'a second highlight of its dimension',
        `A second “${name}” highlight at ${at} (the first is at ${formatClock(earlier)}): keep one`,
        target,
        h.time,
      )
    else seen.set(h.dimension, h.time)
    if (chapters.length > 0 && chapterAt(chapters, h.time) === null)
      add(
        'highlightOutsideChapters',
        `highlight-outside:${h.id}`,
        ['highlights', i, 'time'],
        'in no chapter',
        `The “${name}” highlight at ${at} is in no chapter`,
        target,
        h.time,
      )
  })

  subject.statements.forEach((s, i) => {
    const target = { kind: 'statement', id: s.id } as const
    const name = s.title.trim() ? quoted(s.title) : `the statement at ${formatClock(s.start)}`
    if (s.status === 'unreviewed')
      unreviewed('statements', i, target, `Statement ${name} is not reviewed yet`, s.start)
    if (s.start > duration || s.end > duration)
      add(
        'statementOutsideMedia',
        `statement-outside:${s.id}`,
        ['statements', i],
        'past the end of the media',
        `Statement ${name} ${s.start > duration ? `starts at ${formatClock(s.start)}` : `ends at ${formatClock(s.end)}`}, past the media's end (${formatClock(duration)})`,
        target,
        Math.min(s.start, duration),
      )
    if (s.start >= s.end)
      add(
        'statementSpan',
        `statement-span:${s.id}`,
        ['statements', i, 'end'],
        'not after its start',
        `Statement ${name} starts at ${formatClock(s.start)}, not before its end (${formatClock(s.end)})`,
        target,
        s.start,
      )
    if (s.quoteEstimated && !s.quoteProblem)
      add(
        'quoteEstimated',
        `statement-estimated:${s.id}`,
        ['statements', i, 'quote'],
        'quote estimated: no word times',
        `Statement ${name}: quote estimated: no word times; confirm it in the statements table`,
        target,
        s.start,
      )
    if (s.quoteProblem)
      add(
        'quoteMismatch',
        `statement-quote:${s.id}`,
        ['statements', i, 'quote'],
        s.quoteProblem,
        `Statement ${name}: ${s.quoteProblem}`,
        target,
        s.start,
      )
  })
  participantProblems(subject, add)
  quoteProblems(subject, chapterName, add)
  return problems
}

const QUOTE_PLACE: Record<QuoteFinding['field'], string> = {
  why: 'in this chapter',
  reasoning: 'in this chapter',
  description: 'within two minutes of this highlight',
  summary: 'in the episode',
}

/** Quoted words not said where the text speaks of them (an error), or that cannot be checked (a warning). */
function quoteProblems(subject: ProblemSubject, chapterName: (i: number) => string, add: AddProblem): void {
  const labels = new Map(subject.dimensions.map((d) => [d.key, d.label]))
  for (const f of subject.quoteFindings ?? []) {
    const index = typeof f.path[1] === 'number' ? f.path[1] : 0
    const what =
      f.field === 'summary'
        ? 'The summary'
        : f.field === 'description'
          ? `The description of the highlight at ${formatClock(f.time)}`
          : f.field === 'why'
            ? `The “why” of ${chapterName(index)}`
            : `The reasoning of the “${labels.get(f.dimension ?? '') ?? f.dimension ?? ''}” score of ${chapterName(index)}`
    const quotes = f.quotes.map((q) => `“${q}”`).join(', ')
    const key = `quote:${f.path.join('/')}`
    if (f.kind === 'unsaid')
      add(
        'unsaidQuote',
        key,
        f.path,
        `quotes words not said ${QUOTE_PLACE[f.field]}: ${quotes}`,
        `${what} quotes words not said ${QUOTE_PLACE[f.field]}: ${quotes}`,
        f.target,
        f.time,
      )
    else
      add(
        'uncheckedQuote',
        key,
        f.path,
        'cannot be checked: no transcript',
        `${what} quotes words that cannot be checked: no transcript (${quotes})`,
        f.target,
        f.time,
      )
  }
}

/** A transcript past the media's end; participants who say nothing and are quoted nowhere. */
function participantProblems(subject: ProblemSubject, add: AddProblem): void {
  const duration = subject.durationSeconds
  const pastEnd = subject.transcript ? transcriptPastEndSentence(subject.transcript, duration) : null
  if (pastEnd !== null)
    add(
      'transcriptPastMedia',
      'transcript-past-media',
      ['transcript', 'segments'],
      'past the end of the media',
      `${pastEnd[0]?.toUpperCase() ?? ''}${pastEnd.slice(1)}`,
      null,
      duration,
    )
  // Without a transcript nobody's speaking time is known: a participant is silent only beside one.
  if (!subject.transcript || subject.transcript.segmentCount === 0) return
  const quotedSpeakers = new Set(subject.statements.map((s) => s.speakerId ?? null))
  subject.participants?.forEach((p, i) => {
    if (p.speakingSeconds > 0 || quotedSpeakers.has(p.id)) return
    add(
      'silentParticipant',
      `silent-participant:${p.id}`,
      ['participants', i],
      'no speaking time and no statements',
      `${quoted(p.name)} has no speaking time and no statements: remove them in Speakers… if they are not in this episode`,
      null,
      0,
    )
  })
}

/** What the editor is told of media that decodes to another length than its file declares. */
export function mediaLengthMessage(view: EpisodeView): string | null {
  return mediaLengthSentence(view.media ?? null, view.summary.durationSeconds)
}

function mediaLengthSentence(media: ProblemSubject['media'], decoded: number): string | null {
  const declared = media?.declaredSeconds ?? null
  if (declared === null) return null
  const shorter = decoded < declared
  return `The media file ${media?.fileName ?? ''} declares ${formatClock(declared)}, but ${shorter ? 'only ' : ''}${formatClock(decoded)} of its audio decodes${shorter ? ' (is it cut short?)' : ''}: the episode is ${formatClock(decoded)} long.`
}

/** Every problem the episode's view has now, in the order of the media: what the Problems panel lists. */
export function findProblems(view: EpisodeView): Problem[] {
  return allProblems(subjectOfView(view)).sort((a, b) => a.time - b.time || a.key.localeCompare(b.key))
}

/** How many problems the episode's view has now (the Problems tab's count): findProblems, not put in order. */
export function problemCount(view: EpisodeView): number {
  return allProblems(subjectOfView(view)).length
}

/** Every problem of an episode JSON file alone (its own transcript checks its quotes), in the order of the media. */
export function documentProblems(
  doc: EpisodeDocument,
  options: { requireEvidence?: boolean } = {},
): Problem[] {
  return allProblems(subjectOfDocument(doc, undefined, options)).sort(
    (a, b) => a.time - b.time || a.key.localeCompare(b.key),
  )
}

/** What refuses publishing, in the document's order: the problems that block it. */
export function publishingProblems(subject: ProblemSubject): Problem[] {
  return allProblems(subject).filter((p) => p.severity === 'error')
}
