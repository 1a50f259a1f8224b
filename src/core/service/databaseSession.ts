import { progressLines } from '../db/conversions'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { BackupInfo, RestoreOutcome, RestoreProgress } from '../../shared/contract'
import { withoutControlCharacters } from '../../shared/episodeLimits'
import { fail, ok, type Reply } from '../../shared/result'
import { ViewSender } from '../../shared/viewDelta'
import { backUpNow, backupOnOpen, checkDatabase, clearInterruptedCopies, listBackups } from '../db/backups'
import { restoreBackupOffThread } from '../db/restoreOffThread'
import { databaseOpenFailure, missingDatabase } from '../db/databaseOpenFailure'
import { busyTimeoutMs, openDatabase, type Db } from '../db/openDatabase'
import { sqliteUserError } from '../db/sqliteErrors'
import { UserError } from '../errors'
import { episodeView } from '../episodes/episodeQueries'
import { emptyTrash, TRASH_DAYS } from '../episodes/trash'
import { readLargeEpisodeFilesOffThread } from '../load/loadOffThread'
import { measureAgreementOffThread } from '../agreement/agreementOffThread'
import { transcriptView } from '../transcript/transcriptQueries'
import type { PeaksCache } from '../media/peaksCache'
import type { FileRefs } from './fileRefs'
import { DeskService } from '../desk/deskService'
import { createHandlers, dispatch, refusingHandlers, type BackupActions, type Handlers } from './handlers'

const CHECKPOINT_PAUSE_MS = 1000
const CHECKPOINT_AT_LEAST_MS = 5000

export interface SessionOptions {
  files: FileRefs
  peaks: PeaksCache
  /**
   * A database that cannot be opened is refused as a damaged one is (every method but `backups.*`),
   * rather than thrown: the app started to let the editor restore a backup over it.
   */
  recovering?: boolean
  /**
   * The database was open earlier in this session (the shell restarts a core that died): a path with
   * nothing at it is a library gone, not a first start, and is refused rather than made anew and empty.
   */
  mustExist?: boolean
  /** The start's time, which says what the trash holds past its 30 days (a test sets it); now by default. */
  now?: Date
}

type State = { db: Db; handlers: Handlers } | { db: null; refusal: UserError; handlers: Handlers }

/**
 * The database as the desktop app and the browser host hold it: checked read-only before anything
 * writes to it, backed up once a day, and replaceable by a backup while the app runs. A database found
 * damaged is left exactly as found, and every method but `backups.*` answers `corrupt-database` until a
 * backup is restored.
 */
export class DatabaseSession {
  private state: State
  /** Settles when the latest backup has; a restore waits for it rather than pulling its source away. */
  private backupRun: Promise<unknown> = Promise.resolve()
  private closed = false
  private readonly views = new ViewSender(randomBytes(6).toString('hex'))
  private checkpoint: NodeJS.Timeout | null = null
  private desk: DeskService | null = null
  private lastCheckpoint = Date.now()
  /** What the start's preparation answered, once it has run: it runs once. */
  private prepared: { id: string | null } | null = null
  /** The episode edited last, when the start could not prepare it: told to the library until a restore. */
  private unprepared: string | null = null
  private readonly backups: BackupActions = {
    list: () => listBackups(this.file),
    create: () => this.backUpNow(),
    restore: (backup) => this.restore(backup),
    restoring: () => this.restoring,
  }
  /** The restore under way (on its own thread), or null. */
  private restoring: RestoreProgress | null = null

  /** Throws as {@link openDatabase} does for a database that is not damaged but cannot be opened. */
  constructor(
    readonly file: string,
    private readonly options: SessionOptions,
  ) {
    // A restore killed midway left the database as it was (SQLite drops what did not commit) and maybe
    // its copies; the database it was replacing, when already copied aside, stays listed as a backup.
    // Tidying is no reason for a start to fail: an unreadable folder is reported by the open below.
    try {
      clearInterruptedCopies(file)
    } catch (error) {
      console.error('episcore: could not tidy an interrupted restore:', error)
    }
    // This process answers windows: a large episode file checked or an agreement measured must not hold
    // them up.
    readLargeEpisodeFilesOffThread()
    measureAgreementOffThread()
    this.state = this.open(options.recovering ?? false)
    this.emptyTrash(options.now ?? new Date())
  }

  /**
   * The trash is emptied here, at the app's and the host's start, and nowhere else: a command never
   * deletes for good. A database another process holds is no reason to fail the start; the next
   * start tries again.
   */
  private emptyTrash(now: Date): void {
    const db = this.state.db
    if (!db) return
    try {
      const emptied = emptyTrash(db, now)
      if (emptied.length > 0)
        console.error(`episcore: emptied from the trash after ${TRASH_DAYS} days: ${emptied.join(', ')}`)
    } catch (error) {
      if (!sqliteUserError(error)) throw error
      console.error(`episcore: the trash could not be emptied: ${(error as Error).message}`)
    }
  }

  private open(keepBackupsReachable: boolean): State {
    let check: ReturnType<typeof checkDatabase>
    try {
      if (this.options.mustExist && !fs.existsSync(this.file)) throw missingDatabase(this.file)
      check = checkDatabase(this.file)
    } catch (error) {
      // A folder, an unreadable file or a missing disk fails the read-only look already.
      const failure = databaseOpenFailure(this.file, error) ?? error
      if (!keepBackupsReachable) throw failure
      const refusal = new UserError('corrupt-database', (failure as Error).message)
      return { db: null, refusal, handlers: refusingHandlers(refusal, this.backups) }
    }
    if (!check.ok) {
      const refusal = new UserError(
        'corrupt-database',
        `The database ${path.basename(this.file)} is damaged: ${check.problem}. Nothing was changed.`,
      )
      return { db: null, refusal, handlers: refusingHandlers(refusal, this.backups) }
    }
    try {
      // A conversion the upgrade runs (minutes for a network's catalogue) is said in the host's log.
      const db = openDatabase(this.file, { onProgress: progressLines((line) => console.error(line)) })
      // Checkpoints run between edits (see afterCall), not inside the edit that fills the WAL.
      db.pragma('wal_autocheckpoint = 0')
      const { files, peaks } = this.options
      const notices = (): string[] => {
        // The library asks as it appears, which may be before the shell's own call to prepare (the app
        // makes it once the page has loaded): the preparation then runs here, and only once.
        this.prepareLastEpisode()
        return this.unprepared === null ? [] : [this.unprepared]
      }
      // The app's library syncs with its desk by itself while it is open (nothing when never connected).
      this.desk ??= new DeskService(db, { live: true })
      const desk = this.desk
      return { db, handlers: createHandlers({ db, files, peaks, backups: this.backups, notices, desk }) }
    } catch (error) {
      // At start the caller reports it; after a restore, or when recovering, the backups must stay
      // reachable: the library shows the reason and its backups as it does for a damaged database.
      if (!keepBackupsReachable) throw error
      const refusal = new UserError('corrupt-database', (error as Error).message)
      return { db: null, refusal, handlers: refusingHandlers(refusal, this.backups) }
    }
  }

  /** Why the database cannot be used, or null when it can. */
  get problem(): string | null {
    return this.state.db ? null : this.state.refusal.message
  }

  /** The open database, for routes outside the contract (media, peaks); refuses as the methods do. */
  get db(): Db {
    if (!this.state.db) throw this.state.refusal
    return this.state.db
  }

  /**
   * One call of the contract. A window that names the view it holds (`viewBase`, null for none yet) is
   * answered with views as {@link ViewSender} marks them; without it (the CLI, scripts) views come whole.
   */
  async dispatch(method: string, request: unknown, viewBase?: string | null): Promise<Reply<unknown>> {
    const reply = await dispatch(this.state.handlers, method, request)
    this.afterCall()
    if (!reply.ok && reply.error.code === 'busy' && this.restoring && method !== 'backups.restore')
      return fail(
        'busy',
        `a backup is being restored (${Math.floor(this.restoring.progress * 100)}% done): ` +
          'nothing was changed; try again once it is done',
      )
    if (viewBase === undefined || !reply.ok) return reply
    return ok(this.views.encode(method, reply.value, viewBase))
  }

  /**
   * Today's backup, if none was taken yet and the database is usable: resolves with the new backup's
   * name or null, and rejects when it failed, which leaves the database itself untouched.
   */
  backUp(now = new Date()): Promise<string | null> {
    if (!this.state.db) return Promise.resolve(null)
    // A backup the app's closing abandoned did not fail: it was never going to be finished.
    const run = backupOnOpen(this.state.db, this.file, now).catch((error: unknown) => {
      if (this.closed) return null
      throw error
    })
    this.backupRun = run.catch(() => undefined)
    return run
  }

  /** "Back up now", whatever the day's backups; refused as every method is while the database is unusable. */
  private async backUpNow(): Promise<BackupInfo> {
    const db = this.db
    const run = backUpNow(db, this.file)
    this.backupRun = run.catch(() => undefined)
    return run
  }

  /**
   * The restore rewrites the database file in one transaction of its own (see restoreBackup), so this
   * session's connection, like any other process's, reads the restored database from its next call on;
   * only a database that could not be used is opened again. It runs on a thread of its own: the
   * windows' calls are answered meanwhile, reads from the database as it was until the restore commits,
   * and an edit, which the restore's write lock would hold up, is refused at once as busy with the
   * restore named (see {@link dispatch}).
   */
  private async restore(backup: string): Promise<RestoreOutcome> {
    if (this.restoring)
      throw new UserError(
        'busy',
        `the backup ${this.restoring.backup} is being restored; wait for it to finish`,
      )
    this.restoring = { backup, progress: 0 }
    try {
      await this.backupRun
      const usable = this.state.db
      // Waiting for the restore's lock would hold this thread, which the restore's answer needs.
      usable?.pragma('busy_timeout = 0')
      try {
        const outcome = await restoreBackupOffThread(this.file, backup, (progress) => {
          if (this.restoring) this.restoring = { backup, progress }
        })
        // The episode named is the replaced database's: the restored one was never tried.
        this.unprepared = null
        return outcome
      } finally {
        if (usable?.open) usable.pragma(`busy_timeout = ${busyTimeoutMs()}`)
        if (!usable) this.state = this.open(true)
      }
    } finally {
      this.restoring = null
    }
  }

  /**
   * Reads the episode edited last into the core's keeps (its transcript, its view's parts), so that the
   * editor reopening it, the usual first thing after a start, is not the one who waits for its four
   * hours of words to be read. Writes nothing. Answers the episode's id, or null when there is none or
   * it could not be read (which opening it will then report). Whatever the episode holds, the start
   * goes on: the episode is named with why it could not be prepared on stderr and, since an app's
   * editor reads no stderr, in the library's notices. Runs once, at the first of the shell's call and
   * the library's asking for its notices; later calls answer as the first did.
   */
  prepareLastEpisode(): string | null {
    const db = this.state.db
    if (!db) return null
    this.prepared ??= { id: this.prepare(db) }
    return this.prepared.id
  }

  private prepare(db: Db): string | null {
    let last: { id: string; title: string } | undefined
    try {
      last = db
        .prepare(
          `SELECT id, title FROM episodes WHERE trashed_at IS NULL ORDER BY updated_at DESC, id LIMIT 1`,
        )
        .get() as { id: string; title: string } | undefined
      if (last === undefined) return null
      episodeView(db, last.id)
      transcriptView(db, last.id)
      return last.id
    } catch (error) {
      const which = last
        ? `the episode “${withoutControlCharacters(last.title).text}” (${last.id})`
        : 'the last episode'
      const why = `${which} could not be prepared: ${(error as Error).message}`
      console.error(`episcore: ${why}`)
      this.unprepared = `At the start, ${why.replace(/\.$/, '')}. The other episodes are not affected.`
      return null
    }
  }

  /**
   * Copies the WAL into the database file once calls pause for a second (at least every five while
   * they do not): SQLite's own checkpoint would run inside whichever edit crossed its threshold, and
   * cost that edit several milliseconds of writing. Committed edits are safe in the WAL meanwhile.
   */
  private afterCall(): void {
    const db = this.state.db
    if (!db) return
    if (this.checkpoint) clearTimeout(this.checkpoint)
    const overdue = Date.now() - this.lastCheckpoint > CHECKPOINT_AT_LEAST_MS
    this.checkpoint = setTimeout(
      () => {
        this.checkpoint = null
        if (this.state.db !== db || !db.open) return
        this.lastCheckpoint = Date.now()
        try {
          db.pragma('wal_checkpoint(PASSIVE)')
        } catch (error) {
          // Another process holding the database is no reason to fail; the next pause tries again.
          if (!sqliteUserError(error)) throw error
        }
      },
      overdue ? 0 : CHECKPOINT_PAUSE_MS,
    )
    this.checkpoint.unref()
  }

  /** A backup still running is abandoned; its partial file never counts as a backup. */
  close(): void {
    this.closed = true
    if (this.checkpoint) clearTimeout(this.checkpoint)
    void this.desk?.close()
    this.state.db?.close()
  }
}
