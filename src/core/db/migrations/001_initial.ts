import type { Migration } from './migration'

export const migration001: Migration = {
  version: 1,
  name: 'initial schema',
  sql: `
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

    CREATE TABLE episodes (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      show TEXT NOT NULL DEFAULT '',
      published_on TEXT,
      duration_seconds REAL NOT NULL CHECK (duration_seconds > 0),
      source_url TEXT,
      summary TEXT NOT NULL DEFAULT '',
      scale_min INTEGER NOT NULL DEFAULT 0,
      scale_max INTEGER NOT NULL DEFAULT 10,
      review_status TEXT NOT NULL DEFAULT 'draft' CHECK (review_status IN ('draft', 'inReview', 'final')),
      reviewer TEXT,
      extensions TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE media (
      episode_id TEXT PRIMARY KEY REFERENCES episodes(id) ON DELETE CASCADE,
      path TEXT NOT NULL,
      file_name TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      size_bytes INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('audio', 'video')),
      duration_seconds REAL NOT NULL,
      audio_codec TEXT,
      video_codec TEXT
    ) STRICT;

    CREATE TABLE participants (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      name TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('host', 'guest', 'other')),
      affiliation TEXT,
      position INTEGER NOT NULL,
      extensions TEXT,
      PRIMARY KEY (episode_id, id)
    ) STRICT;

    CREATE TABLE transcript_segments (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      start REAL NOT NULL,
      end REAL NOT NULL,
      speaker_id TEXT,
      text TEXT NOT NULL,
      approximate INTEGER NOT NULL DEFAULT 0,
      extensions TEXT,
      PRIMARY KEY (episode_id, id)
    ) STRICT;
    CREATE INDEX transcript_segments_by_start ON transcript_segments (episode_id, start);

    CREATE TABLE transcript_words (
      episode_id TEXT NOT NULL,
      segment_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      start REAL NOT NULL,
      end REAL NOT NULL,
      text TEXT NOT NULL,
      PRIMARY KEY (episode_id, segment_id, position),
      FOREIGN KEY (episode_id, segment_id) REFERENCES transcript_segments (episode_id, id) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE rubric_dimensions (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      label TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      highlight_label TEXT NOT NULL DEFAULT '',
      position INTEGER NOT NULL,
      extensions TEXT,
      PRIMARY KEY (episode_id, key)
    ) STRICT;

    CREATE TABLE chapters (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      start REAL NOT NULL,
      end REAL NOT NULL,
      why TEXT NOT NULL DEFAULT '',
      origin TEXT NOT NULL DEFAULT 'human' CHECK (origin IN ('machine', 'human')),
      status TEXT NOT NULL DEFAULT 'accepted' CHECK (status IN ('unreviewed', 'accepted', 'edited')),
      extensions TEXT,
      PRIMARY KEY (episode_id, id)
    ) STRICT;

    CREATE TABLE scores (
      episode_id TEXT NOT NULL,
      chapter_id TEXT NOT NULL,
      dimension_key TEXT NOT NULL,
      value INTEGER,
      reasoning TEXT NOT NULL DEFAULT '',
      machine_value INTEGER,
      machine_reasoning TEXT,
      extensions TEXT,
      PRIMARY KEY (episode_id, chapter_id, dimension_key),
      FOREIGN KEY (episode_id, chapter_id) REFERENCES chapters (episode_id, id) ON DELETE CASCADE,
      FOREIGN KEY (episode_id, dimension_key) REFERENCES rubric_dimensions (episode_id, key) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE highlights (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      dimension_key TEXT NOT NULL,
      time REAL NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      description TEXT NOT NULL DEFAULT '',
      origin TEXT NOT NULL DEFAULT 'human' CHECK (origin IN ('machine', 'human')),
      status TEXT NOT NULL DEFAULT 'accepted' CHECK (status IN ('unreviewed', 'accepted', 'edited')),
      extensions TEXT,
      PRIMARY KEY (episode_id, id),
      UNIQUE (episode_id, dimension_key),
      FOREIGN KEY (episode_id, dimension_key) REFERENCES rubric_dimensions (episode_id, key) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE statements (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      id TEXT NOT NULL,
      title TEXT NOT NULL DEFAULT '',
      quote TEXT NOT NULL DEFAULT '',
      start REAL NOT NULL,
      end REAL NOT NULL,
      speaker_id TEXT,
      origin TEXT NOT NULL DEFAULT 'human' CHECK (origin IN ('machine', 'human')),
      status TEXT NOT NULL DEFAULT 'accepted' CHECK (status IN ('unreviewed', 'accepted', 'edited')),
      extensions TEXT,
      PRIMARY KEY (episode_id, id)
    ) STRICT;

    -- One row per user gesture. changes holds the rows before and after, so undo and redo replay them.
    CREATE TABLE edit_history (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      label TEXT NOT NULL,
      changes TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('done', 'undone')),
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX edit_history_by_episode ON edit_history (episode_id, state, seq);
  `,
}
