import type { Migration } from './migration'

const SPOKEN = (row: 'NEW' | 'OLD'): string => `${row}.speaker_id IS NOT NULL AND ${row}.end > ${row}.start`

export const migration016: Migration = {
  version: 16,
  name: "each speaker's seconds kept by triggers",
  // A show's page needs each episode's seconds per speaker: summed over every segment of a show of a
  // thousand long episodes (a million segments) that took 370 ms. Kept here by the transaction that
  // changes a segment (an edit, an undo, an import, a load, a delete), it is read at once. A restore
  // does not copy it (see backups.ts): the triggers rebuild it from the segments copied.
  sql: `
    CREATE TABLE derived_speaking_seconds (
      episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
      speaker_id TEXT NOT NULL,
      seconds REAL NOT NULL,
      PRIMARY KEY (episode_id, speaker_id)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO derived_speaking_seconds (episode_id, speaker_id, seconds)
      SELECT episode_id, speaker_id, sum(end - start) FROM transcript_segments
      WHERE speaker_id IS NOT NULL AND end > start GROUP BY episode_id, speaker_id;
    CREATE TRIGGER transcript_segments_spoken_insert AFTER INSERT ON transcript_segments
    WHEN ${SPOKEN('NEW')} BEGIN
      INSERT INTO derived_speaking_seconds (episode_id, speaker_id, seconds)
        VALUES (NEW.episode_id, NEW.speaker_id, NEW.end - NEW.start)
        ON CONFLICT (episode_id, speaker_id) DO UPDATE SET seconds = seconds + excluded.seconds;
    END;
    CREATE TRIGGER transcript_segments_spoken_delete AFTER DELETE ON transcript_segments
    WHEN ${SPOKEN('OLD')} BEGIN
      UPDATE derived_speaking_seconds SET seconds = seconds - (OLD.end - OLD.start)
        WHERE episode_id = OLD.episode_id AND speaker_id = OLD.speaker_id;
    END;
    CREATE TRIGGER transcript_segments_spoken_update AFTER UPDATE OF start, end, speaker_id
    ON transcript_segments BEGIN
      UPDATE derived_speaking_seconds SET seconds = seconds - (OLD.end - OLD.start)
        WHERE ${SPOKEN('OLD')} AND episode_id = OLD.episode_id AND speaker_id = OLD.speaker_id;
      INSERT INTO derived_speaking_seconds (episode_id, speaker_id, seconds)
        SELECT NEW.episode_id, NEW.speaker_id, NEW.end - NEW.start WHERE ${SPOKEN('NEW')}
        ON CONFLICT (episode_id, speaker_id) DO UPDATE SET seconds = seconds + excluded.seconds;
    END;
  `,
}
