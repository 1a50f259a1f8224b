import type { CatalogueMigration } from './catalogueMigration'

export const catalogue005: CatalogueMigration = {
  version: 5,
  name: "each analysis's latest revision number, kept as revisions arrive, for the lead's board",
  // The board reads the latest revision of each submitted assignment's analysis: 18,000 look-ups through
  // the revisions' index and their row-level policy were a third of its query on a season of 10,000
  // episodes. A trigger keeps the number as each revision is inserted (whoever inserts it, with whatever
  // client), running as the catalogue's owner so that no role needs to write the table; only a lead reads
  // it (a reviewer under blind scoring must not learn another's progress from it). Revisions are insert
  // only, so the greatest number seen is the latest.
  sql: `
    CREATE TABLE latest_revisions (
      analysis_id text PRIMARY KEY REFERENCES analyses(id),
      revision int NOT NULL CHECK (revision >= 1));
    INSERT INTO latest_revisions (analysis_id, revision)
      SELECT analysis_id, max(revision) FROM revisions GROUP BY analysis_id;

    CREATE FUNCTION keep_latest_revision() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$ BEGIN
      INSERT INTO latest_revisions (analysis_id, revision) VALUES (NEW.analysis_id, NEW.revision)
        ON CONFLICT (analysis_id) DO UPDATE SET revision = greatest(latest_revisions.revision, EXCLUDED.revision);
      RETURN NULL;
    END $$;
    REVOKE ALL ON FUNCTION keep_latest_revision() FROM PUBLIC;
    CREATE TRIGGER revisions_keep_latest AFTER INSERT ON revisions
      FOR EACH ROW EXECUTE FUNCTION keep_latest_revision();

    ALTER TABLE latest_revisions ENABLE ROW LEVEL SECURITY;
    CREATE POLICY lead_reads ON latest_revisions FOR SELECT TO episcore_lead USING (true);
    GRANT SELECT ON latest_revisions TO episcore_lead;
  `,
}
