import type { Migration } from './migration'

/** The tables whose rows make an analysis's episode JSON, with the column naming the analysis. */
const DOCUMENT_TABLES = [
  ['episodes', 'id'],
  ['media', 'episode_id'],
  ['participants', 'episode_id'],
  ['transcript_segments', 'episode_id'],
  ['rubric_dimensions', 'episode_id'],
  ['chapters', 'episode_id'],
  ['scores', 'episode_id'],
  ['highlights', 'episode_id'],
  ['statements', 'episode_id'],
] as const

/**
 * A change to an analysis marks it in the outbox in the change's own transaction, whoever makes it (an
 * edit, an undo, `load --replace`, the CLI in another process): a SIGKILL right after the commit loses
 * nothing, since the mark is in the same commit. Only while the library is connected to a desk, and never
 * for an analysis pulled from someone else (it is theirs to push). `mark` counts changes: a push clears
 * the entry only when no change came in while it was under way. Word rows change only with their segment.
 */
const marker = (table: string, column: string, event: 'INSERT' | 'UPDATE' | 'DELETE'): string => {
  const row = event === 'DELETE' ? 'old' : 'new'
  return `
    CREATE TRIGGER ${table}_${event.toLowerCase()}_desk_outbox AFTER ${event} ON ${table}
    WHEN EXISTS (SELECT 1 FROM desk_link)
      AND NOT EXISTS (SELECT 1 FROM desk_analyses WHERE episode_id = ${row}.${column} AND mine = 0)
    BEGIN
      INSERT INTO desk_outbox (episode_id, seq, mark)
      VALUES (${row}.${column}, (SELECT coalesce(max(seq), 0) + 1 FROM desk_outbox), 1)
      ON CONFLICT (episode_id) DO UPDATE SET mark = mark + 1;
    END;`
}

export const migration020: Migration = {
  version: 20,
  name: 'the desk: the catalogue this library syncs with, its analyses there, and the outbox',
  // desk_link: the one catalogue the library is connected to, as a URL without any secret (passwords
  // live in PGPASSWORD, ~/.pgpass, a service file or the OS keychain, never here).
  // desk_analyses: each analysis this library holds that the catalogue knows, under the catalogue's id
  // (a conflict's copy or a pulled analysis whose id was taken here differ from the library's), whose it
  // is, and the revision and content hash this copy is at. `pending_*` is written before a push is sent:
  // a push cut off before its answer is recognised on the next sync by that hash on that base, so a retry
  // never makes a second revision. `conflict_of`: the analysis a change was kept apart from, until the
  // sync that landed the copy has said so (a retry says it too). No foreign key: `load --replace` deletes and re-inserts the episode.
  sql: `
    CREATE TABLE desk_link (
      only INTEGER PRIMARY KEY CHECK (only = 1),
      url TEXT NOT NULL,
      user TEXT NOT NULL,
      insecure INTEGER NOT NULL DEFAULT 0,
      connected_at TEXT NOT NULL,
      last_sync_at TEXT,
      last_error TEXT
    ) STRICT;
    CREATE TABLE desk_analyses (
      episode_id TEXT PRIMARY KEY,
      analysis_id TEXT NOT NULL UNIQUE,
      owner TEXT NOT NULL,
      mine INTEGER NOT NULL CHECK (mine IN (0, 1)),
      revision INTEGER NOT NULL,
      content_hash TEXT,
      pending_revision INTEGER,
      pending_hash TEXT,
      conflict_of TEXT
    ) STRICT;
    CREATE TABLE desk_outbox (
      episode_id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      mark INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX desk_outbox_in_order ON desk_outbox (seq);
    ${DOCUMENT_TABLES.flatMap(([table, column]) =>
      (['INSERT', 'UPDATE', 'DELETE'] as const).map((event) => marker(table, column, event)),
    ).join('')}
  `,
}
