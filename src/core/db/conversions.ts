import type Database from 'better-sqlite3'
import { isSecondsForm, packWords, unpackWords } from '../transcript/packedWords'

/** How far a conversion of the library has got, for a line of progress. */
export interface ConversionProgress {
  /** What is converted, in words. */
  what: string
  done: number
  total: number
}

/** Rows converted a transaction: a few seconds' work at most, so a kill loses little and a reader waits little. */
const BATCH_ROWS = 20_000

interface Conversion {
  what: string
  table: string
  /** Converts the rows from `fromRowid` on, at most `limit`; returns the last rowid looked at, or null for none. */
  batch(db: Database.Database, fromRowid: number, limit: number): number | null
}

const CONVERSIONS: Record<string, Conversion> = {
  // Migration 025: word times from seconds to whole milliseconds (packedWords.ts).
  'word-times-in-milliseconds': {
    what: 'word times packed as milliseconds',
    table: 'transcript_segments',
    batch(db, fromRowid, limit) {
      const rows = db
        .prepare(
          `SELECT rowid, id, words FROM transcript_segments
           WHERE rowid >= ? AND words IS NOT NULL ORDER BY rowid LIMIT ?`,
        )
        .all(fromRowid, limit) as { rowid: number; id: string; words: string }[]
      const update = db.prepare('UPDATE transcript_segments SET words = ? WHERE rowid = ?')
      for (const row of rows)
        if (isSecondsForm(row.words)) update.run(packWords(unpackWords(row.words, row.id)), row.rowid)
      return rows.at(-1)?.rowid ?? null
    },
  },
}

/**
 * Runs what the migrations left to convert in batches (the library_conversions table, from migration
 * 025 on): each batch is one transaction that also records where it got to, so a library killed part
 * way goes on from there the next time it is opened, and `onProgress` hears after each. A conversion
 * rewrites stored values into another form of the same content: the desk's outbox is kept as it was
 * (its triggers would take each converted row for an edit to push).
 */
export function runConversions(
  db: Database.Database,
  onProgress?: (progress: ConversionProgress) => void,
  batchRows = BATCH_ROWS,
): void {
  const hasTable = db
    .prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'library_conversions'`)
    .get()
  if (!hasTable) return
  const pending = db.prepare('SELECT name FROM library_conversions ORDER BY name').all() as { name: string }[]
  for (const { name } of pending) {
    const conversion = CONVERSIONS[name]
    if (!conversion) throw new Error(`the library asks for a conversion this app does not know: ${name}`)
    const total =
      (db.prepare(`SELECT max(rowid) AS last FROM ${conversion.table}`).get() as { last: number | null })
        .last ?? 0
    for (;;) {
      const last = db
        .transaction(() => {
          // Read again in the transaction: another process opening the library may have gone on with it.
          const at = db
            .prepare('SELECT next_rowid AS next FROM library_conversions WHERE name = ?')
            .get(name) as { next: number } | undefined
          if (!at) return null
          const from = at.next
          const outbox = db.prepare('SELECT 1 FROM desk_link').get()
            ? db.prepare('SELECT episode_id, seq, mark FROM desk_outbox').all()
            : null
          const looked = conversion.batch(db, from, batchRows)
          if (outbox) {
            db.prepare('DELETE FROM desk_outbox').run()
            const put = db.prepare(
              'INSERT INTO desk_outbox (episode_id, seq, mark) VALUES (@episode_id, @seq, @mark)',
            )
            for (const row of outbox) put.run(row)
          }
          if (looked === null) db.prepare('DELETE FROM library_conversions WHERE name = ?').run(name)
          else
            db.prepare('UPDATE library_conversions SET next_rowid = ? WHERE name = ?').run(looked + 1, name)
          return looked
        })
        .immediate()
      if (last === null) {
        onProgress?.({ what: conversion.what, done: total, total })
        break
      }
      onProgress?.({ what: conversion.what, done: Math.min(last, total), total })
    }
  }
}

/**
 * Progress as lines for a person waiting (the CLI's standard error, the app's log): one a batch, none
 * for a conversion done in one batch.
 */
export function progressLines(write: (line: string) => void): (progress: ConversionProgress) => void {
  let saying = false
  return ({ what, done, total }) => {
    if (!saying && done >= total) return
    saying = true
    const percent = total === 0 ? 100 : Math.floor((100 * done) / total)
    write(`converting the library (${what}): ${percent} %${done >= total ? ', done' : ''}`)
  }
}
