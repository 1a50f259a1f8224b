import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { controlCharactersReplaced, withoutControlCharacters } from '../../shared/episodeLimits'
import { SEED_DIMENSIONS, SEED_SCALE } from '../../shared/rubric'
import { transcriptExtent, transcriptPastEndSentence } from '../../shared/transcriptPastEnd'
import { codebookForNewAnalysis } from '../codebook/codebookStamp'
import { insertRows } from '../db/insertRows'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { lengthWarning } from '../media/decodedLength'
import { describeMediaFile, MEDIA_COLUMNS, mediaColumnValues } from '../media/describeMediaFile'
import type { ParsedTranscript } from '../transcript/parsedTranscript'
import { readTranscriptFile } from '../transcript/transcriptFile'
import { transcriptRows } from '../transcript/transcriptRows'
import { loadDefaultRubric } from './defaultRubric'

export interface NewEpisode {
  mediaPath: string
  transcriptPath?: string
  title?: string
  show?: string
  publishedOn?: string
  /** Told what the editor should know of the files: transcript lines left out, a shorter media. */
  onWarning?: (warning: string) => void
}

/**
 * Creates an episode from a media file and an optional transcript. Everything is checked before the
 * first write, and the rows go in as one transaction: a bad file leaves the database as it was.
 */
export async function createEpisode(db: Db, input: NewEpisode): Promise<string> {
  if (input.publishedOn !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(input.publishedOn))
    throw new UserError('invalid-input', `--date ${input.publishedOn} is not YYYY-MM-DD`)
  // The transcript is read first (a quick refusal); plain text is read again knowing the media's
  // duration, which it needs to spread turns that have no time stamps.
  const firstRead = input.transcriptPath ? await readTranscriptFile(input.transcriptPath) : null
  const media = await describeMediaFile(input.mediaPath)
  const transcript =
    input.transcriptPath && (firstRead?.format === 'plain' || firstRead?.format === 'html')
      ? await readTranscriptFile(input.transcriptPath, media.probe.durationSeconds)
      : firstRead
  const { probe, fileName } = media
  const shorter = lengthWarning(fileName, {
    durationSeconds: probe.durationSeconds,
    declaredSeconds: media.declaredSeconds,
  })
  if (shorter) input.onWarning?.(shorter)
  const pastEnd = transcript
    ? transcriptPastEndSentence(
        transcriptExtent(transcript.segments, probe.durationSeconds),
        probe.durationSeconds,
      )
    : null
  for (const warning of [...(transcript?.warnings ?? []), ...(pastEnd ? [pastEnd] : [])])
    input.onWarning?.(`${path.basename(input.transcriptPath ?? '')}: ${warning}`)
  const id = randomUUID()
  const now = new Date().toISOString()
  // A file's name may hold a line break or an escape code: a title never does (see contract/fields.ts).
  const named = withoutControlCharacters(input.title?.trim() || fileName.replace(/\.[^.]+$/, ''))
  const title = named.text.trim() || 'Untitled'
  if (named.replaced) input.onWarning?.(controlCharactersReplaced(title))
  const show = input.show?.trim() ?? ''
  // A show with a published codebook scores every new analysis under its current version.
  const codebook = codebookForNewAnalysis(db, show)
  const rubric = codebook
    ? {
        scale: codebook.scale,
        dimensions: codebook.dimensions.map((d) => ({ ...d, description: d.definition })),
      }
    : (loadDefaultRubric(db) ?? { scale: SEED_SCALE, dimensions: SEED_DIMENSIONS })

  db.transaction(() => {
    db.prepare(
      `INSERT INTO episodes (id, title, show, published_on, duration_seconds, scale_min, scale_max, codebook_show, codebook_version, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      title,
      show,
      input.publishedOn ?? null,
      probe.durationSeconds,
      rubric.scale.min,
      rubric.scale.max,
      codebook?.show ?? null,
      codebook?.version ?? null,
      now,
      now,
    )
    db.prepare(
      `INSERT INTO media (episode_id, ${MEDIA_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(MEDIA_COLUMNS.length)})`,
    ).run(id, ...mediaColumnValues(media))
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
  const rows = transcriptRows(episodeId, transcript, [])
  insertRows(db, 'participants', rows.participants)
  insertRows(db, 'transcript_segments', rows.segments)
  db.prepare(`UPDATE episodes SET transcript_rev = ?, speakers_mapped = ? WHERE id = ?`).run(
    randomUUID(),
    rows.participants.length > 0 ? 0 : 1,
    episodeId,
  )
}
