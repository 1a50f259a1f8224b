import { randomUUID } from 'node:crypto'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { evidenceText } from '../../shared/evidence'
import type { Row } from '../history/tables'
import { spanSaysQuote, type SpokenTranscript } from '../analysis/spanTranscript'
import { loadedCodebook, type LoadedCodebook } from '../codebook/codebookStamp'
import { packWords } from '../transcript/packedWords'

/** The tables an episode is written to, in an order the foreign keys accept. */
export const DOCUMENT_TABLES = [
  'episodes',
  'media',
  'participants',
  'rubric_dimensions',
  'chapters',
  'scores',
  'highlights',
  'statements',
  'transcript_segments',
] as const

export type DocumentRows = Record<(typeof DOCUMENT_TABLES)[number], Row[]> & {
  /** The codebook version the file was scored under, which the write makes known to the library. */
  codebook?: LoadedCodebook
}

// Kept as the JSON text it came as, so export writes back exactly what was loaded.
const extensionsText = (item: { extensions?: Record<string, unknown> | undefined }): string | null =>
  item.extensions === undefined ? null : JSON.stringify(item.extensions)

/**
 * A checked document as rows. Ids are kept; `chapterId` of statements and the derived fields are not
 * stored, export computes them from the data.
 */
export function documentRows(doc: EpisodeDocument, now: string): DocumentRows {
  const { episode } = doc
  const episode_id = episode.id
  const review = (item: { origin: string; status: string }): Row => ({
    origin: item.origin,
    status: item.status,
  })
  const spoken = spokenTranscript(doc)
  const codebook = loadedCodebook(doc)
  return {
    ...(codebook && { codebook }),
    episodes: [
      {
        id: episode_id,
        title: episode.title,
        show: episode.show,
        published_on: episode.publishedOn,
        duration_seconds: episode.durationSeconds,
        source_url: episode.sourceUrl,
        summary: episode.summary,
        scale_min: doc.rubric.scale.min,
        scale_max: doc.rubric.scale.max,
        review_status: doc.review.status,
        reviewer: doc.review.reviewer,
        blind: doc.review.blind === undefined ? null : doc.review.blind ? 1 : 0,
        // The file's stamp is kept as it came: its scores were given under that version.
        codebook_show: codebook?.show ?? null,
        codebook_version: codebook?.version ?? null,
        extensions: extensionsText(episode),
        created_at: now,
        updated_at: doc.review.updatedAt,
        // A new revision tells any window holding an older copy of this episode's transcript to reload.
        transcript_rev: randomUUID(),
        // The file's participants carry their roles already: nothing is left to map.
        speakers_mapped: 1,
        document_extensions: extensionsText(doc),
        rubric_extensions: extensionsText(doc.rubric),
        transcript_extensions: doc.transcript ? extensionsText(doc.transcript) : null,
        transcript_left_out: doc.transcript ? 0 : 1,
      },
    ],
    // The file never holds a local path: the media shows as missing until the editor relinks it, and
    // relinking compares the file's hash with this one.
    media: episode.media
      ? [
          {
            episode_id,
            path: '',
            file_name: episode.media.fileName,
            sha256: episode.media.sha256,
            size_bytes: 0,
            kind: episode.media.kind,
            duration_seconds: episode.durationSeconds,
            audio_codec: null,
            video_codec: null,
          },
        ]
      : [],
    participants: doc.participants.map((p, position) => ({
      episode_id,
      id: p.id,
      name: p.name,
      role: p.role,
      affiliation: p.affiliation,
      position,
      extensions: extensionsText(p),
    })),
    rubric_dimensions: doc.rubric.dimensions.map((d, position) => ({
      episode_id,
      key: d.key,
      label: d.label,
      description: d.description,
      highlight_label: d.highlightLabel,
      position,
      extensions: extensionsText(d),
    })),
    chapters: doc.chapters.map((c) => ({
      episode_id,
      id: c.id,
      title: c.title,
      start: c.start,
      end: c.end,
      why: c.why,
      ...review(c),
      extensions: extensionsText(c),
      evidence: evidenceText(c.evidence),
    })),
    // A machine's scores are also kept as the machine gave them, so the review can compare.
    scores: doc.chapters.flatMap((c) =>
      Object.entries(c.scores).map(([dimension_key, s]) => ({
        episode_id,
        chapter_id: c.id,
        dimension_key,
        value: s.value,
        reasoning: s.reasoning,
        machine_value: c.origin === 'machine' ? s.value : null,
        machine_reasoning: c.origin === 'machine' ? s.reasoning : null,
        // The file says how far its chapters were reviewed, not each score: a score is as its chapter.
        review: c.status === 'unreviewed' ? 'unreviewed' : 'accepted',
        extensions: extensionsText(s),
        evidence: evidenceText(s.evidence),
      })),
    ),
    highlights: doc.highlights.map((h) => ({
      episode_id,
      id: h.id,
      dimension_key: h.dimension,
      time: h.time,
      title: h.title,
      description: h.description,
      ...review(h),
      extensions: extensionsText(h),
      evidence: evidenceText(h.evidence),
    })),
    statements: doc.statements.map((s) => ({
      episode_id,
      id: s.id,
      title: s.title,
      quote: s.quote,
      // A machine's quote that is the transcript's words in its span follows the span when the reviewer
      // moves it; any other is kept as written (and flagged when the span no longer says it).
      quote_filled: spanSaysQuote(spoken, s.quote, s.start, s.end) ? 1 : 0,
      start: s.start,
      end: s.end,
      speaker_id: s.speakerId,
      ...review(s),
      extensions: extensionsText(s),
    })),
    transcript_segments: (doc.transcript?.segments ?? []).map((s) => ({
      episode_id,
      id: s.id,
      start: s.start,
      end: s.end,
      speaker_id: s.speakerId,
      text: s.text,
      approximate: 0,
      extensions: extensionsText(s),
      words: packWords(s.words),
    })),
  }
}

/** The document's transcript as the span reading takes it. */
function spokenTranscript(doc: EpisodeDocument): SpokenTranscript {
  const segments = doc.transcript?.segments ?? []
  return {
    segments: segments.map((s) => ({ ...s, speaker_id: s.speakerId })),
    words: new Map(segments.map((s) => [s.id, s.words])),
  }
}
