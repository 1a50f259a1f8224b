import type { Migration } from './migration'

/** Each kind of text searched: where it lives, and the item a hit names. */
const SOURCES = [
  {
    table: 'transcript_segments',
    kind: 'transcript',
    item: 'id',
    dimension: `''`,
    title: `''`,
    body: 'text',
  },
  { table: 'statements', kind: 'statement', item: 'id', dimension: `''`, title: 'title', body: 'quote' },
  { table: 'chapters', kind: 'chapter', item: 'id', dimension: `''`, title: 'title', body: 'why' },
  {
    table: 'scores',
    kind: 'reasoning',
    item: 'chapter_id',
    dimension: 'dimension_key',
    title: `''`,
    body: 'reasoning',
  },
  {
    table: 'highlights',
    kind: 'highlight',
    item: 'id',
    dimension: `''`,
    title: 'title',
    body: 'description',
  },
] as const

type Source = (typeof SOURCES)[number]

const column = (row: 'new' | 'old', expression: string): string =>
  expression.startsWith("'") ? expression : `${row}.${expression}`

const values = (s: Source, row: 'new' | 'old'): string =>
  `${row}.episode_id, '${s.kind}', ${[s.item, s.dimension, s.title, s.body].map((e) => column(row, e)).join(', ')}`

const sameItem = (s: Source): string =>
  `episode_id = old.episode_id AND kind = '${s.kind}' AND item_id = ${column('old', s.item)} AND dimension_key = ${column('old', s.dimension)}`

/** The columns whose change is a change of the indexed row (its key or its text). */
const watched = (s: Source): string[] =>
  ['episode_id', s.item, s.dimension, s.title, s.body].filter((e) => !e.startsWith("'"))

const sourceTriggers = (s: Source): string => `
    CREATE TRIGGER ${s.table}_search_insert AFTER INSERT ON ${s.table} BEGIN
      INSERT INTO search_text (episode_id, kind, item_id, dimension_key, title, body) VALUES (${values(s, 'new')});
    END;
    CREATE TRIGGER ${s.table}_search_delete AFTER DELETE ON ${s.table} BEGIN
      DELETE FROM search_text WHERE ${sameItem(s)};
    END;
    CREATE TRIGGER ${s.table}_search_update AFTER UPDATE OF ${watched(s).join(', ')} ON ${s.table}
    WHEN ${watched(s)
      .map((c) => `old.${c} IS NOT new.${c}`)
      .join(' OR ')} BEGIN
      DELETE FROM search_text WHERE ${sameItem(s)};
      INSERT INTO search_text (episode_id, kind, item_id, dimension_key, title, body) VALUES (${values(s, 'new')});
    END;`

/** An external-content FTS5 table follows search_text through the documented trigger pattern. */
const indexTriggers = (fts: string): string => `
    CREATE TRIGGER search_text_${fts}_insert AFTER INSERT ON search_text BEGIN
      INSERT INTO ${fts} (rowid, title, body) VALUES (new.id, new.title, new.body);
    END;
    CREATE TRIGGER search_text_${fts}_delete AFTER DELETE ON search_text BEGIN
      INSERT INTO ${fts} (${fts}, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    END;`

export const migration014: Migration = {
  version: 14,
  name: 'a search index over every episode’s text',
  // search_text holds each searchable item's text once, keyed by what a hit names; two FTS5 indexes read
  // it: words (stemmed, diacritics folded) and trigrams, which find text in scripts written without
  // spaces (Chinese, Japanese) by substring. A hit's time is read from its item when searched, so moving
  // a span never touches the index. Triggers keep it current in the transaction of every change, whoever
  // makes it: an edit, an undo, a transcript import, the CLI in another process.
  sql: `
    CREATE TABLE search_text (
      id INTEGER PRIMARY KEY,
      episode_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('transcript', 'statement', 'chapter', 'reasoning', 'highlight')),
      item_id TEXT NOT NULL,
      dimension_key TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      UNIQUE (episode_id, kind, item_id, dimension_key)
    ) STRICT;
    CREATE VIRTUAL TABLE search_words USING fts5 (
      title, body, content = 'search_text', content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE VIRTUAL TABLE search_trigrams USING fts5 (
      title, body, content = 'search_text', content_rowid = 'id',
      tokenize = 'trigram remove_diacritics 1'
    );
    ${SOURCES.map(
      (s) => `INSERT INTO search_text (episode_id, kind, item_id, dimension_key, title, body)
      SELECT ${values(s, 'new').replace(/new\./g, '')} FROM ${s.table} AS new;`,
    ).join('\n    ')}
    INSERT INTO search_words (search_words) VALUES ('rebuild');
    INSERT INTO search_trigrams (search_trigrams) VALUES ('rebuild');
    ${indexTriggers('search_words')}
    ${indexTriggers('search_trigrams')}
    ${SOURCES.map(sourceTriggers).join('')}
  `,
}
