import type { Migration } from './migration'

export const migration012: Migration = {
  version: 12,
  name: 'the evidence of scores, whys and highlights',
  // Each list kept as the JSON it is in episode JSON (NULL: the field is absent, '[]': present and
  // empty), on the row it belongs to: an edit of it is an edit of that row, undone with it.
  sql: `
    ALTER TABLE scores ADD COLUMN evidence TEXT;
    ALTER TABLE chapters ADD COLUMN evidence TEXT;
    ALTER TABLE highlights ADD COLUMN evidence TEXT;
  `,
}
