import type { Migration } from './migration'

export const migration009: Migration = {
  version: 9,
  name: "the media file's modification time, and the hash of content found changed on disk",
  // Each shell serves the media only while the file's size and modification time are those recorded
  // here; when they differ the core hashes the file again. Same content: the new time is recorded and
  // playback resumes. Other content: its hash goes into changed_sha256 and the episode shows the media
  // as changed until the editor relinks. NULL mtime_ms (media linked before this version, or an
  // episode loaded from a file) is checked by hash at the first play.
  sql: `
    ALTER TABLE media ADD COLUMN mtime_ms REAL;
    ALTER TABLE media ADD COLUMN changed_sha256 TEXT;
  `,
}
