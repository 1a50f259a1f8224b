import type { Db } from './openDatabase'
import { statement } from './statements'

/** Each counted table's version: how many row changes SQLite's triggers have seen (migration 004). */
export type TableVersions = Readonly<Record<string, number>>

export function tableVersions(db: Db): TableVersions {
  const rows = statement(db, `SELECT name, version FROM table_versions`).all() as {
    name: string
    version: number
  }[]
  return Object.fromEntries(rows.map((r) => [r.name, r.version]))
}
