import type { Migration } from './migration'

export const migration010: Migration = {
  version: 10,
  name: 'each score reviewed on its own',
  // A score's own review state: `edited` once the reviewer changed it, `accepted` once its chapter was
  // accepted as the machine scored it. A chapter stays `unreviewed` until it is accepted itself, however
  // many of its scores were edited. Scores kept from before take what their chapter says: a machine
  // chapter's score that differs from the machine's was edited, the others follow the chapter.
  sql: `
    ALTER TABLE scores ADD COLUMN review TEXT NOT NULL DEFAULT 'unreviewed'
      CHECK (review IN ('unreviewed', 'accepted', 'edited'));
    UPDATE scores SET review = CASE
      WHEN machine_value IS NOT NULL OR machine_reasoning IS NOT NULL THEN CASE
        WHEN value IS NOT machine_value OR reasoning IS NOT coalesce(machine_reasoning, '') THEN 'edited'
        WHEN (SELECT status FROM chapters c WHERE c.episode_id = scores.episode_id AND c.id = scores.chapter_id)
          = 'unreviewed' THEN 'unreviewed'
        ELSE 'accepted' END
      ELSE 'accepted' END;
  `,
}
