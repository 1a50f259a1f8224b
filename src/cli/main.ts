import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { publishFormatSchema } from '../shared/contract'
import { validateEpisodeDocument } from '../shared/validateEpisode'
import { defaultDatabasePath, openDatabase, type Db } from '../core/db/openDatabase'
import { sqliteUserError } from '../core/db/sqliteErrors'
import { createEpisode } from '../core/episodes/createEpisode'
import { listEpisodes } from '../core/episodes/episodeQueries'
import { UserError } from '../core/errors'
import { JsonTextError, parseJsonText } from '../core/json/jsonText'
import { MAX_EPISODE_JSON_DEPTH, readEpisodeJsonText } from '../core/load/episodeJsonText'
import { loadEpisodeFile } from '../core/load/loadEpisode'
import { computePeaks, DEFAULT_PIXELS_PER_SECOND } from '../core/media/computePeaks'
import { probeMedia } from '../core/media/probeMedia'
import { publishEpisode } from '../core/publish/publishEpisode'
import { TranscriptError, TranscriptJsonError, type ParsedSegment } from '../core/transcript/parsedTranscript'
import { parseTranscript } from '../core/transcript/parseTranscript'
import {
  writeEpisodeTranscriptJson,
  writePodcastingJson,
  writeSrt,
  writeWebVtt,
} from '../core/transcript/writeTranscript'
import { startHost } from '../host/startHost'
import { reviewReport } from '../core/review/reviewReport'
import { reportLines } from './reportLines'

const USAGE = `usage: episcore [--db PATH] <command> [options]

commands:
  new --media FILE [--transcript FILE] [--title T] [--show S] [--date YYYY-MM-DD]
                         create an episode; prints its id
  list                   one line per episode: id, title, review status (tab-separated)
  export ID [--format F] [--final] [--out FILE]
                         write the episode (stdout without --out) as F: episode (episode JSON v1,
                         the default), chapters (Podcasting 2.0 JSON chapters), youtube (chapter
                         lines for a description), vtt-chapters, csv (scores and reasoning) or
                         html (a self-contained page). --final refuses, listing every problem,
                         until the analysis is finished, then marks the episode final
  load FILE.json [--replace]
                         add an episode from episode JSON v1 (a machine's analysis or an
                         export); prints its id. --replace overwrites an episode with that id
  validate FILE.json     check a file against episode JSON v1
  report ID              the review of a machine analysis: per dimension, the mean absolute difference
                         between the machine's and the reviewer's scores; accepted/edited/rejected counts
  peaks MEDIA --out FILE.dat [--pixels-per-second N]
                         waveform peaks (BBC audiowaveform binary, version 2)
  serve [--port N]       the browser host on 127.0.0.1; prints the URL to open
  transcript convert FILE --to json|vtt|srt|podcast-json
                         print a transcript (format read from its content) in another format:
                         json = episode JSON v1 "transcript", podcast-json = Podcasting 2.0 JSON

--db PATH (or EPISCORE_DB) names the database; the default is the app's own.`

class UsageError extends Error {}

interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

type Options = Record<string, string | boolean | undefined>

function parse(
  args: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>,
): { values: Options; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true })
    return { values: values as Options, positionals }
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined)

/** `readOnly` for the commands that only read: they never migrate the file or change its journal mode. */
function withDb<T>(dbPath: string | undefined, run: (db: Db) => T, readOnly = false): T {
  const db = openDatabase(defaultDatabasePath(dbPath), { readOnly })
  try {
    return run(db)
  } finally {
    db.close()
  }
}

async function withDbAsync<T>(dbPath: string | undefined, run: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(defaultDatabasePath(dbPath))
  try {
    return await run(db)
  } finally {
    db.close()
  }
}

/** Runs one CLI invocation; returns the exit code (0 ok, 1 failed, 2 usage). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    // Global options come before the command; everything after it belongs to the command.
    let commandIndex = 0
    while (commandIndex < argv.length && (argv[commandIndex] ?? '').startsWith('-'))
      commandIndex += argv[commandIndex] === '--db' ? 2 : 1
    const global = parse(argv.slice(0, commandIndex), {
      db: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    })
    const command = argv[commandIndex]
    const rest = argv.slice(commandIndex + 1)
    let dbPath = str(global.values.db)
    // `npm run serve -- --db PATH` puts --db after the command: accept it there too.
    const parseCommand = (
      options: Record<string, { type: 'string' | 'boolean' }>,
    ): { values: Options; positionals: string[] } => {
      const parsed = parse(rest, { ...options, db: { type: 'string' } })
      dbPath = str(parsed.values.db) ?? dbPath
      return parsed
    }
    if (global.values.help || command === 'help') {
      io.out(USAGE)
      return 0
    }
    if (!command) throw new UsageError('no command given')
    switch (command) {
      case 'new': {
        const { values } = parseCommand({
          media: { type: 'string' },
          transcript: { type: 'string' },
          title: { type: 'string' },
          show: { type: 'string' },
          date: { type: 'string' },
        })
        const media = str(values.media)
        if (!media) throw new UsageError('new needs --media FILE')
        const transcript = str(values.transcript)
        const title = str(values.title)
        const show = str(values.show)
        const date = str(values.date)
        const id = await withDbAsync(dbPath, (db) =>
          createEpisode(db, {
            mediaPath: media,
            ...(transcript && { transcriptPath: transcript }),
            ...(title && { title }),
            ...(show && { show }),
            ...(date && { publishedOn: date }),
            onWarning: (warning) => io.err(`episcore: warning: ${warning}`),
          }),
        )
        io.out(id)
        return 0
      }
      case 'list': {
        parseCommand({})
        for (const e of withDb(dbPath, listEpisodes, true)) io.out(`${e.id}\t${e.title}\t${e.reviewStatus}`)
        return 0
      }
      case 'export': {
        const { values, positionals } = parseCommand({
          out: { type: 'string' },
          format: { type: 'string' },
          final: { type: 'boolean' },
        })
        const [id] = positionals
        if (!id || positionals.length > 1) throw new UsageError('export needs one episode ID')
        const format = publishFormatSchema.safeParse(str(values.format) ?? 'episode')
        if (!format.success)
          throw new UsageError(
            `export --format is one of ${publishFormatSchema.options.join('|')} (not "${String(values.format)}")`,
          )
        const out = str(values.out)
        const final = values.final === true
        withDb(
          dbPath,
          (db) =>
            publishEpisode(db, id, format.data, {
              final,
              // `io.out` ends the line itself: only the text's last line feed is dropped (CSV keeps its CR).
              deliver: ({ text }) =>
                out ? writeAtomically(out, text) : io.out(text.endsWith('\n') ? text.slice(0, -1) : text),
            }),
          // Only a final export writes (the episode becomes final).
          !final,
        )
        return 0
      }
      case 'load': {
        const { values, positionals } = parseCommand({ replace: { type: 'boolean' } })
        const [file] = positionals
        if (!file || positionals.length > 1) throw new UsageError('load needs one FILE.json')
        const { id } = withDb(dbPath, (db) => loadEpisodeFile(db, file, { replace: values.replace === true }))
        io.out(id)
        return 0
      }
      case 'report': {
        const { positionals } = parseCommand({})
        const [id] = positionals
        if (!id || positionals.length > 1) throw new UsageError('report needs one episode ID')
        for (const line of reportLines(withDb(dbPath, (db) => reviewReport(db, id), true))) io.out(line)
        return 0
      }
      case 'validate': {
        const { positionals } = parseCommand({})
        const [file] = positionals
        if (!file || positionals.length > 1) throw new UsageError('validate needs one FILE.json')
        const problems = validateFile(file)
        if (problems.length === 0) {
          io.out('valid')
          return 0
        }
        for (const p of problems) io.out(p)
        return 1
      }
      case 'peaks': {
        const { values, positionals } = parseCommand({
          out: { type: 'string' },
          'pixels-per-second': { type: 'string' },
        })
        const [media] = positionals
        const out = str(values.out)
        if (!media || positionals.length > 1 || !out)
          throw new UsageError('peaks needs MEDIA and --out FILE.dat')
        const pps =
          values['pixels-per-second'] === undefined
            ? DEFAULT_PIXELS_PER_SECOND
            : Number(values['pixels-per-second'])
        if (!Number.isFinite(pps) || pps <= 0 || pps > 10_000)
          throw new UsageError('--pixels-per-second must be a number from 1 to 10000')
        const probe = await probeMedia(media)
        await computePeaks(media, path.resolve(out), {
          sampleRate: probe.sampleRate,
          durationSeconds: probe.durationSeconds,
          pixelsPerSecond: pps,
        })
        return 0
      }
      case 'serve': {
        const { values } = parseCommand({ port: { type: 'string' }, renderer: { type: 'string' } })
        const port = values.port === undefined ? 0 : Number(values.port)
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new UsageError('--port must be 0-65535')
        const host = await startHost({
          databaseFile: defaultDatabasePath(dbPath),
          rendererDir: str(values.renderer) ?? path.resolve(__dirname, '..', '..', 'out', 'renderer'),
          port,
        })
        io.out(`Episcore is at ${host.url}`)
        await new Promise<void>((resolve) => {
          const stop = (): void => void host.close().then(resolve)
          process.once('SIGINT', stop)
          process.once('SIGTERM', stop)
        })
        return 0
      }
      case 'transcript': {
        const { values, positionals } = parseCommand({ to: { type: 'string' } })
        const [action, file] = positionals
        if (action !== 'convert') throw new UsageError('transcript needs a subcommand: convert')
        if (!file || positionals.length > 2) throw new UsageError('transcript convert needs one FILE')
        const to = str(values.to)
        const write = to === undefined ? undefined : TRANSCRIPT_WRITERS.get(to)
        if (!write)
          throw new UsageError(
            `transcript convert needs --to ${[...TRANSCRIPT_WRITERS.keys()].join('|')}` +
              (to === undefined ? '' : ` (not "${to}")`),
          )
        io.out(convertTranscript(file, write, (warning) => io.err(`episcore: warning: ${warning}`)).trimEnd())
        return 0
      }
      default:
        throw new UsageError(`unknown command "${command}"`)
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`episcore: ${error.message}\n\n${USAGE}`)
      return 2
    }
    const known = error instanceof UserError ? error : sqliteUserError(error)
    if (known) {
      io.err(`episcore: ${known.message}`)
      return 1
    }
    io.err(`episcore: internal error: ${(error as Error).stack ?? String(error)}`)
    return 1
  }
}

type TranscriptWriter = (segments: readonly ParsedSegment[]) => string

// A Map, not an object: `--to constructor` must not find something on Object.prototype.
const TRANSCRIPT_WRITERS = new Map<string, TranscriptWriter>([
  ['json', writeEpisodeTranscriptJson],
  ['vtt', writeWebVtt],
  ['srt', writeSrt],
  ['podcast-json', writePodcastingJson],
])

function convertTranscript(file: string, write: TranscriptWriter, warn: (warning: string) => void): string {
  let content: Buffer
  try {
    content = fs.readFileSync(file)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    if (code === 'ENOENT') throw new UserError('not-found', `transcript file not found: ${file}`)
    const why = code === 'EISDIR' ? 'a folder, not a file' : code === 'EACCES' ? 'permission denied' : message
    throw new UserError('invalid-input', `${file}: cannot read it (${why})`)
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

function validateFile(file: string): string[] {
  const text = readEpisodeJsonText(file, path.basename(file))
  let json: unknown
  try {
    json = parseJsonText(text, MAX_EPISODE_JSON_DEPTH)
  } catch (error) {
    if (error instanceof JsonTextError) return [`/: not JSON (${error.message})`]
    throw error
  }
  const result = validateEpisodeDocument(json)
  return result.ok ? [] : result.problems
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`
  try {
    fs.writeFileSync(tmp, text)
    fs.renameSync(tmp, file)
  } catch (error) {
    fs.rmSync(tmp, { force: true })
    throw new UserError('invalid-input', `cannot write ${file}: ${(error as Error).message}`)
  }
}
