import type { LocalService } from '../../core/service/localService'
import type { ResponseOf } from '../../shared/contract'
import { call, withService } from '../serviceCalls'
import { terminalField } from '../terminalText'
import { UsageError, type RunCommand } from '../usage'

/**
 * `load FILE.json... [--replace | --keep-both] [--media FILE]`: each file loaded or refused on its own,
 * in one opening of the database. One file prints its id alone, as scripts read it; several print
 * `FILE<TAB>id` for each loaded and `FILE: <problem>` on stderr for each refused (every line of the
 * problem so prefixed, so that each line says which file it is about). Exit 1 if any was refused.
 */
export const loadCommand: RunCommand = async (parseCommand, dbPath, io) => {
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
    // In calls of CALL_FILES: each file's line comes as its call ends, and the core reads and checks
    // the next files of a call while it writes one.
    for (let first = 0; first < positionals.length; first += CALL_FILES) {
      const some = positionals.slice(first, first + CALL_FILES)
      const { results } = await call(service, 'episodes.loadMany', {
        files: some.map((file) => service.fileToRead(file)),
        ...(values.replace === true && { replace: true }),
        ...(values['keep-both'] === true && { keepBoth: true }),
      })
      for (const [i, result] of results.entries()) {
        const name = terminalField(some[i] as string)
        if (result.ok) {
          for (const warning of result.warnings) io.err(`episcore: warning: ${name}: ${warning}`)
          io.out(`${name}\t${result.id}`)
          continue
        }
        refused++
        io.err(
          result.error.message
            .split('\n')
            .map((line) => `${name}: ${terminalField(line)}`)
            .join('\n'),
        )
      }
    }
  })
  return refused > 0 ? 1 : 0
}

/** Files a call loads: a line for each soon enough, and enough for the reading ahead to pay. */
const CALL_FILES = 50
