import type { Migration } from './migration'

export const migration002: Migration = {
  version: 2,
  name: 'transcript revision and speaker mapping state',
  // transcript_rev changes with every transcript edit (and comes back with undo), so a window that holds a
  // transcript knows from the episode alone whether its copy is current. speakers_mapped is 0 until the
  // editor has mapped the speakers of the last imported transcript to participants.
  sql: `
    ALTER TABLE episodes ADD COLUMN transcript_rev TEXT NOT NULL DEFAULT '';
    ALTER TABLE episodes ADD COLUMN speakers_mapped INTEGER NOT NULL DEFAULT 1;
  `,
}
