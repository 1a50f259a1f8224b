/** Row shapes as SQLite returns them (snake_case columns). */
export interface EpisodeRow {
  id: string
  title: string
  show: string
  published_on: string | null
  duration_seconds: number
  source_url: string | null
  summary: string
  scale_min: number
  scale_max: number
  review_status: 'draft' | 'inReview' | 'final'
  reviewer: string | null
  extensions: string | null
  created_at: string
  updated_at: string
  transcript_rev: string
  speakers_mapped: number
  document_extensions: string | null
  rubric_extensions: string | null
  transcript_extensions: string | null
  transcript_left_out: number
  /** `review.blind`: null where never given. */
  blind: 0 | 1 | null
  /** When it was moved to the trash; null while in the library. */
  trashed_at: string | null
}

export interface MediaRow {
  episode_id: string
  path: string
  file_name: string
  sha256: string
  size_bytes: number
  kind: 'audio' | 'video'
  duration_seconds: number
  audio_codec: string | null
  video_codec: string | null
  declared_seconds: number | null
  mtime_ms: number | null
  changed_sha256: string | null
}

export interface SegmentRow {
  id: string
  start: number
  end: number
  speaker_id: string | null
  text: string
  approximate: number
  extensions: string | null
}

export const parseExtensions = (json: string | null): Record<string, unknown> | undefined =>
  json ? (JSON.parse(json) as Record<string, unknown>) : undefined
