import path from 'node:path'
import { convertTranscript, TRANSCRIPT_FORMATS } from '../../core/service/localService'
import { editedSegmentsRefused, transcriptImportMessage } from '../../shared/transcriptImportMessage'
import { str } from '../commandArguments'
import { call, Refused, withService } from '../serviceCalls'
import { UsageError, type Io, type Options, type RunCommand } from '../usage'

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

/** `transcript import …` into an episode, or `transcript convert FILE --to F` (no database) to stdout. */
export const transcriptCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({
    to: { type: 'string' },
    'replace-edits': { type: 'boolean' },
  })
  const [action, file] = positionals
  if (action === 'import') return await importTranscript(positionals, values, dbPath(), io)
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
