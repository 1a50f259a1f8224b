/**
 * The command line's door to the core: the contract's dispatch over a database it opens, and the few
 * tools that work on files alone (validating episode JSON, converting a transcript, computing peaks).
 * Validation, errors and their codes are the app's and the host's, since every call goes through
 * {@link dispatch}.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { MethodName, RequestOf, ResponseOf } from '../../shared/contract'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { Reply } from '../../shared/result'
import { validateEpisodeDocument } from '../../shared/validateEpisode'
import { backupFolderOf, backUpNow, listBackups, restoreBackup } from '../db/backups'
import { progressLines } from '../db/conversions'
import { defaultDatabasePath, openDatabase } from '../db/openDatabase'

import { sqliteUserError } from '../db/sqliteErrors'
import { refuseIfChangedWhileRead, type CanWrite } from '../db/unwritableLibrary'
import { UserError } from '../errors'
import { regularFileSizeSync } from '../files/regularFile'
import { JsonTextError, parseJsonText } from '../json/jsonText'
import { MAX_EPISODE_JSON_DEPTH, readEpisodeJsonText } from '../load/episodeJsonText'
import { computePeaks, DEFAULT_PIXELS_PER_SECOND } from '../media/computePeaks'
import { PeaksCache, peaksFolderBeside } from '../media/peaksCache'
import { probeMedia } from '../media/probeMedia'
import { TranscriptError, TranscriptJsonError, type ParsedSegment } from '../transcript/parsedTranscript'
import { parseTranscript } from '../transcript/parseTranscript'
import { transcriptFileRules } from '../transcript/transcriptFile'
import {
  writeEpisodeTranscriptJson,
  writePodcastingJson,
  writeSrt,
  writeWebVtt,
} from '../transcript/writeTranscript'
import { DeskService } from '../desk/deskService'
import { FileRefs } from './fileRefs'
import { createHandlers, dispatch } from './handlers'

/** The refusal of a database an older Episcore wrote, by a command that only reads (the CLI tells it apart). */
export { OlderSchema } from '../db/openDatabase'

export { backupFolderOf, defaultDatabasePath, DEFAULT_PIXELS_PER_SECOND }
export { agreement, agreementSummary } from '../agreement/agreement'

export interface LocalService {
  call<K extends MethodName>(method: K, request: RequestOf<K>): Promise<Reply<ResponseOf<K>>>
  /** A file the user named to be read: its handle for a request. */
  fileToRead(file: string): string
  /** A file the user named to be written: its handle for a request. */
  fileToWrite(file: string): string
  /**
   * Refuses what was read when the library, read in place without locks (a folder this user cannot
   * write: see unwritableLibrary.ts), changed meanwhile: another user's writer could have changed it.
   */
  refuseIfChanged(): void
  close(): void
}

/**
 * Opens the database (`--db`, else `EPISCORE_DB`, else the app's own) for calls through the contract;
 * `readOnly` for commands that only read, which never migrate the file or change its journal mode.
 */
export function openLocalService(
  dbPath: string | undefined,
  options: {
    readOnly?: boolean
    canWrite?: CanWrite
    /** Where a line of a conversion's progress goes (the upgrade of a large library may take minutes). */
    progress?: (line: string) => void
  } = {},
): LocalService {
  const file = defaultDatabasePath(dbPath)
  const db = openDatabase(file, {
    readOnly: options.readOnly ?? false,
    ...(options.progress && { onProgress: progressLines(options.progress) }),
    ...(options.canWrite && { canWrite: options.canWrite }),
  })
  const files = new FileRefs()
  const peaks = new PeaksCache(peaksFolderBeside(file))
  // A command syncs only when asked (desk sync), and lets go of the connection when it ends.
  const desk = new DeskService(db)
  const handlers = createHandlers({
    db,
    desk,
    files,
    peaks,
    backups: {
      list: () => listBackups(file),
      create: () => backUpNow(db, file),
      restore: (backup) => restoreBackup(file, backup),
      // A command waits for its own restore: there is none to ask about from elsewhere.
      restoring: () => null,
    },
  })
  return {
    call: async (method, request) =>
      (await dispatch(handlers, method, request)) as Reply<ResponseOf<typeof method>>,
    fileToRead: (f) => files.register(f),
    fileToWrite: (f) => files.registerOutput(f),
    refuseIfChanged: () => refuseIfChangedWhileRead(db),
    close: () => {
      void desk.close()
      db.close()
    },
  }
}

/** An error the user can act on, as one line; null for a bug. */
export function userMessage(error: unknown): string | null {
  const known = error instanceof UserError ? error : sqliteUserError(error)
  return known ? known.message : null
}

type TranscriptWriter = (segments: readonly ParsedSegment[]) => string

// A Map, not an object: `--to constructor` must not find something on Object.prototype.
const TRANSCRIPT_WRITERS = new Map<string, TranscriptWriter>([
  ['json', writeEpisodeTranscriptJson],
  ['vtt', writeWebVtt],
  ['srt', writeSrt],
  ['podcast-json', writePodcastingJson],
])

export const TRANSCRIPT_FORMATS: readonly string[] = [...TRANSCRIPT_WRITERS.keys()]

/**
 * A transcript file (its format read from its content) written in another format; `warn` hears of what
 * the reader left out (lines no cue holds), each naming the file.
 */
export function convertTranscript(
  file: string,
  to: string,
  warn: (warning: string) => void = () => undefined,
): string {
  const write = TRANSCRIPT_WRITERS.get(to)
  if (!write) throw new UserError('invalid-request', `unknown transcript format "${to}"`)
  // Checked before it is opened: a FIFO would hold the read, /dev/zero would never end it.
  regularFileSizeSync(file, transcriptFileRules(file))
  let content: Buffer
  try {
    content = fs.readFileSync(file)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    throw new UserError(
      'invalid-input',
      `${file}: cannot read it (${code === 'EACCES' ? 'permission denied' : message})`,
    )
  }
  // Every message names the file: the parsers' line or JSON path, and the writers' segment number.
  let segments: ParsedSegment[]
  try {
    const parsed = parseTranscript(content, file)
    for (const warning of parsed.warnings ?? []) warn(`${file}: ${warning}`)
    segments = parsed.segments
  } catch (error) {
    if (error instanceof TranscriptError || error instanceof TranscriptJsonError)
      throw new UserError('invalid-input', `${file}: ${error.message}`)
    throw error
  }
  try {
    return write(segments)
  } catch (error) {
    if (error instanceof UserError) throw new UserError(error.code, `${file}: ${error.message}`)
    throw error
  }
}

/** Every problem of an episode JSON file, `<json path>: <problem>`; empty when it is valid. */
export function validateEpisodeFile(file: string): string[] {
  return checkedEpisodeFile(file).problems
}

/** An episode JSON file read and checked: its document, or its problems (`<json path>: <problem>`). */
export function checkedEpisodeFile(file: string): { document: EpisodeDocument | null; problems: string[] } {
  const text = readEpisodeJsonText(file, path.basename(file))
  let json: unknown
  try {
    json = parseJsonText(text, MAX_EPISODE_JSON_DEPTH)
  } catch (error) {
    if (error instanceof JsonTextError)
      return { document: null, problems: [`/: not JSON (${error.message})`] }
    throw error
  }
  const result = validateEpisodeDocument(json)
  return result.ok
    ? { document: result.document, problems: [] }
    : { document: null, problems: result.problems }
}

/** Waveform peaks of a media file (BBC audiowaveform binary, version 2). */
export async function writePeaksFile(media: string, out: string, pixelsPerSecond: number): Promise<void> {
  const probe = await probeMedia(media)
  await computePeaks(media, path.resolve(out), {
    sampleRate: probe.sampleRate,
    audioCodec: probe.audioCodec,
    durationSeconds: probe.durationSeconds,
    pixelsPerSecond,
  })
}
