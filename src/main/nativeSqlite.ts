import fs from 'node:fs'
import path from 'node:path'

/**
 * better-sqlite3 compiled for Node cannot load in Electron (different ABI). `npm start` builds an
 * Electron copy into `.electron-native/` and names it in EPISCORE_SQLITE_BINDING; a packaged app has
 * its module rebuilt by electron-builder and needs none.
 */
export function electronSqliteBinding(appPath: string): string | undefined {
  const named = process.env.EPISCORE_SQLITE_BINDING
  if (named && fs.existsSync(named)) return named
  const beside = path.join(
    appPath,
    '.electron-native',
    process.versions.electron ?? '',
    'better_sqlite3.node',
  )
  return fs.existsSync(beside) ? beside : undefined
}
