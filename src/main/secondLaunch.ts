import path from 'node:path'
import { databaseArgument } from './coreEnvironment'

/**
 * What a second launch hands the running app (`requestSingleInstanceLock`'s additionalData): the
 * database it was asked to open, made absolute where it was typed. Not read from the `argv` of
 * 'second-instance', which Chromium may reorder ("The order might change", docs/api/app.md), parting
 * `--db` from its path.
 */
export interface SecondLaunch {
  database: string | null
}

export function secondLaunchData(argv: readonly string[], cwd: string): SecondLaunch {
  const database = databaseArgument(argv)
  return { database: database ? path.resolve(cwd, database) : null }
}

/** The data a second launch sent, as far as it is one (a launch of another version may send other). */
export function secondLaunchOf(data: unknown): SecondLaunch {
  const database = (data as { database?: unknown } | null)?.database
  return { database: typeof database === 'string' && path.isAbsolute(database) ? database : null }
}

/**
 * The arguments to start the app again with (`app.relaunch({ args })`, which runs the same binary in
 * the same working folder): this launch's own, its database replaced by the one the second launch asked
 * for, or left out when it asked for none, as a plain start would.
 */
export function relaunchArgs(argv: readonly string[], launch: SecondLaunch): string[] {
  const args: string[] = []
  const own = argv.slice(1)
  for (let i = 0; i < own.length; i++) {
    const arg = own[i] ?? ''
    if (arg === '--db') i++
    else if (!arg.startsWith('--db=')) args.push(arg)
  }
  if (launch.database) args.push(`--db=${launch.database}`)
  return args
}
