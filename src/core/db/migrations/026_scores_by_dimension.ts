import type { Migration } from './migration'

export const migration026: Migration = {
  version: 26,
  name: "scores by episode and dimension with their values, for the library's averages",
  // Every listing of the library (the library screen, `episcore list`) reads each analysis's average per
  // dimension: without this index it read every score row, reasoning and all, and sorted them (80 ms
  // for 1,000 one-hour episodes, most of `episcore list` at 10,000); with it, each episode's scores are
  // read in order from the index alone (15 ms).
  sql: `CREATE INDEX scores_by_dimension ON scores (episode_id, dimension_key, value);`,
}
