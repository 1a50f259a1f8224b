import fs from 'node:fs'
import { UserError } from '../errors'

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
export function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`
  try {
    fs.writeFileSync(tmp, text)
    fs.renameSync(tmp, file)
  } catch (error) {
    fs.rmSync(tmp, { force: true })
    throw new UserError('invalid-input', `cannot write ${file}: ${(error as Error).message}`)
  }
}
