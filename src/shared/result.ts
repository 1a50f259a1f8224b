/** Every reply that crosses a process or network boundary has this shape. */
export type ErrorCode =
  | 'invalid-request'
  | 'unknown-method'
  | 'not-found'
  | 'invalid-input'
  | 'conflict'
  /** Another process (the app, the CLI) is writing to the database; trying again later works. */
  | 'busy'
  | 'nothing-to-undo'
  /** Another person's analysis, pulled from the desk: it is not changed in place; a copy of one's own is. */
  | 'pulled-analysis'
  /** The desk's catalogue could not be reached or was lost; the library works on offline. */
  | 'desk-unreachable'
  /** The episode named was moved to the trash: restoring it brings it back. */
  | 'trashed'
  /** The database failed its check at start: nothing but the backups answers until one is restored. */
  | 'corrupt-database'
  | 'internal'

export interface ReplyError {
  code: ErrorCode
  message: string
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ReplyError }

export const ok = <T>(value: T): Reply<T> => ({ ok: true, value })
export const fail = (code: ErrorCode, message: string): Reply<never> => ({
  ok: false,
  error: { code, message },
})
