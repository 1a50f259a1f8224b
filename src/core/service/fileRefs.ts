import { randomBytes } from 'node:crypto'
import { UserError } from '../errors'

/**
 * Files the user chose (dialog, drop or upload), by opaque handle: the renderer passes handles,
 * never paths, so it cannot make the core read a file the user did not pick.
 */
export class FileRefs {
  private readonly paths = new Map<string, string>()

  register(path: string): string {
    const ref = `file-${randomBytes(16).toString('hex')}`
    this.paths.set(ref, path)
    return ref
  }

  resolve(ref: string): string {
    const path = this.paths.get(ref)
    if (!path) throw new UserError('not-found', 'the chosen file is no longer available; choose it again')
    return path
  }
}
