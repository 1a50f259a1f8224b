import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A fresh folder under the system temp dir; each test keeps its databases apart. */
export function tempFolder(prefix = 'episcore-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}
