import type { Migration } from './migration'

export const migration013: Migration = {
  version: 13,
  name: 'scoring blind, per analysis',
  // episode JSON's optional `review.blind`: NULL where the file left it out (and the reviewer never
  // chose), so a loaded file exports as it came; 1 while the machine's scores are hidden until rated.
  sql: `ALTER TABLE episodes ADD COLUMN blind INTEGER CHECK (blind IN (0, 1));`,
}
