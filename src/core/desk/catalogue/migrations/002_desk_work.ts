import type { CatalogueMigration } from './catalogueMigration'

export const catalogue002: CatalogueMigration = {
  version: 2,
  name: "the desk's work: assignments, each episode's consensus and reference, blind scoring kept blind",
  // An episode of the catalogue is named by its first analysis's id (as a library names it) and tied to
  // its other analyses by its media's SHA-256. Leads assign, send back, choose the consensus and the
  // reference; a reviewer only moves their own assignment forward (started, submitted), through the two
  // columns granted, and reads only their own. While a blind assignment is open, the other reviewers'
  // analyses of that episode are hidden from its reviewer by the revisions' read policy itself.
  sql: `
    CREATE TABLE assignments (
      episode text NOT NULL,
      media_sha256 text,
      reviewer name NOT NULL,
      analysis_id text NOT NULL UNIQUE,
      source_analysis text,
      state text NOT NULL DEFAULT 'assigned'
        CHECK (state IN ('assigned', 'started', 'submitted', 'consensus', 'published')),
      due date,
      blind boolean NOT NULL DEFAULT false,
      calibration boolean NOT NULL DEFAULT false,
      note text,
      assigned_by name NOT NULL DEFAULT current_user,
      assigned_at timestamptz NOT NULL DEFAULT now(),
      submitted_at timestamptz,
      PRIMARY KEY (episode, reviewer));
    CREATE INDEX assignments_by_reviewer ON assignments (reviewer);
    CREATE INDEX assignments_by_media ON assignments (media_sha256);

    CREATE TABLE episode_consensus (
      episode text PRIMARY KEY,
      analysis_id text NOT NULL REFERENCES analyses(id),
      chosen_by name NOT NULL DEFAULT current_user,
      chosen_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE episode_reference (
      episode text PRIMARY KEY,
      analysis_id text NOT NULL REFERENCES analyses(id),
      chosen_by name NOT NULL DEFAULT current_user,
      chosen_at timestamptz NOT NULL DEFAULT now());

    ALTER TABLE assignments ENABLE ROW LEVEL SECURITY;
    ALTER TABLE episode_consensus ENABLE ROW LEVEL SECURITY;
    ALTER TABLE episode_reference ENABLE ROW LEVEL SECURITY;
    CREATE POLICY lead_all ON assignments FOR ALL TO episcore_lead USING (true) WITH CHECK (true);
    CREATE POLICY own_reads ON assignments FOR SELECT TO episcore_desk USING (reviewer = current_user);
    CREATE POLICY own_progress ON assignments FOR UPDATE TO episcore_desk
      USING (reviewer = current_user AND state IN ('assigned', 'started'))
      WITH CHECK (reviewer = current_user AND state IN ('started', 'submitted'));
    CREATE POLICY desk_reads ON episode_consensus FOR SELECT TO episcore_desk USING (true);
    CREATE POLICY lead_writes ON episode_consensus FOR ALL TO episcore_lead USING (true) WITH CHECK (chosen_by = current_user);
    CREATE POLICY desk_reads ON episode_reference FOR SELECT TO episcore_desk USING (true);
    CREATE POLICY lead_writes ON episode_reference FOR ALL TO episcore_lead USING (true) WITH CHECK (chosen_by = current_user);
    GRANT SELECT ON assignments, episode_consensus, episode_reference TO episcore_desk;
    GRANT UPDATE (state, submitted_at) ON assignments TO episcore_desk;
    GRANT INSERT, UPDATE, DELETE ON assignments, episode_consensus, episode_reference TO episcore_lead;

    -- Independent scoring: another person's analysis of an episode this reviewer scores blind, and has
    -- not submitted, is not theirs to read (the machine's and a consensus stay readable).
    DROP POLICY desk_reads ON revisions;
    CREATE POLICY desk_reads ON revisions FOR SELECT TO episcore_desk USING (
      owner = current_user
      OR pg_has_role(current_user, 'episcore_lead', 'member')
      OR NOT EXISTS (
        SELECT 1 FROM assignments s JOIN analyses a ON a.id = revisions.analysis_id
        WHERE s.reviewer = current_user AND s.blind AND s.state IN ('assigned', 'started')
          AND a.kind = 'person'
          AND (s.media_sha256 = revisions.media_sha256 OR s.episode = revisions.analysis_id)));
  `,
}
