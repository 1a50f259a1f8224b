import fs from 'node:fs'
import path from 'node:path'
import { UserError } from '../errors'
import { kindOfFile } from '../files/regularFile'

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

/** A write's failure in words: the causes an editor can act on, else the system's message. */
function failure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException
  return code === 'EACCES' || code === 'EPERM'
    ? 'permission denied'
    : code === 'ENOSPC'
      ? 'the disk is full'
      : code === 'EISDIR'
        ? 'it is a folder'
        : message
}

/** What a path names when it exists, following links; null when it does not (or cannot be seen). */
function existing(file: string): fs.Stats | null {
  try {
    return fs.statSync(file)
  } catch {
    // Missing, a dangling link or a loop: the rename's path below says which.
    return null
  }
}

/**
 * Writes into a FIFO or a character device (a terminal, /dev/null, /dev/stdout) as `>` in a shell
 * would: a rename would put a regular file in its place, and as root `--out /dev/null` would replace
 * the system's /dev/null. A FIFO no program reads is refused rather than waited on: the wait would
 * hold every other call of this process (the app's core, the browser host) until one came.
 */
function writeInPlace(file: string, text: string, stat: fs.Stats): void {
  if (!stat.isFIFO() && !stat.isCharacterDevice())
    throw new UserError(
      'invalid-input',
      `cannot write ${file}: it is ${kindOfFile(stat)}, not a regular file; nothing was written`,
    )
  let fd: number
  try {
    if (stat.isFIFO()) {
      // Opened without waiting first, which fails at once (ENXIO) when nothing reads it; then again,
      // waiting, which returns at once since a reader is there, so the writes below wait for the reader.
      const probe = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)
      try {
        fd = fs.openSync(file, fs.constants.O_WRONLY)
      } finally {
        fs.closeSync(probe)
      }
    } else fd = fs.openSync(file, fs.constants.O_WRONLY)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO')
      throw new UserError(
        'invalid-input',
        `cannot write ${file}: no program is reading it (a FIFO); start its reader first, nothing was written`,
      )
    throw new UserError('invalid-input', `cannot write ${file}: ${failure(error)}`)
  }
  try {
    fs.writeFileSync(fd, text)
  } catch (error) {
    throw new UserError('invalid-input', `cannot write ${file}: ${failure(error)}`)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Writes through a temporary file and a rename, so a reader never sees half a file. A symbolic link is
 * written through, to its target; a file replaced keeps its permissions (a mode-600 export stays
 * private); a folder that does not exist is said in one line, and nothing is written. Only a regular
 * file is ever replaced: a FIFO or a character device is written in place, anything else refused.
 */
export function writeAtomically(file: string, text: string): void {
  // Followed by the system, not link by link: /dev/stdout's links end in /proc's "pipe:[…]", no path.
  const stat = existing(file)
  if (stat && !stat.isFile() && !stat.isDirectory()) {
    writeInPlace(file, text, stat)
    return
  }
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
    throw new UserError('invalid-input', `cannot write ${file}: ${failure(error)}`)
  }
}
