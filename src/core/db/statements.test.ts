import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '../../../tests/tempFolder'
import { openDatabase } from './openDatabase'
import { recentStatement } from './statements'

describe('statements kept a while', () => {
  it('compiles a varying statement once while it is among the last 64 used, and lets the least recently used go', () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    const sql = (n: number): string => `SELECT ${n} AS n`
    const compiled = Array.from({ length: 64 }, (_, n) => recentStatement(db, sql(n)))
    // Used again, the first becomes the most recent: a 65th lets the second go instead.
    expect(recentStatement(db, sql(0))).toBe(compiled[0])
    expect(recentStatement(db, sql(64)).get()).toEqual({ n: 64 })
    expect(recentStatement(db, sql(1))).not.toBe(compiled[1])
    expect(recentStatement(db, sql(0))).toBe(compiled[0])
    expect(recentStatement(db, sql(63))).toBe(compiled[63])
    db.close()
  })
})
