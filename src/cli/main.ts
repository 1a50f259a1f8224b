import fs from 'node:fs'
import path from 'node:path'
import { publishFormatSchema, type MethodName, type RequestOf, type ResponseOf } from '../shared/contract'
import {
  agreement,
  agreementSummary,
  backupFolderOf,
  checkedEpisodeFile,
  convertTranscript,
  defaultDatabasePath,
  DEFAULT_PIXELS_PER_SECOND,
  openLocalService,
  TRANSCRIPT_FORMATS,
  userMessage,
  validateEpisodeFile,
  writePeaksFile,
  type LocalService,
} from '../core/service/localService'
import { listedProblems, MAX_LISTED_PROBLEMS } from '../shared/episodeLimits'
import { editedSegmentsRefused, transcriptImportMessage } from '../shared/transcriptImportMessage'
import { documentProblems, findProblems, type Severity } from '../shared/problems'
import { agreementLines } from './agreementLines'
import { reportLines } from './reportLines'
import { searchCommand } from './searchCommand'
import { trendsLines } from './trendsLines'
import type { EpisodeDocument } from '../shared/episodeFormat'
import { terminalField } from './terminalText'
import { globalArguments, parse, UsageError, USAGE, type Io, type Options } from './usage'

const str = (v: string | boolean | string[] | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined

/** An absolute http(s) address, or a usage error naming the option. */
function webAddress(value: string | undefined, option: string): string | undefined {
  if (value === undefined) return undefined
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`${option} must be an absolute http(s) URL (not "${value}")`)
  return value
}

type ParseCommand = (options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>) => {
  values: Options
  positionals: string[]
}

/** `export ID [--format F] …`: a publishing format, or (`--format site`) the web page folder. */
async function exportEpisodeAs(
  parseCommand: ParseCommand,
  dbPath: () => string | undefined,
  io: Io,
): Promise<number> {
  const { values, positionals } = parseCommand({
    out: { type: 'string' },
    format: { type: 'string' },
    final: { type: 'boolean' },
    'base-url': { type: 'string' },
    'media-as': { type: 'string' },
    'media-url': { type: 'string' },
  })
  const [id] = positionals
  if (!id || positionals.length > 1) throw new UsageError('export needs one episode ID')
  const out = str(values.out)
  const formatName = str(values.format) ?? 'episode'
  if (formatName === 'site') {
    if (!out) throw new UsageError('export --format site needs --out DIR')
    if (values.final === true)
      throw new UsageError('--final is for the file formats: publish, then export the site')
    const mediaAs = str(values['media-as'])
    if (mediaAs !== undefined && mediaAs !== 'audio' && mediaAs !== 'video')
      throw new UsageError(`--media-as is audio or video (not "${mediaAs}")`)
    const mediaUrlGiven = str(values['media-url'])
    const mediaUrl = mediaUrlGiven === '' ? '' : webAddress(mediaUrlGiven, '--media-url')
    const site = await withService(dbPath(), (service) =>
      call(service, 'episodes.exportSite', {
        id,
        folder: service.fileToWrite(out),
        ...(mediaAs !== undefined && { mediaAs }),
        ...(mediaUrl !== undefined && { mediaUrl }),
      }),
    )
    for (const warning of site.warnings) io.err(`episcore: warning: ${warning}`)
    io.out(site.folder)
    return 0
  }
  const format = publishFormatSchema.safeParse(formatName)
  if (!format.success)
    throw new UsageError(
      `export --format is one of ${[...publishFormatSchema.options, 'site'].join('|')} (not "${formatName}")`,
    )
  for (const option of ['media-as', 'media-url'])
    if (values[option] !== undefined) throw new UsageError(`--${option} is for --format site`)
  const baseUrl = webAddress(str(values['base-url']), '--base-url')
  if (format.data === 'podcast-item' && baseUrl === undefined)
    throw new UsageError(
      'export --format podcast-item needs --base-url URL (where the site folder is served)',
    )
  if (format.data !== 'podcast-item' && baseUrl !== undefined)
    throw new UsageError('--base-url is for --format podcast-item')
  const { text, warnings } = await withService(
    dbPath(),
    (service) =>
      call(service, 'episodes.exportAs', {
        id,
        format: format.data,
        ...(values.final === true && { final: true }),
        ...(baseUrl !== undefined && { baseUrl }),
        // Written before the episode becomes final: a file that cannot be written leaves it as it was.
        ...(out && { saveTo: service.fileToWrite(out) }),
      }),
    // Only a final export, and the feed tags (their base URL is kept), write to the database.
    values.final !== true && format.data !== 'podcast-item',
  )
  for (const warning of warnings) io.err(`episcore: warning: ${warning}`)
  // `io.out` ends the line itself: only the text's last line feed is dropped (CSV keeps its CR).
  if (!out) io.out(text.endsWith('\n') ? text.slice(0, -1) : text)
  return 0
}

/** A refusal from the core's door: its message, as the app and the host would show it. */
class Refused extends Error {}

/**
 * Runs `use` with the database open through the contract's door, and closes it after. `readOnly` for the
 * commands that only read: they never migrate the file or change its journal mode.
 */
async function withService<T>(
  dbPath: string | undefined,
  use: (service: LocalService) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const service = openLocalService(dbPath, { readOnly })
  try {
    const answer = await use(service)
    service.refuseIfChanged()
    return answer
  } finally {
    service.close()
  }
}

/** One call through the door; a refusal becomes the CLI's one-line error. */
async function call<K extends MethodName>(
  service: LocalService,
  method: K,
  request: RequestOf<K>,
): Promise<ResponseOf<K>> {
  const reply = await service.call(method, request)
  if (!reply.ok) throw new Refused(reply.error.message)
  return reply.value
}

/**
 * `transcript import ID FILE [--replace-edits]`: what the import did on stdout (segments, quotes
 * refilled and outdated), what the editor should check on stderr (a transcript past the media's end,
 * speakers carried over, speakers who no longer speak).
 */
async function importTranscript(
  positionals: string[],
  values: Options,
  dbPath: string | undefined,
  io: Io,
): Promise<number> {
  const [, id, file] = positionals
  if (!id || !file || positionals.length > 3)
    throw new UsageError('transcript import needs an episode ID and one FILE')
  const result = await withService(dbPath, (service) =>
    call(service, 'transcript.import', {
      id,
      file: service.fileToRead(file),
      ...(values['replace-edits'] === true && { replaceEdited: true }),
    }),
  ).catch((error: unknown) => {
    if (!(error instanceof Refused)) throw error
    // The core's refusal says what would be lost; the CLI says how to go on.
    const edited = editedSegmentsRefused(error.message)
    throw edited === null
      ? error
      : new Refused(`${error.message} (--replace-edits to replace ${edited === 1 ? 'it' : 'them'})`)
  })
  const flagged = result.view.statements.filter((s) => s.quoteProblem !== null).length
  for (const warning of result.warnings) io.err(`episcore: warning: ${path.basename(file)}: ${warning}`)
  for (const name of result.silentSpeakers)
    io.err(`episcore: warning: ${name} no longer speaks in the transcript (still a participant)`)
  io.out(transcriptImportMessage(path.basename(file), result, flagged))
  return 0
}

/**
 * `problems ID|FILE.json [--json]`: every problem, as the Problems panel finds them, of an episode of
 * the library or of a file (an existing path; no database is opened then). A file that is not episode
 * JSON gives its load problems as errors. Exit 1 while an error is left.
 */
async function listProblems(
  parseCommand: ParseCommand,
  dbPath: () => string | undefined,
  io: Io,
): Promise<number> {
  const { values, positionals } = parseCommand({
    json: { type: 'boolean' },
    'require-evidence': { type: 'boolean' },
  })
  const [source] = positionals
  const requireEvidence = values['require-evidence'] === true
  if (!source || positionals.length > 1) throw new UsageError('problems needs one episode ID or FILE.json')
  let problems: { severity: Severity; path: string; message: string }[]
  let more: string | null = null
  if (isFile(source)) {
    const { document, problems: invalid } = checkedEpisodeFile(source)
    if (document) problems = documentProblems(document, { requireEvidence })
    else {
      // A file of 600,000 problems is not printed whole: the first 100, then how many more (validate's rule).
      const listed = listedProblems(invalid)
      more = listed.length > MAX_LISTED_PROBLEMS ? (listed.pop() ?? null) : null
      problems = listed.map((line) => {
        const at = line.indexOf(': ')
        return { severity: 'error', path: line.slice(0, at), message: line.slice(at + 2) }
      })
    }
  } else
    problems = findProblems(
      await withService(dbPath(), (service) => call(service, 'episodes.open', { id: source }), true),
    )
  const listed = problems.map(({ severity, path: at, message }) => ({ severity, path: at, message }))
  if (values.json === true)
    io.out(
      JSON.stringify(more === null ? listed : [...listed, { severity: 'error', path: '', message: more }]),
    )
  else {
    for (const p of problems) io.out([p.severity, p.path, p.message].map(terminalField).join('\t'))
    if (more !== null) io.out(more)
  }
  return problems.some((p) => p.severity === 'error') ? 1 : 0
}

/** `agreement SOURCE SOURCE… [--json]`: files are read alone; ids come from the library, read-only. */
async function compareAnalyses(
  parseCommand: ParseCommand,
  dbPath: () => string | undefined,
  io: Io,
): Promise<number> {
  const { values, positionals } = parseCommand({ json: { type: 'boolean' } })
  if (positionals.length < 2)
    throw new UsageError('agreement needs two SOURCEs or more (episode JSON files or library ids)')
  const fromFiles = positionals.map((source) => {
    if (!isFile(source)) return null
    const { document, problems } = checkedEpisodeFile(source)
    if (!document)
      throw new Refused(`${source} is not episode JSON v1:\n${listedProblems(problems).join('\n')}`)
    return document
  })
  const ids = positionals.filter((_, i) => fromFiles[i] === null)
  const fromLibrary =
    ids.length === 0
      ? []
      : await withService(
          dbPath(),
          (service) =>
            Promise.all(
              ids.map(
                async (id) =>
                  JSON.parse((await call(service, 'episodes.export', { id })).json) as EpisodeDocument,
              ),
            ),
          true,
        )
  let next = 0
  const detail = agreement(
    positionals.map((source, i) => ({
      source,
      document: fromFiles[i] ?? (fromLibrary[next++] as EpisodeDocument),
    })),
  )
  const result = agreementSummary(detail)
  if (values.json === true) io.out(JSON.stringify(result))
  else for (const line of agreementLines(result, detail.labels)) io.out(line)
  return 0
}

const isFile = (candidate: string): boolean => {
  try {
    return fs.statSync(candidate).isFile()
  } catch {
    return false
  }
}

/**
 * `load FILE.json... [--replace | --keep-both] [--media FILE]`: each file loaded or refused on its own,
 * in one opening of the database. One file prints its id alone, as scripts read it; several print
 * `FILE<TAB>id` for each loaded and `FILE: <problem>` on stderr for each refused (every line of the
 * problem so prefixed, so that each line says which file it is about). Exit 1 if any was refused.
 */
async function loadEpisodeFiles(
  parseCommand: ParseCommand,
  dbPath: () => string | undefined,
  io: Io,
): Promise<number> {
  const { values, positionals } = parseCommand({
    replace: { type: 'boolean' },
    'keep-both': { type: 'boolean' },
    media: { type: 'string', multiple: true },
  })
  if (positionals.length === 0) throw new UsageError('load needs one FILE.json or more')
  if (values.replace === true && values['keep-both'] === true)
    throw new UsageError('load takes --replace or --keep-both, not both')
  const media = values.media as unknown as string[] | undefined
  if (media !== undefined && media.length !== 1) throw new UsageError('load --media takes exactly one FILE')
  // The media is one episode's: with several files it could only be linked to the first by mistake.
  if (media !== undefined && positionals.length > 1)
    throw new UsageError('load --media needs exactly one FILE.json')
  const load = (service: LocalService, file: string): Promise<ResponseOf<'episodes.load'>> =>
    call(service, 'episodes.load', {
      file: service.fileToRead(file),
      ...(values.replace === true && { replace: true }),
      ...(values['keep-both'] === true && { keepBoth: true }),
      ...(media?.[0] !== undefined && { media: service.fileToRead(media[0]) }),
    })
  const [only] = positionals
  if (only !== undefined && positionals.length === 1) {
    const { id, warnings } = await withService(dbPath(), (service) => load(service, only))
    for (const warning of warnings) io.err(`episcore: warning: ${warning}`)
    io.out(id)
    return 0
  }
  let refused = 0
  await withService(dbPath(), async (service) => {
    for (const file of positionals) {
      const name = terminalField(file)
      try {
        const { id, warnings } = await load(service, file)
        for (const warning of warnings) io.err(`episcore: warning: ${name}: ${warning}`)
        io.out(`${name}\t${id}`)
      } catch (error) {
        const problem = error instanceof Refused ? error.message : userMessage(error)
        if (problem === null) throw error
        refused++
        io.err(
          problem
            .split('\n')
            .map((line) => `${name}: ${terminalField(line)}`)
            .join('\n'),
        )
      }
    }
  })
  return refused > 0 ? 1 : 0
}

/** Runs one command (`start.ts` has answered `--help` already); returns the exit code. */
export async function runCommand(argv: string[], io: Io): Promise<number> {
  try {
    const { command, rest, db } = globalArguments(argv)
    let dbPath = db
    // `npm run serve -- --db PATH` puts --db after the command: accept it there too.
    const parseCommand = (
      options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>,
    ): { values: Options; positionals: string[] } => {
      const parsed = parse(rest, { ...options, db: { type: 'string' } })
      dbPath = str(parsed.values.db) ?? dbPath
      return parsed
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
        const { id, warnings } = await withService(dbPath, (service) =>
          call(service, 'episodes.create', {
            media: service.fileToRead(media),
            ...(transcript && { transcript: service.fileToRead(transcript) }),
            ...(title && { title }),
            ...(show && { show }),
            ...(date && { publishedOn: date }),
          }),
        )
        for (const warning of warnings) io.err(`episcore: warning: ${warning}`)
        io.out(id)
        return 0
      }
      case 'list': {
        const { values } = parseCommand({ trash: { type: 'boolean' } })
        if (values.trash === true) {
          const trashed = await withService(
            dbPath,
            (service) => call(service, 'episodes.listTrash', {}),
            true,
          )
          for (const e of trashed)
            io.out([e.id, e.title, e.trashedAt, e.emptiedAfter].map(terminalField).join('\t'))
          return 0
        }
        const episodes = await withService(dbPath, (service) => call(service, 'episodes.list', {}), true)
        for (const e of episodes) io.out([e.id, e.title, e.reviewStatus].map(terminalField).join('\t'))
        return 0
      }
      case 'search':
        return await searchCommand(parseCommand, () => dbPath, io)
      case 'trends': {
        const { values, positionals } = parseCommand({ json: { type: 'boolean' } })
        const [show] = positionals
        if (!show || positionals.length > 1)
          throw new UsageError('trends needs one SHOW (quote a name with spaces)')
        const trends = await withService(
          dbPath,
          (service) => call(service, 'library.showTrends', { show }),
          true,
        )
        if (values.json === true) io.out(JSON.stringify(trends))
        else for (const line of trendsLines(trends)) io.out(line)
        return 0
      }
      case 'delete':
      case 'restore': {
        const { positionals } = parseCommand({})
        const [id] = positionals
        if (!id || positionals.length > 1) throw new UsageError(`${command} needs one episode ID`)
        // Neither deletes for good: the trash is emptied only by the app's and the host's start.
        if (command === 'delete') {
          const { trashedAt } = await withService(dbPath, (service) =>
            call(service, 'episodes.trash', { id }),
          )
          io.err(
            `episcore: moved to the trash; restore it with episcore restore ${id} (kept 30 days after ${trashedAt})`,
          )
        } else await withService(dbPath, (service) => call(service, 'episodes.restore', { id }))
        io.out(id)
        return 0
      }
      case 'export':
        return await exportEpisodeAs(parseCommand, () => dbPath, io)
      case 'load':
        return await loadEpisodeFiles(parseCommand, () => dbPath, io)
      case 'agreement':
        return await compareAnalyses(parseCommand, () => dbPath, io)
      case 'report': {
        const { values, positionals } = parseCommand({ csv: { type: 'boolean' } })
        const [id] = positionals
        if (!id || positionals.length > 1) throw new UsageError('report needs one episode ID')
        if (values.csv === true) {
          const csv = await withService(
            dbPath,
            (service) => call(service, 'review.exportReport', { id }),
            true,
          )
          io.out(csv.text.endsWith('\n') ? csv.text.slice(0, -1) : csv.text)
          return 0
        }
        const report = await withService(dbPath, (service) => call(service, 'review.report', { id }), true)
        for (const line of reportLines(report)) io.out(line)
        return 0
      }
      case 'backup': {
        const { positionals } = parseCommand({})
        if (positionals.length > 0) throw new UsageError('backup takes no arguments')
        const file = defaultDatabasePath(dbPath)
        const made = await withService(dbPath, (service) => call(service, 'backups.create', {}))
        io.out(path.join(backupFolderOf(file), made.file))
        return 0
      }
      case 'problems':
        return await listProblems(parseCommand, () => dbPath, io)
      case 'validate': {
        const { positionals } = parseCommand({})
        const [file] = positionals
        if (!file || positionals.length > 1) throw new UsageError('validate needs one FILE.json')
        const problems = validateEpisodeFile(file)
        if (problems.length === 0) {
          io.out('valid')
          return 0
        }
        for (const p of listedProblems(problems)) io.out(terminalField(p))
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
        await writePeaksFile(media, out, pps)
        return 0
      }
      case 'serve': {
        const { values } = parseCommand({ port: { type: 'string' }, renderer: { type: 'string' } })
        const port = values.port === undefined ? 0 : Number(values.port)
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new UsageError('--port must be 0-65535')
        // Loaded only to serve: the host's HTTP and WebSocket modules would slow every other command's start.
        const { startHost } = await import('../host/startHost')
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
        const { values, positionals } = parseCommand({
          to: { type: 'string' },
          'replace-edits': { type: 'boolean' },
        })
        const [action, file] = positionals
        if (action === 'import') return await importTranscript(positionals, values, dbPath, io)
        if (action !== 'convert') throw new UsageError('transcript needs a subcommand: convert or import')
        if (!file || positionals.length > 2) throw new UsageError('transcript convert needs one FILE')
        const to = str(values.to)
        if (to === undefined || !TRANSCRIPT_FORMATS.includes(to))
          throw new UsageError(
            `transcript convert needs --to ${TRANSCRIPT_FORMATS.join('|')}` +
              (to === undefined ? '' : ` (not "${to}")`),
          )
        io.out(convertTranscript(file, to, (warning) => io.err(`episcore: warning: ${warning}`)).trimEnd())
        return 0
      }
      default:
        throw new UsageError(`unknown command "${command}"`)
    }
  } catch (error) {
    // A refusal quotes what it was given (a file's ids and keys, an argument): each of its lines is
    // escaped, so that no control character or escape code from them reaches the terminal raw.
    if (error instanceof UsageError) {
      io.err(`episcore: ${terminalField(error.message)}\n\n${USAGE}`)
      return 2
    }
    const known = error instanceof Refused ? error.message : userMessage(error)
    if (known !== null) {
      io.err(`episcore: ${known.split('\n').map(terminalField).join('\n')}`)
      return 1
    }
    io.err(`episcore: internal error: ${(error as Error).stack ?? String(error)}`)
    return 1
  }
}
