import fs from 'node:fs'
import { str } from '../commandArguments'
import { call, Refused, withService } from '../serviceCalls'
import { UsageError, type RunCommand } from '../usage'
import { codebookLines, importLines, versionLine } from './codebookLines'

const VERBS = ['show', 'versions', 'export', 'import', 'publish', 'anchor'] as const
type Verb = (typeof VERBS)[number]
const FORMATS = ['qdc', 'md', 'json'] as const
type Format = (typeof FORMATS)[number]

/** Which options each verb takes: any other is refused naming the verb. */
const OPTIONS: Record<Verb, readonly string[]> = {
  show: ['version', 'json'],
  versions: [],
  export: ['format', 'version', 'out'],
  import: [],
  publish: [],
  anchor: ['dimension', 'statement', 'chapter', 'from', 'to', 'note'],
}

function versionNumber(given: string | undefined): number | undefined {
  if (given === undefined) return undefined
  if (!/^[1-9]\d{0,8}$/.test(given))
    throw new UsageError(`--version is a version number, 1 or more (not "${given}")`)
  return Number(given)
}

/** `codebook VERB SHOW ...`: a show's codebook (docs/command-line.md). */
export const codebookCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({
    json: { type: 'boolean' },
    format: { type: 'string' },
    version: { type: 'string' },
    out: { type: 'string' },
    dimension: { type: 'string' },
    statement: { type: 'string' },
    chapter: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    note: { type: 'string' },
  })
  const [name, show, ...rest] = positionals
  if (name === undefined) throw new UsageError(`codebook needs a verb: ${VERBS.join(', ')}`)
  const verb = VERBS.find((v) => v === name)
  if (!verb) throw new UsageError(`unknown codebook verb "${name}" (one of ${VERBS.join(', ')})`)
  for (const option of Object.keys(values))
    if (option !== 'db' && values[option] !== undefined && !OPTIONS[verb].includes(option))
      throw new UsageError(`codebook ${verb} takes no --${option}`)
  if (verb === 'anchor') return addAnchor(dbPath, io, show, rest, values)
  if (!show?.trim()) throw new UsageError(`codebook ${verb} needs a SHOW (quote a name with spaces)`)
  const wanted = verb === 'import' ? 1 : 0
  if (rest.length !== wanted)
    throw new UsageError(
      verb === 'import' ? 'codebook import needs SHOW and one FILE.qdc' : `codebook ${verb} takes one SHOW`,
    )
  const version = versionNumber(str(values.version))

  if (verb === 'show') {
    const codebook = await withService(dbPath(), (s) => call(s, 'codebook.get', { show, version }), true)
    if (!codebook)
      throw new Refused(
        version === undefined
          ? `${show} has no published codebook (codebook import, or the app's codebook screen, makes one)`
          : `${show} has no codebook version ${version}`,
      )
    if (values.json === true) io.out(JSON.stringify(codebook))
    else for (const line of codebookLines(codebook)) io.out(line)
    return 0
  }
  if (verb === 'versions') {
    const versions = await withService(dbPath(), (s) => call(s, 'codebook.versions', { show }), true)
    if (versions.length === 0) io.err(`episcore: ${show} has no codebook yet`)
    for (const v of versions) io.out(versionLine(v))
    return 0
  }
  if (verb === 'export') {
    const formatName = str(values.format) ?? 'qdc'
    const format = FORMATS.find((f) => f === formatName) as Format | undefined
    if (!format)
      throw new UsageError(`codebook export --format is one of ${FORMATS.join('|')} (not "${formatName}")`)
    const { text } = await withService(
      dbPath(),
      (s) => call(s, 'codebook.export', { show, format, ...(version !== undefined && { version }) }),
      true,
    )
    const out = str(values.out)
    if (out) writeOut(out, text)
    else io.out(text.endsWith('\n') ? text.slice(0, -1) : text)
    return 0
  }
  if (verb === 'publish') {
    const published = await withService(dbPath(), (s) => call(s, 'codebook.publish', { show }))
    io.out(`${show}: version ${published.version} published`)
    return 0
  }
  const file = rest[0] as string
  const made = await withService(dbPath(), (s) =>
    call(s, 'codebook.import', { show, file: s.fileToRead(file) }),
  )
  for (const line of importLines(made)) io.out(line)
  return 0
}

/** A time in seconds as --from and --to give it. */
function seconds(option: string, given: string | undefined): number {
  const n = Number(given)
  if (given === undefined || given.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new UsageError(`codebook anchor --${option} is a time in seconds, 0 or more (not "${given ?? ''}")`)
  return n
}

/**
 * `codebook anchor EPISODE --dimension KEY (--statement ID | --chapter ID | --from S --to S) [--note
 * TEXT]`: the moment becomes an anchor of the dimension in the episode's show's codebook draft.
 */
async function addAnchor(
  dbPath: () => string | undefined,
  io: Parameters<RunCommand>[2],
  episode: string | undefined,
  rest: string[],
  values: Record<string, string | boolean | string[] | undefined>,
): Promise<number> {
  if (!episode?.trim() || rest.length > 0)
    throw new UsageError('codebook anchor takes one EPISODE (its id), then --dimension and the moment')
  const dimension = str(values.dimension)
  if (!dimension) throw new UsageError('codebook anchor needs --dimension KEY')
  const statement = str(values.statement)
  const chapter = str(values.chapter)
  const range = values.from !== undefined || values.to !== undefined
  if ([statement !== undefined, chapter !== undefined, range].filter(Boolean).length !== 1)
    throw new UsageError('codebook anchor takes one moment: --statement ID, --chapter ID, or --from S --to S')
  const target = statement
    ? { kind: 'statement' as const, episodeId: episode, statementId: statement }
    : chapter
      ? { kind: 'chapterScore' as const, episodeId: episode, chapterId: chapter }
      : {
          kind: 'range' as const,
          episodeId: episode,
          start: seconds('from', str(values.from)),
          end: seconds('to', str(values.to)),
        }
  const { draft, anchor } = await withService(dbPath(), (s) =>
    call(s, 'codebook.addAnchor', { dimension, target, note: str(values.note) ?? '' }),
  )
  io.out(`${draft.show}: anchor ${anchor.id} of ${dimension} added to draft version ${draft.version}`)
  return 0
}

/** Writes the export where --out says; a file that cannot be written is said in one line. */
function writeOut(out: string, text: string): void {
  try {
    fs.writeFileSync(out, text)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOENT'
          ? 'its folder does not exist'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (error as Error).message
    throw new Refused(`--out ${out}: cannot write it (${why})`)
  }
}
