import type { Migration } from './migration'

export const migration022: Migration = {
  version: 22,
  name: "a show's codebook: versions, dimensions, level descriptors, anchors; each analysis stamped",
  // A version is frozen once any analysis is stamped with it (episodes.codebook_show/_version name it:
  // the file's rubric.codebook, so a stamp may name a show other than the episode's own). At most one
  // draft per show. Anchors point at library items by id, not by foreign key: the codebook outlives a
  // trashed analysis, and the screen says when an anchor's item is gone.
  // scores.rescore marks a score given on another scale, kept as it was until the editor scores it
  // again: moving an analysis to a version with another scale never converts a score.
  sql: `
    CREATE TABLE codebook_versions (
      show TEXT NOT NULL,
      version INTEGER NOT NULL CHECK (version >= 1),
      state TEXT NOT NULL CHECK (state IN ('draft', 'published')),
      scale_min INTEGER NOT NULL,
      scale_max INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      published_at TEXT,
      PRIMARY KEY (show, version),
      CHECK (scale_max > scale_min)
    ) STRICT;
    CREATE UNIQUE INDEX codebook_one_draft ON codebook_versions (show) WHERE state = 'draft';

    CREATE TABLE codebook_dimensions (
      show TEXT NOT NULL,
      version INTEGER NOT NULL,
      key TEXT NOT NULL,
      position INTEGER NOT NULL,
      label TEXT NOT NULL,
      definition TEXT NOT NULL DEFAULT '',
      highlight_label TEXT NOT NULL DEFAULT '',
      PRIMARY KEY (show, version, key),
      FOREIGN KEY (show, version) REFERENCES codebook_versions (show, version) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE codebook_levels (
      show TEXT NOT NULL,
      version INTEGER NOT NULL,
      key TEXT NOT NULL,
      position INTEGER NOT NULL,
      from_score INTEGER NOT NULL,
      to_score INTEGER NOT NULL,
      text TEXT NOT NULL,
      PRIMARY KEY (show, version, key, position),
      FOREIGN KEY (show, version, key) REFERENCES codebook_dimensions (show, version, key) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE codebook_anchors (
      show TEXT NOT NULL,
      version INTEGER NOT NULL,
      key TEXT NOT NULL,
      id TEXT NOT NULL,
      position INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('statement', 'chapterScore', 'range')),
      episode_id TEXT NOT NULL,
      item_id TEXT,
      start REAL,
      end REAL,
      note TEXT NOT NULL DEFAULT '',
      PRIMARY KEY (show, version, key, id),
      FOREIGN KEY (show, version, key) REFERENCES codebook_dimensions (show, version, key) ON DELETE CASCADE,
      CHECK ((kind = 'range') = (item_id IS NULL)),
      CHECK ((kind = 'range') = (start IS NOT NULL AND end IS NOT NULL))
    ) STRICT;

    ALTER TABLE episodes ADD COLUMN codebook_show TEXT;
    ALTER TABLE episodes ADD COLUMN codebook_version INTEGER;
    CREATE INDEX episodes_by_codebook ON episodes (codebook_show, codebook_version);

    ALTER TABLE scores ADD COLUMN rescore INTEGER NOT NULL DEFAULT 0 CHECK (rescore IN (0, 1));
  `,
}
