import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SEED_DIMENSIONS, SEED_SCALE } from '../../shared/rubric'
import { roundMillis } from '../../shared/time'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { describeMediaFile } from '../media/describeMediaFile'
import type { ParsedTranscript } from '../transcript/parsedTranscript'
import { parseTranscript } from '../transcript/parseTranscript'
import { loadDefaultRubric } from './defaultRubric'

export interface NewEpisode {
  mediaPath: string
  transcriptPath?: string
  title?: string
  show?: string
  publishedOn?: string
}

function readTranscript(file: string): ParsedTranscript {
  let content: Buffer
  try {
    content = fs.readFileSync(file)
  } catch {
    throw new UserError('not-found', `transcript file not found: ${file}`)
  }
  return parseTranscript(content, path.basename(file))
}

/**
 * Creates an episode from a media file and an optional transcript. Everything is checked before the
 * first write, and the rows go in as one transaction: a bad file leaves the database as it was.
 */
export async function createEpisode(db: Db, input: NewEpisode): Promise<string> {
  if (input.publishedOn !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(input.publishedOn))
    throw new UserError('invalid-input', `--date ${input.publishedOn} is not YYYY-MM-DD`)
  const transcript = input.transcriptPath ? readTranscript(input.transcriptPath) : null
  const media = await describeMediaFile(input.mediaPath)
  const { probe, fileName } = media
  const id = randomUUID()
  const now = new Date().toISOString()
  const title = input.title?.trim() || fileName.replace(/\.[^.]+$/, '')
  const rubric = loadDefaultRubric(db) ?? { scale: SEED_SCALE, dimensions: SEED_DIMENSIONS }

  db.transaction(() => {
    db.prepare(
      `INSERT INTO episodes (id, title, show, published_on, duration_seconds, scale_min, scale_max, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      title,
      input.show?.trim() ?? '',
      input.publishedOn ?? null,
      probe.durationSeconds,
      rubric.scale.min,
      rubric.scale.max,
      now,
      now,
    )
    db.prepare(
      `INSERT INTO media (episode_id, path, file_name, sha256, size_bytes, kind, duration_seconds, audio_codec, video_codec)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      media.path,
      fileName,
      media.sha256,
      media.sizeBytes,
      probe.kind,
      probe.durationSeconds,
      probe.audioCodec,
      probe.videoCodec,
    )
    const addDimension = db.prepare(
      `INSERT INTO rubric_dimensions (episode_id, key, label, description, highlight_label, position) VALUES (?, ?, ?, ?, ?, ?)`,
    )
    rubric.dimensions.forEach((d, i) =>
      addDimension.run(id, d.key, d.label, d.description, d.highlightLabel, i),
    )
    if (transcript) insertTranscript(db, id, transcript)
  })()
  return id
}

/** Transcript speakers become participants (role "other" until the editor maps them). */
function insertTranscript(db: Db, episodeId: string, transcript: ParsedTranscript): void {
  const speakerIds = new Map<string, string>()
  const addParticipant = db.prepare(
    `INSERT INTO participants (episode_id, id, name, role, affiliation, position) VALUES (?, ?, ?, 'other', NULL, ?)`,
  )
  for (const segment of transcript.segments) {
    if (segment.speaker && !speakerIds.has(segment.speaker)) {
      const participantId = `p${speakerIds.size + 1}`
      speakerIds.set(segment.speaker, participantId)
      addParticipant.run(episodeId, participantId, segment.speaker, speakerIds.size - 1)
    }
  }
  const addSegment = db.prepare(
    `INSERT INTO transcript_segments (episode_id, id, start, end, speaker_id, text) VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const addWord = db.prepare(
    `INSERT INTO transcript_words (episode_id, segment_id, position, start, end, text) VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const ordered = [...transcript.segments].sort((a, b) => a.start - b.start || a.end - b.end)
  ordered.forEach((segment, i) => {
    const segmentId = `s${i + 1}`
    const speakerId = segment.speaker ? (speakerIds.get(segment.speaker) ?? null) : null
    addSegment.run(
      episodeId,
      segmentId,
      roundMillis(segment.start),
      roundMillis(segment.end),
      speakerId,
      segment.text,
    )
    segment.words.forEach((w, position) =>
      addWord.run(episodeId, segmentId, position, roundMillis(w.start), roundMillis(w.end), w.text),
    )
  })
}
