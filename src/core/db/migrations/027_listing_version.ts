import type { Migration } from './migration'

/** What else the library's listing is read from, besides the tables migration 004 and 017 count. */
const LISTED = ['media', 'desk_analyses', 'settings'] as const

const counter = (table: string, event: 'INSERT' | 'UPDATE' | 'DELETE'): string => `
    CREATE TRIGGER ${table}_${event.toLowerCase()}_listing AFTER ${event} ON ${table}
    BEGIN UPDATE table_versions SET version = version + 1 WHERE name = 'listing'; END;`

export const migration027: Migration = {
  version: 27,
  name: "a version for the rest of what the library's listing is read from",
  // The listing (the library screen's rows, `episodes.list`) is kept while nothing it is read from
  // changed (listEpisodes): the analysis tables' and the episodes' counters say most of it; this one
  // counts the rest, whoever writes it: any change to an episode's row (its title, its reviewer, its
  // review state), its media (which decides its episode), the desk's analyses (whose each one is) and the
  // settings (the analysis a show counts through). At 10,000 episodes the listing took 150-200 ms to read.
  sql: `
    INSERT INTO table_versions (name, version) VALUES ('listing', 0);
    ${counter('episodes', 'UPDATE')}
    ${LISTED.flatMap((t) => (['INSERT', 'UPDATE', 'DELETE'] as const).map((e) => counter(t, e))).join('')}
  `,
}
