import type { ErrorCode } from '../shared/result'

/** A problem the user can act on: shown as its message, never as a stack trace. */
export class UserError extends Error {
  override name = 'UserError'
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export const notFound = (what: string): UserError => new UserError('not-found', `${what} does not exist`)
