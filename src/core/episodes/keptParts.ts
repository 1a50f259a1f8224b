import type { Db } from '../db/openDatabase'
import { rowsChanged } from '../history/lastChange'
import type { EditableTable, Row } from '../history/tables'

/*
 * The editor's view of an episode is rebuilt after every edit, and most of it did not change. Each part
 * is kept under a key naming what it was built from (table versions counted by SQLite's triggers, see
 * migration 004; the transcript revision; the fields of the episode row it shows) and frozen: every
 * view shares it, and so does every reply.
 */

interface Kept {
  episodeId: string
  parts: Map<string, { key: string; value: unknown }>
}
const keptByDb = new WeakMap<Db, Kept>()

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

export interface KeptParts {
  /** The part kept under `key`, or `build`'s, which gets the part kept before (under another key). */
  part<T>(name: string, key: string, build: (before: T | undefined) => T): T
  /**
   * A part made from the rows of one table (and what `key` names): when the last edit through this
   * connection is all that changed the table since the part was kept (see lastChange.ts), `patch` gets
   * the keys of the rows that edit wrote, of this episode only, and reads just those; otherwise `build`
   * reads the table whole.
   */
  tablePart<T>(
    name: string,
    key: string,
    table: { name: EditableTable; version: number },
    build: () => T,
    patch: (before: T, keys: readonly Row[]) => T,
  ): T
}

export function keptParts(db: Db, episodeId: string): KeptParts {
  let kept = keptByDb.get(db)
  if (!kept || kept.episodeId !== episodeId) keptByDb.set(db, (kept = { episodeId, parts: new Map() }))
  const { parts } = kept
  const part = <T>(name: string, key: string, build: (before: T | undefined) => T): T => {
    const known = parts.get(name)
    if (known && known.key === key) return known.value as T
    const value = deepFreeze(build(known?.value as T | undefined))
    parts.set(name, { key, value })
    return value
  }
  return {
    part,
    tablePart: (name, key, table, build, patch) => {
      const stem = `${key} @`
      return part(name, `${stem}${table.version}`, (before) => {
        const keptKey = parts.get(name)?.key
        const from = keptKey?.startsWith(stem) ? Number(keptKey.slice(stem.length)) : NaN
        const keys = Number.isInteger(from) ? rowsChanged(db, table.name, from, table.version) : null
        if (before === undefined || !keys) return build()
        const ours = keys.filter((k) => k.episode_id === episodeId)
        // The table changed in another episode's rows only, or was written as it was.
        if (ours.length === 0) return before
        return patch(before, ours)
      })
    },
  }
}
