import type { CatalogueMigration } from './catalogueMigration'

/** A group role made only when missing: roles are cluster-wide, shared by every database on the server. */
const groupRole = (name: string, inRole?: string): string => `
  DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${name}') THEN
      CREATE ROLE ${name} NOLOGIN${inRole ? ` IN ROLE ${inRole}` : ''};
    END IF;
  END $$;`

export const catalogue001: CatalogueMigration = {
  version: 1,
  name: 'analyses and their revisions, insert only, owned by their people',
  // Access is the engine's: row-level security lets a person insert only rows it owns (machine
  // analyses only for a pipeline, consensus only for a lead), and no grant allows UPDATE or DELETE,
  // whatever client connects. The primary key of revisions is what makes "a revision only on top of
  // the latest" hold under concurrency: two pushes on one base both write base+1, the second fails
  // with unique_violation (23505).
  sql: `
    ${groupRole('episcore_desk')}
    ${groupRole('episcore_reviewer', 'episcore_desk')}
    ${groupRole('episcore_lead', 'episcore_desk')}
    ${groupRole('episcore_pipeline', 'episcore_desk')}

    CREATE TABLE catalogue_schema (version int NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());

    CREATE TABLE people (
      name name PRIMARY KEY,
      role text NOT NULL CHECK (role IN ('reviewer', 'lead', 'pipeline')),
      added_at timestamptz NOT NULL DEFAULT now());

    CREATE TABLE analyses (
      id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
      owner name NOT NULL DEFAULT current_user,
      kind text NOT NULL CHECK (kind IN ('person', 'machine', 'consensus')),
      created_at timestamptz NOT NULL DEFAULT now());

    CREATE TABLE revisions (
      analysis_id text NOT NULL REFERENCES analyses(id),
      revision int NOT NULL CHECK (revision >= 1),
      base_revision int CHECK ((base_revision IS NULL AND revision = 1) OR base_revision = revision - 1),
      owner name NOT NULL DEFAULT current_user,
      show text,
      title text NOT NULL,
      status text NOT NULL,
      media_sha256 text,
      media_size bigint,
      content_hash text NOT NULL,
      document text NOT NULL CHECK (octet_length(document) <= 52428800),
      made_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (analysis_id, revision));
    CREATE INDEX revisions_by_media ON revisions (media_sha256);
    CREATE INDEX revisions_by_show ON revisions (show);

    ALTER TABLE analyses ENABLE ROW LEVEL SECURITY;
    ALTER TABLE revisions ENABLE ROW LEVEL SECURITY;
    ALTER TABLE people ENABLE ROW LEVEL SECURITY;
    CREATE POLICY desk_reads ON analyses FOR SELECT TO episcore_desk USING (true);
    CREATE POLICY own_inserts ON analyses FOR INSERT TO episcore_desk WITH CHECK (
      owner = current_user AND (kind = 'person'
        OR (kind = 'machine' AND pg_has_role(current_user, 'episcore_pipeline', 'member'))
        OR (kind = 'consensus' AND pg_has_role(current_user, 'episcore_lead', 'member'))));
    CREATE POLICY desk_reads ON revisions FOR SELECT TO episcore_desk USING (true);
    CREATE POLICY own_inserts ON revisions FOR INSERT TO episcore_desk WITH CHECK (
      owner = current_user
      AND EXISTS (SELECT 1 FROM analyses a WHERE a.id = analysis_id AND a.owner = current_user));
    CREATE POLICY desk_reads ON people FOR SELECT TO episcore_desk USING (true);

    GRANT USAGE ON SCHEMA public TO episcore_desk;
    GRANT SELECT, INSERT ON analyses, revisions TO episcore_desk;
    GRANT SELECT ON people, catalogue_schema TO episcore_desk;

    -- Other people's new revisions arrive by LISTEN episcore_desk.
    CREATE FUNCTION notify_revision() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      PERFORM pg_notify('episcore_desk', json_build_object('analysis', NEW.analysis_id,
        'revision', NEW.revision, 'owner', NEW.owner, 'media', NEW.media_sha256, 'show', NEW.show)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER revisions_notify AFTER INSERT ON revisions
      FOR EACH ROW EXECUTE FUNCTION notify_revision();
  `,
}
