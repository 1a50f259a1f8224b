import { userMessage } from '../core/service/localService'
import { str } from './commandArguments'
import { commandNamed, type CommandEntry } from './commands'
import { commandUsage, USAGE } from './helpText'
import { Refused } from './serviceCalls'
import { terminalField } from './terminalText'
import { globalArguments, parse, UsageError, type Io, type ParseCommand } from './usage'

/** Runs one command (`start.ts` has answered `--help` already); returns the exit code. */
export async function runCommand(argv: string[], io: Io): Promise<number> {
  // Once the command is known, a usage mistake shows its usage alone.
  let entry: CommandEntry | undefined
  try {
    const { command, rest, db } = globalArguments(argv)
    let dbPath = db
    // `npm run serve -- --db PATH` puts --db after the command: accept it there too.
    const parseCommand: ParseCommand = (options) => {
      const parsed = parse(rest, { ...options, db: { type: 'string' } })
      dbPath = str(parsed.values.db) ?? dbPath
      return parsed
    }
    if (!command) throw new UsageError('no command given')
    entry = commandNamed(command)
    if (!entry) throw new UsageError(`unknown command "${command}"`)
    const run = await entry.load()
    return await run(parseCommand, () => dbPath, io)
  } catch (error) {
    // A refusal quotes what it was given (a file's ids and keys, an argument): each of its lines is
    // escaped, so that no control character or escape code from them reaches the terminal raw.
    if (error instanceof UsageError) {
      io.err(`episcore: ${terminalField(error.message)}\n\n${entry ? commandUsage(entry) : USAGE}`)
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
