import fs from 'node:fs'
import { UserError } from '../errors'

/** What a file read whole for an import may be, and how its refusals read. */
export interface FileToRead {
  /** Said before the path when nothing is there: `file not found`, `transcript file not found`. */
  missing: string
  /** The largest size read. */
  maxBytes: number
  /** The refusal of a larger file, given its size. */
  tooBig: (size: number) => string
}

/** What a path that is not a regular file is, in words: a folder, a FIFO, a device… */
export function kindOfFile(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a folder'
  if (stat.isFIFO()) return 'a FIFO (named pipe)'
  if (stat.isCharacterDevice()) return 'a character device'
  if (stat.isBlockDevice()) return 'a block device'
  if (stat.isSocket()) return 'a socket'
  return 'a special file'
}

function checked(file: string, stat: fs.Stats, rules: FileToRead): number {
  if (stat.isDirectory()) throw new UserError('invalid-input', `${file} is a folder, not a file`)
  if (!stat.isFile())
    throw new UserError('invalid-input', `${file} is ${kindOfFile(stat)}, not a regular file`)
  if (stat.size > rules.maxBytes) throw new UserError('invalid-input', rules.tooBig(stat.size))
  return stat.size
}

function statFailure(file: string, error: unknown, rules: FileToRead): UserError {
  const { code, message } = error as NodeJS.ErrnoException
  if (code === 'EACCES' || code === 'EPERM')
    return new UserError('invalid-input', `cannot read ${file}: permission denied`)
  if (code === 'ENOENT' || code === 'ENOTDIR') return new UserError('not-found', `${rules.missing}: ${file}`)
  return new UserError('invalid-input', `cannot read ${file}: ${message}`)
}

/**
 * The size of `file`, checked before it is opened: only a regular file within `maxBytes` is read. A FIFO
 * would hold the reader until some program wrote to it, and `/dev/zero` or `/dev/urandom` never end, so
 * each is refused by what it is, as is a folder.
 */
export function regularFileSizeSync(file: string, rules: FileToRead): number {
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch (error) {
    throw statFailure(file, error, rules)
  }
  return checked(file, stat, rules)
}

/** {@link regularFileSizeSync} without holding up the event loop on a slow disk. */
export async function regularFileSize(file: string, rules: FileToRead): Promise<number> {
  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(file)
  } catch (error) {
    throw statFailure(file, error, rules)
  }
  return checked(file, stat, rules)
}
