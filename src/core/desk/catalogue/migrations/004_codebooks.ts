import type { CatalogueMigration } from './catalogueMigration'

export const catalogue004: CatalogueMigration = {
  version: 4,
  name: "each show's published codebook versions, insert only, shared by the leads",
  // A published version never changes (issue 45), so its row is never updated or deleted: no grant allows
  // either. Everyone on the desk reads them (a reviewer scores under them); only a lead inserts, as
  // itself. The content is the version's scale and dimensions (labels, definitions, level descriptors
  // and anchors as the lead's library holds them: anchors name analyses by id, which the desk keeps, so
  // they play in a library that has that analysis and are said to be missing in one that has not).
  // jsonb: compared by meaning, so key order never makes two equal versions differ.
  sql: `
    CREATE TABLE codebooks (
      show text NOT NULL CHECK (length(show) BETWEEN 1 AND 200),
      version int NOT NULL CHECK (version >= 1),
      content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object' AND octet_length(content::text) <= 8388608),
      owner name NOT NULL DEFAULT current_user,
      made_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (show, version));

    ALTER TABLE codebooks ENABLE ROW LEVEL SECURITY;
    CREATE POLICY desk_reads ON codebooks FOR SELECT TO episcore_desk USING (true);
    CREATE POLICY lead_inserts ON codebooks FOR INSERT TO episcore_desk WITH CHECK (
      owner = current_user AND pg_has_role(current_user, 'episcore_lead', 'member'));
    GRANT SELECT, INSERT ON codebooks TO episcore_desk;

    -- A live library syncs on any note on the desk's channel: a new version reaches it as a revision does.
    CREATE FUNCTION notify_codebook() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      PERFORM pg_notify('episcore_desk', json_build_object('kind', 'codebook', 'show', NEW.show,
        'version', NEW.version, 'owner', NEW.owner)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER codebooks_notify AFTER INSERT ON codebooks
      FOR EACH ROW EXECUTE FUNCTION notify_codebook();
  `,
}
