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
