import type { Migration } from './migration'

/** The analysis tables the episode view is built from; the transcript has its own revision. */
const COUNTED = [
  'participants',
  'rubric_dimensions',
  'chapters',
  'scores',
  'highlights',
  'statements',
] as const

const counter = (table: string, event: 'INSERT' | 'UPDATE' | 'DELETE'): string => `
    CREATE TRIGGER ${table}_${event.toLowerCase()}_counted AFTER ${event} ON ${table}
    BEGIN UPDATE table_versions SET version = version + 1 WHERE name = '${table}'; END;`

export const migration004: Migration = {
  version: 4,
  name: 'a version per analysis table',
  // The editor's view of a four-hour episode takes longer to build than an edit takes to make; each part
  // is kept while the tables it is built from are unchanged. Triggers count every change, whoever makes
  // it (the app, an undo, the CLI in another process), so a kept part can never be out of date.
  // Episodes count only rows added and removed: replacing an episode is a new one.
  sql: `
    CREATE TABLE table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT;
    INSERT INTO table_versions (name, version) VALUES ${[...COUNTED, 'episodes'].map((t) => `('${t}', 0)`).join(', ')};
    ${COUNTED.flatMap((t) => (['INSERT', 'UPDATE', 'DELETE'] as const).map((e) => counter(t, e))).join('')}
    ${counter('episodes', 'INSERT')}
    ${counter('episodes', 'DELETE')}
  `,
}
