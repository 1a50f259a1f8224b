/**
 * The command line's entry: `--help` and a usage error answer at once; every command loads the core
 * first (its schemas and SQLite take most of a start), only when it is run.
 */
import { USAGE } from './helpText'
import { globalArguments, UsageError, type Io } from './usage'

import { terminalField } from './terminalText'

export { endQuietlyOnClosedOutput } from './terminalText'

/** Runs one CLI invocation; returns the exit code (0 ok, 1 failed, 2 usage). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    if (globalArguments(argv).help) {
      io.out(USAGE)
      return 0
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(`episcore: ${terminalField(error.message)}\n\n${USAGE}`)
    return 2
  }
  const { runCommand } = await import('./main')
  return runCommand(argv, io)
}
