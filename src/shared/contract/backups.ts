/** The database's backups: listed, taken by hand, restored. */
import { z } from 'zod'
import { method } from './method'

/** One of the copies of the database kept beside it, as the restore dialog lists them. */
export interface BackupInfo {
  /** The file's name in the backups folder: what a restore names, never a path. */
  file: string
  /** Taken when the database was opened (once a day), by hand ("Back up now"), or the database a restore replaced. */
  kind: 'daily' | 'manual' | 'before-restore'
  /** ISO 8601, from the time in the file's name. */
  takenAt: string
  sizeBytes: number
  /** Read from the copy itself; null when the copy cannot be read. */
  episodes: number | null
  /**
   * What restoring it would undo in the current database: episodes created and changed since it was
   * taken, and removed since (which it brings back); null when either cannot be read.
   */
  sinceThen: { created: number; changed: number; removed: number } | null
}

export interface RestoreOutcome {
  restored: true
  /** The name the replaced database was moved to in the backups folder; null when there was none. */
  keptAside: string | null
}

/** A restore under way: the backup named, and how far it is (0 to 1). */
export interface RestoreProgress {
  backup: string
  progress: number
}

export const backupsMethods = {
  /** The database's backups, newest first; answered even when the database itself is damaged. */
  'backups.list': method<BackupInfo[]>()(z.strictObject({})),
  /** "Back up now": a copy of the database, whatever the day's backups; answers it as listed. */
  'backups.create': method<BackupInfo>()(z.strictObject({})),
  /** Replaces the database with a listed backup, keeping the replaced one aside as a backup. */
  'backups.restore': method<RestoreOutcome>()(
    z.strictObject({
      backup: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^/\\]+\.sqlite$/, 'a backup file name from backups.list'),
    }),
  ),
  /**
   * The restore under way, or null: asked by a window while it waits for its restore, and by any other,
   * since edits are refused until the restore is done (reads are answered meanwhile).
   */
  'backups.restoring': method<RestoreProgress | null>()(z.strictObject({})),
}
