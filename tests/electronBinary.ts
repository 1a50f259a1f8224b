import fs from 'node:fs'
import path from 'node:path'

/**
 * Electron's binary, if this machine has it (it cannot be downloaded without internet). Read the way
 * electron's own index.js does, without its side effect of downloading on require.
 */
export function electronBinary(): string | null {
  const dir = path.dirname(require.resolve('electron/package.json'))
  const pathFile = path.join(dir, 'path.txt')
  if (!fs.existsSync(pathFile)) return null
  const binary = path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8'))
  return fs.existsSync(binary) ? binary : null
}
