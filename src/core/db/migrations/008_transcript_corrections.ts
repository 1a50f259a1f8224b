import type { Migration } from './migration'

export const migration008: Migration = {
  version: 8,
  name: 'hand-edited transcript segments, and typed quotes a corrected transcript no longer says',
  // edited: the editor changed the segment's text by hand, so an import that replaces it asks first.
  // quote_outdated: an imported transcript changed the words under a typed quote so that it no longer
  // matches; publishing waits until the editor edits the quote or its span, whatever the size of the change.
  sql: `
    ALTER TABLE transcript_segments ADD COLUMN edited INTEGER NOT NULL DEFAULT 0 CHECK (edited IN (0, 1));
    ALTER TABLE statements ADD COLUMN quote_outdated INTEGER NOT NULL DEFAULT 0 CHECK (quote_outdated IN (0, 1));
  `,
}
