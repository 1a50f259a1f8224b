import type { Migration } from './migration'

export const migration014: Migration = {
  version: 14,
  name: 'reserved for the search index',
  // Versions rise one by one (migrate.ts), and 014 is the search index's, written on another branch:
  // this stand-in keeps 015 reachable until that one takes its place when the branches meet.
  sql: '',
}
