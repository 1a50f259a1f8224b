import type { Migration } from './migration'

/*
 * The characters of the scripts written without spaces between words (Chinese, Japanese, Thai, Lao,
 * Khmer, Myanmar), as code point ranges: a superset of what search's UNSPACED pattern matches in this
 * Node (src/core/search/searchQuery.ts; tests/unit/search.test.ts checks every code point it matches is here), so that a
 * later Unicode's new characters of those blocks are indexed too.
 */
const UNSPACED_RANGES: readonly (readonly [number, number])[] = [
  [0x0e00, 0x0eff],
  [0x1000, 0x109f],
  [0x1780, 0x17ff],
  [0x19e0, 0x19ff],
  [0x2e80, 0x2fdf],
  [0x3005, 0x3007],
  [0x3021, 0x3029],
  [0x3038, 0x303b],
  [0x3040, 0x30ff],
  [0x31f0, 0x31ff],
  [0x32d0, 0x32fe],
  [0x3300, 0x3357],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa9e0, 0xa9ff],
  [0xaa60, 0xaa7f],
  [0xf900, 0xfaff],
  [0xff66, 0xff9d],
  [0x116d0, 0x116e3],
  [0x16fe0, 0x16fff],
  [0x1aff0, 0x1b2ff],
  [0x1f200, 0x1f200],
  [0x20000, 0x3ffff],
]

/** A GLOB that matches text holding at least one of those characters. */
export const UNSPACED_GLOB = `*[${UNSPACED_RANGES.map(([from, to]) =>
  from === to ? String.fromCodePoint(from) : `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`,
).join('')}]*`

/**
 * Whether an item (`row`'s title and body) holds such text. The GLOB's long character class is tried at
 * every character (12 ms an hour-long episode's segments): it is only tried on text with a character
 * past ASCII, which counting the characters and the bytes tells at the speed of memory.
 */
export const unspacedItem = (row: string): string =>
  ['title', 'body']
    .map(
      (c) =>
        `(length(CAST(${row}.${c} AS BLOB)) <> length(${row}.${c}) AND ${row}.${c} GLOB '${UNSPACED_GLOB}')`,
    )
    .join(' OR ')

export const migration025: Migration = {
  version: 25,
  name: 'the trigram index holds only text in scripts without spaces; word times packed as milliseconds',
  // The trigram index answers only queries holding text of a script written without spaces (search's
  // planner sends every other query to the words index), and such a query's hits hold such text, bar
  // the spaced part of an OR or a NOT, which the planner looks for in the words index among the items
  // without it. Indexing every item's trigrams was a third of the library file; now the index holds
  // only the items with such text. The insert and delete triggers share one condition on the item's
  // text, which never changes in place (a change is a delete and an insert), so a 'delete' is only ever
  // given for a row the index holds, as an external-content FTS5 table needs.
  //
  // The word times of segments written before are packed again, as milliseconds (packedWords.ts), by
  // the library's conversions (db/conversions.ts): in batches after this transaction, each committed
  // with where it got to, so a library killed part way goes on from there when opened again.
  sql: `
    DROP TRIGGER search_text_search_trigrams_insert;
    DROP TRIGGER search_text_search_trigrams_delete;
    CREATE TRIGGER search_text_search_trigrams_insert AFTER INSERT ON search_text
    WHEN (${unspacedItem('new')}) BEGIN
      INSERT INTO search_trigrams (rowid, title, body) VALUES (new.id, new.title, new.body);
    END;
    CREATE TRIGGER search_text_search_trigrams_delete AFTER DELETE ON search_text
    WHEN (${unspacedItem('old')}) BEGIN
      INSERT INTO search_trigrams (search_trigrams, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    END;
    INSERT INTO search_trigrams (search_trigrams) VALUES ('delete-all');
    INSERT INTO search_trigrams (rowid, title, body)
      SELECT id, title, body FROM search_text WHERE (${unspacedItem('search_text')});
    CREATE TABLE library_conversions (
      name TEXT PRIMARY KEY,
      next_rowid INTEGER NOT NULL
    ) STRICT;
    INSERT INTO library_conversions (name, next_rowid)
      SELECT 'word-times-in-milliseconds', 0 WHERE EXISTS (SELECT 1 FROM transcript_segments WHERE words IS NOT NULL);
  `,
}
