import type { Migration } from './migration'

export const migration003: Migration = {
  version: 3,
  name: 'episode JSON parts without a home yet',
  // Episode JSON v1 allows `extensions` at the top level, on the rubric and on the transcript, and a
  // transcript left out (`null`); a loaded file keeps them so that exporting it again gives the file back.
  // transcript_left_out only matters while the episode has no segments: an imported transcript is exported.
  sql: `
    ALTER TABLE episodes ADD COLUMN document_extensions TEXT;
    ALTER TABLE episodes ADD COLUMN rubric_extensions TEXT;
    ALTER TABLE episodes ADD COLUMN transcript_extensions TEXT;
    ALTER TABLE episodes ADD COLUMN transcript_left_out INTEGER NOT NULL DEFAULT 0 CHECK (transcript_left_out IN (0, 1));
  `,
}
