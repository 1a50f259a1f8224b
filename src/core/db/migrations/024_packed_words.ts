import type { Migration } from './migration'

export const migration024: Migration = {
  version: 24,
  name: "each segment's timed words packed in the segment",
  // A row per word was 10,000 rows an hour with their key index: a third of the file and a tenth of a load's
  // write (src/core/transcript/packedWords.ts). The words move into their segment in the migrations' one
  // transaction: killed part way, the library opens as it was and the move runs again. The outbox's
  // update triggers would mark every analysis of a connected library as changed: its entries are kept
  // as they were, since the analyses' documents are the same.
  sql: `
    ALTER TABLE transcript_segments ADD COLUMN words TEXT;
    CREATE TEMP TABLE outbox_before_024 AS SELECT * FROM desk_outbox;
    UPDATE transcript_segments SET words = (
      SELECT json_group_array(json_array(w.start, w.end, w.text) ORDER BY w.position)
      FROM transcript_words w
      WHERE w.episode_id = transcript_segments.episode_id AND w.segment_id = transcript_segments.id)
    WHERE EXISTS (
      SELECT 1 FROM transcript_words w
      WHERE w.episode_id = transcript_segments.episode_id AND w.segment_id = transcript_segments.id);
    DELETE FROM desk_outbox;
    INSERT INTO desk_outbox SELECT * FROM outbox_before_024;
    DROP TABLE outbox_before_024;
    DROP TABLE transcript_words;
  `,
}
