import type { Migration } from './migration'

export const migration015: Migration = {
  version: 15,
  name: 'a trash for deleted episodes',
  // When the episode was moved to the trash (ISO time); NULL while it is in the library. A trashed
  // episode keeps every row (media link, history) until the trash is emptied 30 days later.
  sql: `ALTER TABLE episodes ADD COLUMN trashed_at TEXT;`,
}
