import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../errors'

/** As the kernel allows (Linux's MAXSYMLINKS): past this a chain of links is a loop. */
const MAX_LINKS = 40

/**
 * The file a write to `file` means: the end of its chain of symbolic links, a dangling link's target
 * included, so that a link the editor made (latest.json -> published/ep42.json) stays a link.
 */
function writtenFile(file: string): string {
  let at = path.resolve(file)
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    let stat: fs.Stats
    try {
      stat = fs.lstatSync(at)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return at
      throw error
    }
    if (!stat.isSymbolicLink()) return at
    at = path.resolve(path.dirname(at), fs.readlinkSync(at))
  }
  throw new UserError('invalid-input', `cannot write ${file}: its symbolic links go round in a loop`)
}

/**
 * Writes through a temporary file and a rename, so a reader never sees half a file. A symbolic link is
 * written through, to its target; a file replaced keeps its permissions (a mode-600 export stays
 * private); a folder that does not exist is said in one line, and nothing is written.
 */
export function writeAtomically(file: string, text: string): void {
  let target: string
  try {
    target = writtenFile(file)
  } catch (error) {
    if (error instanceof UserError) throw error
    throw new UserError('invalid-input', `cannot write ${file}: ${(error as Error).message}`)
  }
  const folder = path.dirname(target)
  if (!fs.existsSync(folder))
    throw new UserError('invalid-input', `cannot write ${file}: the folder ${folder} does not exist`)
  let mode: number | undefined
  try {
    mode = fs.statSync(target).mode & 0o7777
  } catch {
    // A new file: the usual mode, as the umask makes it.
  }
  const tmp = `${target}.${process.pid}.tmp`
  try {
    fs.writeFileSync(tmp, text, mode === undefined ? {} : { mode })
    if (mode !== undefined) fs.chmodSync(tmp, mode)
    fs.renameSync(tmp, target)
  } catch (error) {
    fs.rmSync(tmp, { force: true })
    const { code, message } = error as NodeJS.ErrnoException
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOSPC'
          ? 'the disk is full'
          : code === 'EISDIR'
            ? 'it is a folder'
            : message
    throw new UserError('invalid-input', `cannot write ${file}: ${why}`)
  }
}
