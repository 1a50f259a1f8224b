import type { Migration } from './migration'

export const migration006: Migration = {
  version: 6,
  name: "the media's declared length, when it is not what decodes",
  // Null where the file decodes to the length it declares; else the episode took the decoded length,
  // and the editor is told both.
  sql: `ALTER TABLE media ADD COLUMN declared_seconds REAL;`,
}
