import { randomBytes } from 'node:crypto'
import { UserError } from '../errors'

const FILE_REF = /^file-[0-9a-f]{32}$/
const OUTPUT_REF = /^out-[0-9a-f]{32}$/

/** A new handle for a file to read: unguessable, so the page cannot name a file it was not given. */
export const newFileRef = (): string => `file-${randomBytes(16).toString('hex')}`

/** A new handle for a file or folder to write (a folder the editor chose for a web page export). */
export const newOutputRef = (): string => `out-${randomBytes(16).toString('hex')}`

/**
 * Files the user chose (dialog, drop or upload), by opaque handle: the renderer passes handles,
 * never paths, so it cannot make the core read a file the user did not pick.
 */
export class FileRefs {
  private readonly paths = new Map<string, string>()
  // Apart from the files to read, so that no handle to a file read (a media file) can be written over.
  private readonly outputs = new Map<string, string>()

  register(path: string): string {
    const ref = newFileRef()
    this.paths.set(ref, path)
    return ref
  }

  /** A file under the handle a shell gave it (kept by the shell across core restarts). */
  registerAs(ref: string, path: string): string {
    if (OUTPUT_REF.test(ref)) this.outputs.set(ref, path)
    else if (FILE_REF.test(ref)) this.paths.set(ref, path)
    else throw new UserError('invalid-request', 'not a file handle')
    return ref
  }

  /** A file the user named to be written (the CLI's `--out`): its handle is good only for writing. */
  registerOutput(path: string): string {
    const ref = newOutputRef()
    this.outputs.set(ref, path)
    return ref
  }

  resolveOutput(ref: string): string {
    const path = this.outputs.get(ref)
    if (!path) throw new UserError('not-found', 'the file to write is no longer known; name it again')
    return path
  }

  resolve(ref: string): string {
    const path = this.paths.get(ref)
    if (!path) throw new UserError('not-found', 'the chosen file is no longer available; choose it again')
    return path
  }
}
