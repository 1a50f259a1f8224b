import type { Migration } from './migration'

export const migration023: Migration = {
  version: 23,
  name: "the desk: the board's agreements and the drift's scores, kept between runs",
  // What the lead's board and the drift measured from the catalogue's documents, so that a new process
  // (the CLI, the app started again) answers from here instead of reading and checking a season's
  // documents again: a catalogue's revision never changes, so what was measured of it holds.
  // `catalogue`: the desk link's URL (no secret), as an id of the catalogue the revisions are of.
  // desk_board_agreements: one row an episode, the set of submitted revisions it was measured on
  // (`revisions`: analysis@revision, sorted, one a line) and alpha per dimension as JSON (NULL: none).
  // desk_scored_revisions: what the drift needs of one revision (spans and scores) as JSON (NULL: its
  // document failed the check). `measure`: the version of the code that measured, so a change to it
  // measures again rather than trusting an old figure.
  sql: `
    CREATE TABLE desk_board_agreements (
      catalogue TEXT NOT NULL,
      episode TEXT NOT NULL,
      revisions TEXT NOT NULL,
      measure INTEGER NOT NULL,
      agreement TEXT,
      PRIMARY KEY (catalogue, episode)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE desk_scored_revisions (
      catalogue TEXT NOT NULL,
      revision_key TEXT NOT NULL,
      measure INTEGER NOT NULL,
      scored TEXT,
      PRIMARY KEY (catalogue, revision_key)
    ) STRICT, WITHOUT ROWID;
  `,
}
