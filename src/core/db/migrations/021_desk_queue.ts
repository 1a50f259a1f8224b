import type { Migration } from './migration'

export const migration021: Migration = {
  version: 21,
  name: "the desk: this person's own assignments, kept for working offline",
  // A copy of the catalogue's rows for this library's person, written by each sync and each online
  // `desk queue`: "My queue" answers from it offline, and the blind rule of an assigned analysis holds
  // here without asking the catalogue. `analysis_id` is the catalogue's id of the reviewer's analysis.
  sql: `
    CREATE TABLE desk_queue (
      analysis_id TEXT PRIMARY KEY,
      episode TEXT NOT NULL,
      reviewer TEXT NOT NULL,
      source_analysis TEXT,
      media_sha256 TEXT,
      state TEXT NOT NULL,
      due TEXT,
      blind INTEGER NOT NULL CHECK (blind IN (0, 1)),
      calibration INTEGER NOT NULL CHECK (calibration IN (0, 1)),
      note TEXT,
      title TEXT,
      show TEXT,
      fetched_at TEXT NOT NULL
    ) STRICT;
  `,
}
