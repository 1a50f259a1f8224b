import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The file a worker thread requires for a reader, and the loader it registers first (for TypeScript). */
export interface WorkerModule {
  module: string
  loader: string | null
}

/**
 * Where a worker thread finds the reader of the module at `filename` (its `__filename`), whose source is
 * `sourceName`.ts: that file itself and, when it is TypeScript (the tests and the CLI's sources), the
 * loader that lets a worker require it. Inside a bundle (the app's `core.js`, the command line's
 * `episcore.js`) the module has no file of its own: the entry `bundledEntry` the builds write beside
 * the bundle is used, else (none there) null, and the caller reads in place.
 */
export function workerModule(
  filename: string,
  sourceName: string,
  bundledEntry: string,
): WorkerModule | null {
  const extension = path.extname(filename)
  if (path.basename(filename, extension) !== sourceName) {
    // Beside the bundle, or one folder up when the module went into a shared chunk (chunks/).
    const dir = path.dirname(filename)
    const bundled = [dir, path.dirname(dir)]
      .map((each) => path.join(each, bundledEntry))
      .find((file) => fs.existsSync(file))
    return bundled ? { module: bundled, loader: null } : null
  }
  if (extension === '.js') return { module: filename, loader: null }
  try {
    return { module: filename, loader: createRequire(filename).resolve('tsx/cjs/api') }
  } catch {
    return null
  }
}
