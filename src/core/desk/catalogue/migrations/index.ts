import { catalogue001 } from './001_catalogue'
import { catalogue002 } from './002_desk_work'
import { catalogue003 } from './003_assignment_base'
import { catalogue004 } from './004_codebooks'
import { catalogue005 } from './005_latest_revisions'
import type { CatalogueMigration } from './catalogueMigration'

/** Every catalogue migration, in order. Append only: a shipped migration is never edited. */
export const CATALOGUE_MIGRATIONS: readonly CatalogueMigration[] = [
  catalogue001,
  catalogue002,
  catalogue003,
  catalogue004,
  catalogue005,
]
