import path from 'node:path'
import { UserError } from '../errors'

/** Why the system would not start a program, in the editor's words, by the error code spawn gave. */
const WHY: Record<string, string> = {
  ENOENT: 'it is not there (removed, or quarantined by an antivirus)',
  EACCES: 'it may not be run (its permissions, or an antivirus, forbid it)',
  EPERM: 'it may not be run (its permissions, or an antivirus, forbid it)',
  EMFILE: 'too many files are open in Episcore; close some episodes and try again',
  ENFILE: 'too many files are open on this computer; close some programs and try again',
  EAGAIN: 'the system cannot start another process now; try again',
  ENOMEM: 'the system has no memory left to start it',
}

/**
 * A program (ffmpeg, ffprobe) the system would not start: the error a child process emits instead of
 * running, as a sentence naming the program and where it was looked for. Unhandled, that error ends
 * the core process.
 */
export function cannotRun(program: string, error: Error): UserError {
  const code = (error as NodeJS.ErrnoException).code ?? ''
  const name = path.basename(program).replace(/\.exe$/i, '')
  const why = WHY[code] ?? error.message
  return new UserError('internal', `cannot run ${name} (${program}): ${why}`)
}
