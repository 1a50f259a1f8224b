import { EPISCORE_APPLICATION_ID } from '../databaseMarker'
import type { Migration } from './migration'

export const migration005: Migration = {
  version: 5,
  name: 'the Episcore application id',
  // The file's own mark (SQLite's header field for it): a database without it is another application's.
  sql: `PRAGMA application_id = ${EPISCORE_APPLICATION_ID};`,
}
