export interface Migration {
  /** Versions start at 1 and rise by one; `PRAGMA user_version` holds the last applied. */
  version: number
  name: string
  sql: string
}
