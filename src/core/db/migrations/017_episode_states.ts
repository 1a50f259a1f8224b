import type { Migration } from './migration'

export const migration017: Migration = {
  version: 17,
  name: "a version for episodes' trash and blind states",
  // The library's averages are kept while nothing they are read from changed (see scoreAverages.ts):
  // scores, chapters, episodes added or removed, and these two, which decide what an average may show.
  sql: `
    INSERT INTO table_versions (name, version) VALUES ('episode_states', 0);
    CREATE TRIGGER episodes_states_counted AFTER UPDATE OF trashed_at, blind ON episodes
    BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'episode_states'; END;
  `,
}
