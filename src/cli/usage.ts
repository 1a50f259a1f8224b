/**
 * How the command line's arguments are read, and the global options. Kept apart from the commands so
 * that `episcore --help` answers without loading the core (the contract's schemas, SQLite, ffmpeg's
 * helpers); what each command accepts is declared in `commands.ts`.
 */
import { parseArgs } from 'node:util'

/** A command line that cannot be run as given: its message is printed above the usage (exit 2). */
export class UsageError extends Error {}

export interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

export type Options = Record<string, string | boolean | string[] | undefined>

/** A command's own options parsed from what follows it (`--db` is taken there too). */
export type ParseCommand = (options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>) => {
  values: Options
  positionals: string[]
}

/** One command, given its arguments' parser, the database path (known once parsed) and the output. */
export type RunCommand = (
  parseCommand: ParseCommand,
  dbPath: () => string | undefined,
  io: Io,
) => Promise<number>

export function parse(
  args: string[],
  options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>,
): { values: Options; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true })
    return { values: values as Options, positionals }
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** Global options come before the command; everything after it belongs to the command. */
export function globalArguments(argv: readonly string[]): {
  command: string | undefined
  rest: string[]
  db: string | undefined
  help: boolean
} {
  let commandIndex = 0
  while (commandIndex < argv.length && (argv[commandIndex] ?? '').startsWith('-'))
    commandIndex += argv[commandIndex] === '--db' ? 2 : 1
  const { values } = parse(argv.slice(0, commandIndex), {
    db: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  })
  const command = argv[commandIndex]
  return {
    command,
    rest: argv.slice(commandIndex + 1),
    db: typeof values.db === 'string' ? values.db : undefined,
    help: values.help === true || command === 'help',
  }
}
