import type { Migration } from './migration'

export const migration028: Migration = {
  version: 28,
  name: "the words index's terms in a table of their own",
  // FTS5's vocabulary counts each term's rows as it lists it, and a prefix gathers every matching
  // term's rows before the first: at 10,000 episodes each took 40-75 ms a search. search_terms keeps
  // the terms and their counts, read here from the vocabulary once (3.5 s at 10,000 one-hour episodes,
  // in the upgrade); search_terms_behind names the episodes whose text changed since, in the order they
  // were marked (its rowid), and the table is brought up to date from them when next read
  // (core/search/searchTerms.ts).
  sql: `
    CREATE TABLE search_terms (term TEXT PRIMARY KEY, doc INTEGER NOT NULL) STRICT, WITHOUT ROWID;
    CREATE TABLE search_terms_behind (episode_id TEXT PRIMARY KEY) STRICT;
    CREATE TRIGGER search_text_search_terms_behind AFTER INSERT ON search_text BEGIN
      INSERT OR IGNORE INTO search_terms_behind (episode_id) VALUES (new.episode_id);
    END;
    INSERT INTO search_terms (term, doc) SELECT term, doc FROM search_vocabulary;
  `,
}
