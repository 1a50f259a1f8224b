import {
  EPISODE_FORMAT,
  EPISODE_FORMAT_VERSION,
  bySpan,
  type EpisodeDocument,
  type TranscriptSegment,
} from '../../shared/episodeFormat'
import { listedProblems } from '../../shared/episodeLimits'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import { UserError } from '../errors'
import type { Db } from '../db/openDatabase'
import { episodeRow, episodeView, mediaRow } from '../episodes/episodeQueries'
import { finalExportProblems } from '../publish/finalProblems'
import {
  readChapters,
  readDimensions,
  readHighlights,
  readParticipants,
  readStatements,
  withExtensions,
} from './episodeParts'
import { derived, transcriptSnapshot, type TranscriptSnapshot } from '../transcript/transcriptSnapshot'
import { scoreSummary, speakingBalance, speechByRole } from './derivedFields'
import { withCodebook } from './codebookFields'

export const GENERATOR = 'Episcore 0.1.0'

/** The episode as episode JSON v1, read in one snapshot so the parts agree with each other. */
export function exportEpisode(
  db: Db,
  id: string,
  options: { includeTranscript?: boolean } = {},
): EpisodeDocument {
  const document = db.transaction(() => {
    const doc = episodeDocument(db, id, options.includeTranscript ?? true)
    // A file that says `final` promises content a final export would accept; one loaded as final, or
    // changed behind the editor's back since, says it is in review instead.
    if (doc.review.status === 'final' && finalExportProblems(doc, episodeView(db, id)).length > 0)
      doc.review = { ...doc.review, status: 'inReview' }
    return doc
  })()
  // A document the app writes must be one the app (and publishing) would accept. What the database
  // holds from before a limit (a longer duration, a tab in a title) is said, not reported as a bug.
  const check = validateEpisodeDocument(document)
  if (!check.ok)
    throw new UserError(
      'invalid-input',
      `The episode cannot be exported until this is changed:\n${listedProblems(check.problems).join('\n')}`,
    )
  return document
}

/**
 * The episode's data in the shape of episode JSON v1, unchecked (exportEpisode checks it). The
 * transcript comes from the revision's snapshot, copied, and only when it is wanted.
 */
function episodeDocument(db: Db, id: string, includeTranscript: boolean): EpisodeDocument {
  const row = episodeRow(db, id)
  const media = mediaRow(db, id)
  const participants = readParticipants(db, id)
  const dimensions = readDimensions(db, id)
  const chapters = readChapters(db, id, dimensions)
  const highlights = readHighlights(db, id)
  const statements = readStatements(db, id, chapters)
  const segments = derived(transcriptSnapshot(db, id), documentSegments)

  const duration = row.duration_seconds
  const document: EpisodeDocument = {
    format: EPISODE_FORMAT,
    version: EPISODE_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    generator: GENERATOR,
    episode: withExtensions(
      {
        id: row.id,
        title: row.title,
        show: row.show,
        publishedOn: row.published_on,
        durationSeconds: duration,
        sourceUrl: row.source_url,
        summary: row.summary,
        media: media ? { fileName: media.file_name, sha256: media.sha256, kind: media.kind } : null,
      },
      row,
    ),
    participants,
    rubric: withCodebook(
      db,
      id,
      withExtensions(
        { scale: { min: row.scale_min, max: row.scale_max }, dimensions },
        { extensions: row.rubric_extensions },
      ),
    ),
    chapters,
    highlights,
    statements,
    speakingBalance: speakingBalance(speechByRole(segments, participants), duration),
    scoreSummary: scoreSummary(
      dimensions.map((d) => d.key),
      chapters,
    ),
    // A file loaded without its transcript is written back without one, until a transcript is imported.
    transcript:
      includeTranscript && (segments.length > 0 || row.transcript_left_out === 0)
        ? withExtensions({ segments: segments.map(copySegment) }, { extensions: row.transcript_extensions })
        : null,
    review: {
      status: row.review_status,
      reviewer: row.reviewer,
      updatedAt: new Date(row.updated_at).toISOString(),
      // Written whenever the choice was made (or came in the file), so a round trip keeps its absence.
      ...(row.blind !== null && { blind: row.blind === 1 }),
    },
  }
  return withExtensions(document, { extensions: row.document_extensions })
}

/** The episode's title as a file name: letters and digits joined by dashes. */
export const episodeSlug = (doc: { episode: { title: string } }): string =>
  doc.episode.title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'episode'

export const exportFileName = (doc: EpisodeDocument): string => `${episodeSlug(doc)}.episode.json`

/** Episode JSON as a file holds it: indented for people who read it, with a final line feed. */
export const episodeJsonText = (doc: EpisodeDocument): string => JSON.stringify(doc, null, 2) + '\n'

/**
 * The transcript's segments as the format has them, made once per transcript revision. Sorted again
 * here: SQLite orders ids by bytes, the format (like every other list) by JavaScript's `<`.
 */
export function documentSegments({ segments, words }: TranscriptSnapshot): readonly TranscriptSegment[] {
  return segments
    .map((s) =>
      withExtensions(
        {
          id: s.id,
          start: s.start,
          end: s.end,
          speakerId: s.speaker_id,
          text: s.text,
          words: (words.get(s.id) ?? []) as TranscriptSegment['words'],
        },
        s,
      ),
    )
    .sort(bySpan)
}

/** A document's own copy of a kept segment: whoever holds the document may change it. */
const copySegment = (s: TranscriptSegment): TranscriptSegment => ({
  ...s,
  words: s.words.map((w) => ({ ...w })),
  ...(s.extensions && { extensions: structuredClone(s.extensions) }),
})
