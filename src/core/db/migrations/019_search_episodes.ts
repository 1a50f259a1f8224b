import type { Migration } from './migration'

/*
 * Migration 014's sources and triggers, written out again as they stand at this version: a migration is
 * never edited, so each keeps its own copy of the SQL it runs.
 */
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

/** New here: an episode's own title and summary, its row keyed by the episode's id. */
const EPISODES = {
  table: 'episodes',
  kind: 'episode',
  item: 'id',
  dimension: `''`,
  title: 'title',
  body: 'summary',
} as const

type Source = (typeof SOURCES)[number] | typeof EPISODES

const column = (row: 'new' | 'old', expression: string): string =>
  expression.startsWith("'") ? expression : `${row}.${expression}`

/** The episode a source row belongs to: an episode row is its own. */
const episodeOf = (s: Source, row: 'new' | 'old'): string =>
  `${row}.${s.table === 'episodes' ? 'id' : 'episode_id'}`

const values = (s: Source, row: 'new' | 'old'): string =>
  `${episodeOf(s, row)}, '${s.kind}', ${[s.item, s.dimension, s.title, s.body].map((e) => column(row, e)).join(', ')}`

const sameItem = (s: Source): string =>
  `episode_id = ${episodeOf(s, 'old')} AND kind = '${s.kind}' AND item_id = ${column('old', s.item)} AND dimension_key = ${column('old', s.dimension)}`

const watched = (s: Source): string[] =>
  [...new Set([s.table === 'episodes' ? 'id' : 'episode_id', s.item, s.dimension, s.title, s.body])].filter(
    (e) => !e.startsWith("'"),
  )

const dropSourceTriggers = (s: Source): string => `
    DROP TRIGGER IF EXISTS ${s.table}_search_insert;
    DROP TRIGGER IF EXISTS ${s.table}_search_delete;
    DROP TRIGGER IF EXISTS ${s.table}_search_update;`

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

const indexTriggers = (fts: string): string => `
    CREATE TRIGGER search_text_${fts}_insert AFTER INSERT ON search_text BEGIN
      INSERT INTO ${fts} (rowid, title, body) VALUES (new.id, new.title, new.body);
    END;
    CREATE TRIGGER search_text_${fts}_delete AFTER DELETE ON search_text BEGIN
      INSERT INTO ${fts} (${fts}, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    END;`

export const migration019: Migration = {
  version: 19,
  name: 'episode titles and summaries searched; the words index’s vocabulary',
  // search_text's kinds are checked by the table, so it is made again with 'episode' among them: its
  // rows keep their ids, so both FTS5 indexes stay as they are; the triggers that name it are dropped
  // first and made again after (a rename checks every trigger's tables). Then each episode's title and
  // summary is added through the index triggers, and an episode's own triggers keep it current.
  // search_vocabulary lists the words index's terms (FTS5's fts5vocab): what a misspelt word is
  // compared with, from the index itself, whatever becomes of the trigram index.
  sql: `
    ${SOURCES.map(dropSourceTriggers).join('')}
    DROP TRIGGER IF EXISTS search_text_search_words_insert;
    DROP TRIGGER IF EXISTS search_text_search_words_delete;
    DROP TRIGGER IF EXISTS search_text_search_trigrams_insert;
    DROP TRIGGER IF EXISTS search_text_search_trigrams_delete;
    CREATE TABLE search_text_next (
      id INTEGER PRIMARY KEY,
      episode_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('transcript', 'statement', 'chapter', 'reasoning', 'highlight', 'episode')),
      item_id TEXT NOT NULL,
      dimension_key TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      UNIQUE (episode_id, kind, item_id, dimension_key)
    ) STRICT;
    INSERT INTO search_text_next (id, episode_id, kind, item_id, dimension_key, title, body)
      SELECT id, episode_id, kind, item_id, dimension_key, title, body FROM search_text;
    DROP TABLE search_text;
    ALTER TABLE search_text_next RENAME TO search_text;
    ${indexTriggers('search_words')}
    ${indexTriggers('search_trigrams')}
    ${[...SOURCES, EPISODES].map(sourceTriggers).join('')}
    INSERT INTO search_text (episode_id, kind, item_id, dimension_key, title, body)
      SELECT ${values(EPISODES, 'new').replace(/new\./g, '')} FROM episodes AS new;
    CREATE VIRTUAL TABLE search_vocabulary USING fts5vocab (search_words, row);
  `,
}
