import path from 'node:path'

/**
 * The folder the app keeps its data in, the same for the desktop app, the CLI and the host: the
 * platform's per-user data folder, named `episcore` (the desktop app shows its name as "Episcore" and
 * sets Electron's userData here, so renaming it moves nothing).
 */
export function appDataFolder(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME ?? env.USERPROFILE ?? '.'
  const base =
    process.platform === 'darwin'
      ? path.join(home, 'Library', 'Application Support')
      : process.platform === 'win32'
        ? (env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
        : (env.XDG_CONFIG_HOME ?? path.join(home, '.config'))
  return path.join(base, 'episcore')
}

/** `--db PATH`, else `EPISCORE_DB`, else the app's data folder: where every shell keeps its data. */
export function defaultDatabasePath(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (explicit) return path.resolve(explicit)
  if (env.EPISCORE_DB) return path.resolve(env.EPISCORE_DB)
  return path.join(appDataFolder(env), 'episcore.sqlite')
}
