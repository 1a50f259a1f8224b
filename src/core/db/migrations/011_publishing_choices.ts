import type { Migration } from './migration'

export const migration011: Migration = {
  version: 11,
  name: "where an episode is published: the web page's media and the feed's address",
  // Kept with the episode in the library, not in episode JSON: they describe one publisher's hosting,
  // not the analysis. media_as: the page plays the video or only its audio; media_url: a public address
  // the page plays instead of a copy; base_url: where the feed's files are (podcast-item).
  sql: `
    CREATE TABLE publishing_choices (
      episode_id TEXT PRIMARY KEY REFERENCES episodes(id) ON DELETE CASCADE,
      media_as TEXT CHECK (media_as IN ('audio', 'video')),
      media_url TEXT,
      base_url TEXT
    ) STRICT;
  `,
}
