import { migration001 } from './001_initial'
import { migration002 } from './002_transcript_revision'
import { migration003 } from './003_loaded_episode_parts'
import { migration004 } from './004_table_versions'
import { migration005 } from './005_application_id'
import { migration006 } from './006_declared_media_length'
import { migration007 } from './007_stale_text'
import { migration008 } from './008_transcript_corrections'
import { migration009 } from './009_media_file_stat'
import { migration010 } from './010_score_review'
import { migration011 } from './011_publishing_choices'
import { migration012 } from './012_evidence'
import { migration013 } from './013_blind_review'
import { migration014 } from './014_search_index'
import { migration015 } from './015_trash'
import { migration016 } from './016_speaking_seconds'
import { migration017 } from './017_episode_states'
import { migration018 } from './018_copies'
import { migration019 } from './019_search_episodes'
import { migration020 } from './020_desk'
import { migration021 } from './021_desk_queue'
import { migration022 } from './022_codebooks'
import { migration023 } from './023_desk_board_cache'
import { migration024 } from './024_packed_words'
import { migration025 } from './025_lean_search_and_word_times'
import { migration026 } from './026_listing_indexes'
import { migration027 } from './027_listing_version'
import { migration028 } from './028_search_terms'
import type { Migration } from './migration'

/** Every migration, in order. Append only: a shipped migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
  migration023,
  migration024,
  migration025,
  migration026,
  migration027,
  migration028,
]
