import type { CatalogueMigration } from './catalogueMigration'

export const catalogue003: CatalogueMigration = {
  version: 3,
  name: "assignments name their episode's title and show; a reviewer's empty analysis starts from the episode",
  // The title and show are written by the lead at assign time, so a reviewer's queue names the episode
  // even while a blind assignment hides every other person's analysis of it from them.
  // assignment_base: what a reviewer's library makes an analysis from when the episode has no machine
  // analysis: the episode's first analysis with its chapters, highlights and statements (and so its
  // scores) removed: the media, transcript, participants and rubric only. It runs as the catalogue's
  // owner (SECURITY DEFINER) because, under a blind assignment, the read policy hides that analysis from
  // the reviewer; it answers only the caller's own assignment (session_user: the login, not the owner).
  sql: `
    ALTER TABLE assignments ADD COLUMN title text, ADD COLUMN show text;
    CREATE FUNCTION assignment_base(p_analysis text) RETURNS text
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT (r.document::jsonb || jsonb_build_object(
                  'chapters', '[]'::jsonb, 'highlights', '[]'::jsonb, 'statements', '[]'::jsonb,
                  'scoreSummary', '{}'::jsonb))::text
        FROM assignments s
        JOIN LATERAL (SELECT document FROM revisions WHERE analysis_id = s.episode
                      ORDER BY revision DESC LIMIT 1) r ON true
        WHERE s.analysis_id = p_analysis AND s.reviewer = session_user
      $$;
    REVOKE ALL ON FUNCTION assignment_base(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION assignment_base(text) TO episcore_desk;
  `,
}
