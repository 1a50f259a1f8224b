import type Database from 'better-sqlite3'
import type { Db } from './openDatabase'

/** Bound by position or by name (an object): better-sqlite3 takes either. */
export type Statement = Database.Statement<unknown[]>

const compiled = new WeakMap<Db, Map<string, Statement>>()

/**
 * The statement for `sql`, compiled once per database connection. The queries an edit and the view after
 * it run are the same every time, and compiling them again costs more than some of them take to run.
 * Callers must not change a cached statement's mode (`pluck`, `raw`, `expand`): every later caller of
 * the same SQL would get it.
 */
export function statement(db: Db, sql: string): Statement {
  let cache = compiled.get(db)
  if (!cache) compiled.set(db, (cache = new Map()))
  let found = cache.get(sql)
  if (!found) cache.set(sql, (found = db.prepare(sql)))
  return found
}

/** How many of the statements whose text varies (see recentStatement) a connection keeps compiled. */
const RECENT_KEPT = 64
const recent = new WeakMap<Db, Map<string, Statement>>()

/**
 * The statement for `sql`, kept compiled among the connection's last RECENT_KEPT such: for SQL that
 * varies with its input (a load's last, shorter batch of rows, whose length is each episode's count of
 * statements or scores) and would grow {@link statement}'s cache without end. Episodes of one show have
 * the same counts often enough that compiling each again cost a load 1.2 ms an episode.
 */
export function recentStatement(db: Db, sql: string): Statement {
  let kept = recent.get(db)
  if (!kept) recent.set(db, (kept = new Map()))
  const found = kept.get(sql)
  if (found) {
    // Used again: moved to the newest end, so the least recently used goes first.
    kept.delete(sql)
    kept.set(sql, found)
    return found
  }
  const compiled = db.prepare(sql)
  kept.set(sql, compiled)
  if (kept.size > RECENT_KEPT) kept.delete(kept.keys().next().value as string)
  return compiled
}
