import type { Migration } from './migration'

export const migration018: Migration = {
  version: 18,
  name: 'which analysis a copy was made of',
  // A copy (Duplicate, or a load with keep-both) is a second analysis of the same episode: the library
  // groups it with what it was copied from even where no media links them, and names it "copy of …".
  sql: `ALTER TABLE episodes ADD COLUMN copy_of TEXT;`,
}
