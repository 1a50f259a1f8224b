import type { Db } from './openDatabase'
import { tableVersions } from './tableVersions'

/**
 * Values read from the library, kept for each connection (by key: a show's page, the whole library's
 * listing) while every counter they name is unchanged: SQLite's triggers count the changes (migrations
 * 004, 017, 027), whoever makes them (the app, an undo, the CLI in another process), so a kept value is
 * never out of date. A library without one of the counters keeps nothing. A value is shared by every
 * caller: never change it.
 */
export class KeptWhileUnchanged<T> {
  private readonly kept = new WeakMap<Db, { versions: string; values: Map<string, T> }>()

  constructor(private readonly counters: readonly string[]) {}

  get(db: Db, read: () => T, key = ''): T {
    const now = tableVersions(db)
    if (this.counters.some((c) => now[c] === undefined)) return read()
    const versions = this.counters.map((c) => now[c]).join(' ')
    let known = this.kept.get(db)
    // Any change forgets every key's value: each is read again when next asked for.
    if (known?.versions !== versions) this.kept.set(db, (known = { versions, values: new Map() }))
    const value = known.values.has(key) ? (known.values.get(key) as T) : read()
    known.values.set(key, value)
    return value
  }
}

/** What the library's listings and a show's page are read from: the analyses and their episodes. */
export const LISTED_FROM = [
  'episodes',
  'episode_states',
  'listing',
  'participants',
  'rubric_dimensions',
  'chapters',
  'statements',
  'highlights',
  'scores',
] as const
