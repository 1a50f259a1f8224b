import {
  EPISODE_FORMAT,
  EPISODE_FORMAT_VERSION,
  bySpan,
  type Chapter,
  type EpisodeDocument,
  type Highlight,
  type Participant,
  type Statement,
  type TranscriptSegment,
} from '../../shared/episodeFormat'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import type { Db } from '../db/openDatabase'
import { episodeRow, mediaRow } from '../episodes/episodeQueries'
import { parseExtensions, type SegmentRow, type WordRow } from '../episodes/episodeRows'
import { scoreSummary, speakingBalance, speechByRole } from './derivedFields'

export const GENERATOR = 'Episcore 0.1.0'

interface Item {
  extensions: string | null
}
const withExtensions = <T extends object>(value: T, row: Item): T => {
  const extensions = parseExtensions(row.extensions)
  return extensions ? { ...value, extensions } : value
}

/** The episode as episode JSON v1, read in one snapshot so the parts agree with each other. */
export function exportEpisode(
  db: Db,
  id: string,
  options: { includeTranscript?: boolean } = {},
): EpisodeDocument {
  const document = db.transaction(() => episodeDocument(db, id, options.includeTranscript ?? true))()
  // A document the app writes must be one the app (and publishing) would accept.
  const check = validateEpisodeDocument(document)
  if (!check.ok) throw new Error(`export produced an invalid document:\n${check.problems.join('\n')}`)
  return document
}

/**
 * The episode's data in the shape of episode JSON v1, unchecked: what export writes and what the
 * editor's view is built from. Word rows are read only when the transcript is wanted.
 */
export function episodeDocument(db: Db, id: string, includeTranscript: boolean): EpisodeDocument {
  const row = episodeRow(db, id)
  const media = mediaRow(db, id)
  const all = <T>(sql: string): T[] => db.prepare(sql).all(id) as T[]

  const participants = all<Participant & Item & { affiliation: string | null }>(
    `SELECT id, name, role, affiliation, extensions FROM participants WHERE episode_id = ? ORDER BY position, id`,
  ).map((p) => withExtensions({ id: p.id, name: p.name, role: p.role, affiliation: p.affiliation }, p))

  const dimensions = all<{ key: string; label: string; description: string; highlight_label: string } & Item>(
    `SELECT key, label, description, highlight_label, extensions FROM rubric_dimensions WHERE episode_id = ? ORDER BY position, key`,
  ).map((d) =>
    withExtensions(
      { key: d.key, label: d.label, description: d.description, highlightLabel: d.highlight_label },
      d,
    ),
  )

  const scoreRows = all<
    { chapter_id: string; dimension_key: string; value: number | null; reasoning: string } & Item
  >(`SELECT chapter_id, dimension_key, value, reasoning, extensions FROM scores WHERE episode_id = ?`)
  const chapters: Chapter[] = all<Omit<Chapter, 'scores' | 'extensions'> & Item>(
    `SELECT id, title, start, end, why, origin, status, extensions FROM chapters WHERE episode_id = ?`,
  ).map((c) => {
    const scores: Chapter['scores'] = {}
    for (const d of dimensions) scores[d.key] = { value: null, reasoning: '' }
    for (const s of scoreRows.filter((s) => s.chapter_id === c.id))
      scores[s.dimension_key] = withExtensions({ value: s.value, reasoning: s.reasoning }, s)
    return withExtensions(
      {
        id: c.id,
        title: c.title,
        start: c.start,
        end: c.end,
        why: c.why,
        scores,
        origin: c.origin,
        status: c.status,
      },
      c,
    )
  })
  chapters.sort(bySpan)

  const highlights: Highlight[] = all<
    Omit<Highlight, 'dimension' | 'extensions'> & { dimension_key: string } & Item
  >(
    `SELECT id, dimension_key, time, title, description, origin, status, extensions FROM highlights WHERE episode_id = ?`,
  )
    .map((h) =>
      withExtensions(
        {
          id: h.id,
          dimension: h.dimension_key,
          time: h.time,
          title: h.title,
          description: h.description,
          origin: h.origin,
          status: h.status,
        },
        h,
      ),
    )
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))

  const chapterAt = (t: number): string | null => chapters.find((c) => c.start <= t && t < c.end)?.id ?? null
  const statements: Statement[] = all<
    Omit<Statement, 'speakerId' | 'chapterId' | 'extensions'> & { speaker_id: string | null } & Item
  >(
    `SELECT id, title, quote, start, end, speaker_id, origin, status, extensions FROM statements WHERE episode_id = ?`,
  )
    .map((s) =>
      withExtensions(
        {
          id: s.id,
          title: s.title,
          quote: s.quote,
          start: s.start,
          end: s.end,
          speakerId: s.speaker_id,
          chapterId: chapterAt(s.start),
          origin: s.origin,
          status: s.status,
        },
        s,
      ),
    )
    .sort(bySpan)

  const segmentRows = all<SegmentRow>(
    `SELECT id, start, end, speaker_id, text, extensions FROM transcript_segments WHERE episode_id = ? ORDER BY start, end, id`,
  )
  const words = includeTranscript
    ? all<WordRow>(
        `SELECT segment_id, start, end, text FROM transcript_words WHERE episode_id = ? ORDER BY segment_id, position`,
      )
    : []
  const wordsBySegment = new Map<string, TranscriptSegment['words']>()
  for (const w of words) {
    const list = wordsBySegment.get(w.segment_id) ?? []
    list.push({ start: w.start, end: w.end, text: w.text })
    wordsBySegment.set(w.segment_id, list)
  }
  // Sorted again here: SQLite orders ids by bytes, the format (like every other list) by JavaScript's `<`.
  const segments: TranscriptSegment[] = segmentRows
    .map((s) =>
      withExtensions(
        {
          id: s.id,
          start: s.start,
          end: s.end,
          speakerId: s.speaker_id,
          text: s.text,
          words: wordsBySegment.get(s.id) ?? [],
        },
        s,
      ),
    )
    .sort(bySpan)

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
    rubric: withExtensions(
      { scale: { min: row.scale_min, max: row.scale_max }, dimensions },
      { extensions: row.rubric_extensions },
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
        ? withExtensions({ segments }, { extensions: row.transcript_extensions })
        : null,
    review: {
      status: row.review_status,
      reviewer: row.reviewer,
      updatedAt: new Date(row.updated_at).toISOString(),
    },
  }
  return withExtensions(document, { extensions: row.document_extensions })
}

/** The episode's title as a file name: letters and digits joined by dashes. */
export const episodeSlug = (doc: EpisodeDocument): string =>
  doc.episode.title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'episode'

export const exportFileName = (doc: EpisodeDocument): string => `${episodeSlug(doc)}.episode.json`

/** Episode JSON as a file holds it: indented for people who read it, with a final line feed. */
export const episodeJsonText = (doc: EpisodeDocument): string => JSON.stringify(doc, null, 2) + '\n'
