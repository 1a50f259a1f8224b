import path from 'node:path'

/** Variables that point the core at other programs: for development only, never in a packaged app. */
const DEVELOPMENT_ONLY = ['EPISCORE_FFMPEG', 'EPISCORE_FFPROBE'] as const

/** `--db PATH` or `--db=PATH` from the app's command line (`npm start -- --db PATH`), if given. */
export function databaseArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg.startsWith('--db=')) return arg.slice('--db='.length) || undefined
    if (arg === '--db') return argv[i + 1]
  }
  return undefined
}

/**
 * The environment the core process starts with: the shell's own, with the database named on the command
 * line (else `EPISCORE_DB`, else the app's data folder, as the core decides), and in a packaged app
 * without the variables that would make it run another ffmpeg or ffprobe.
 */
export function coreEnvironment(
  env: NodeJS.ProcessEnv,
  options: { packaged: boolean; databaseFile: string | undefined; recovering?: boolean; mustExist?: boolean },
): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) if (value !== undefined) result[name] = value
  if (options.packaged) for (const name of DEVELOPMENT_ONLY) delete result[name]
  if (options.databaseFile) result.EPISCORE_DB = path.resolve(options.databaseFile)
  // Only the editor's choice to recover starts a core that stays up without its database.
  delete result.EPISCORE_RECOVER
  if (options.recovering) result.EPISCORE_RECOVER = '1'
  // A core started again after a crash finds the database it had, or says it is gone (never an empty one).
  delete result.EPISCORE_DB_MUST_EXIST
  if (options.mustExist) result.EPISCORE_DB_MUST_EXIST = '1'
  return result
}
