import type pg from 'pg'
import type {
  CatalogueAnalysis,
  DeskDifference,
  DeskStatus,
  RevisionEntry,
  SyncReport,
} from '../../shared/contract/desk'
import type { Db } from '../db/openDatabase'
import { UserError } from '../errors'
import { catalogueVersion, newerCatalogue } from './catalogue/migrateCatalogue'
import { CATALOGUE_MIGRATIONS } from './catalogue/migrations'
import {
  deskConnectionSettings,
  deskFailure,
  DeskUnreachableError,
  openDeskClient,
  type DeskConnectionSettings,
} from './connection'
import { analysisHistory, catalogueAnalyses } from './sync/catalogueQueries'
import { deskLink, linkDesk, unlinkDesk, waitingChanges } from './sync/deskLink'
import type { PullWanted } from './sync/pull'
import { syncDesk } from './sync/syncDesk'
import { verifyDesk } from './sync/verifyDesk'

/** The channel the catalogue's trigger announces each new revision on. */
export const DESK_CHANNEL = 'episcore_desk'

export interface DeskServiceOptions {
  /** Sync by itself while the library is open: push within a second, pull on the catalogue's NOTIFY. */
  live?: boolean
  /** Called when a sync brought something from the catalogue (the host tells its windows). */
  onArrival?: () => void
  /** Where PG* variables and HOME are read (the CLI's environment); process.env by default. */
  env?: NodeJS.ProcessEnv
  /** How long to wait between checks of the outbox while live, in ms. */
  outboxCheckMs?: number
  timeouts?: { connectMs?: number; statementMs?: number }
}

const FIRST_RETRY_MS = 1000
const LONGEST_RETRY_MS = 60_000

/**
 * A library's desk: its link to the catalogue, the one connection to it, and every sync. Operations take
 * turns on the one connection (a push's transaction must not interleave with another's). While live it
 * keeps the connection open, listens for other people's revisions, pushes the outbox within a second of
 * a change, and, when the catalogue cannot be reached, tries again with growing pauses while the library
 * works on offline.
 */
export class DeskService {
  private client: pg.Client | null = null
  private settings: DeskConnectionSettings | null = null
  /** The password given by the desktop app's keychain; kept in memory only. */
  private password: string | undefined
  private turn: Promise<unknown> = Promise.resolve()
  private online = false
  private arrivals = 0
  private notable: SyncReport | null = null
  private closed = false
  private retryMs = FIRST_RETRY_MS
  private retryTimer: NodeJS.Timeout | null = null
  private outboxTimer: NodeJS.Timeout | null = null
  private syncSoon: NodeJS.Timeout | null = null

  constructor(
    private readonly db: Db,
    private readonly options: DeskServiceOptions = {},
  ) {
    if (options.live && deskLink(db)) this.goLive()
  }

  status(): DeskStatus {
    const link = deskLink(this.db)
    return {
      connected: link !== null,
      url: link?.url ?? null,
      user: link?.user ?? null,
      insecure: link?.insecure ?? false,
      online: link !== null && this.online,
      waiting: link ? waitingChanges(this.db) : 0,
      lastSyncAt: link?.lastSyncAt ?? null,
      lastError: link?.lastError ?? null,
      arrivals: this.arrivals,
      notable: this.notable,
    }
  }

  /** Joins the catalogue at `url` as the URL's user, after checking it is a catalogue this app knows. */
  async connect(request: { url: string; insecure?: boolean; password?: string }): Promise<{
    status: DeskStatus
    sync: SyncReport | null
  }> {
    const settings = deskConnectionSettings(request.url, {
      ...(request.insecure !== undefined && { insecure: request.insecure }),
      ...(request.password !== undefined && { password: request.password }),
      ...(this.options.env && { env: this.options.env }),
      ...(this.options.timeouts && { timeouts: this.options.timeouts }),
    })
    return this.inTurn(async () => {
      await this.drop()
      const client = await openDeskClient(settings)
      try {
        const version = await catalogueVersion(client)
        if (version === 0)
          throw new UserError(
            'invalid-input',
            `${settings.display} holds no desk catalogue: create it with episcore desk init URL (as the database's owner)`,
          )
        if (version > CATALOGUE_MIGRATIONS.length) throw newerCatalogue(version, CATALOGUE_MIGRATIONS.length)
        const { rows } = await client.query<{ user: string }>('SELECT current_user AS "user"')
        const user = rows[0]?.user ?? settings.user
        // As typed (it holds no password: that is refused): a service name stays a name, read again each time.
        linkDesk(this.db, { url: request.url, user, insecure: request.insecure === true })
      } catch (error) {
        await client.end().catch(() => undefined)
        throw error instanceof UserError ? error : deskFailure(error, settings, 'use')
      }
      this.adopt(client, settings, request.password)
      const sync = await this.syncNow({})
      return { status: this.status(), sync }
    }).finally(() => {
      if (this.options.live && deskLink(this.db)) this.goLive()
    })
  }

  disconnect(): Promise<DeskStatus> {
    return this.inTurn(async () => {
      this.stopLive()
      await this.drop()
      unlinkDesk(this.db)
      this.password = undefined
      return this.status()
    })
  }

  sync(wanted: PullWanted = {}): Promise<SyncReport> {
    return this.inTurn(async () => {
      const reused = this.client !== null
      await this.ensureClient()
      try {
        return await this.syncNow(wanted)
      } catch (error) {
        // A connection kept open since the last sync may have died unnoticed (a network blip, a server
        // restart): found closed on first use, it is no reason to fail while a new one may work. Once.
        if (!reused || !(error instanceof DeskUnreachableError) || error.reason !== 'closed') throw error
        await this.ensureClient()
        return this.syncNow(wanted)
      }
    })
  }

  list(): Promise<CatalogueAnalysis[]> {
    return this.withClient((client) => catalogueAnalyses(this.db, client))
  }

  history(id: string): Promise<RevisionEntry[]> {
    return this.withClient(async (client) => {
      const entries = await analysisHistory(client, id)
      if (entries.length === 0) throw new UserError('not-found', `the desk has no analysis ${id}`)
      return entries
    })
  }

  verify(): Promise<DeskDifference[]> {
    return this.withClient((client) => verifyDesk(this.db, client))
  }

  /**
   * Runs `work` on the catalogue's connection as this library's person, in turn with every other use of
   * it; a lost catalogue comes out as the one-line failure. For the desk's work (assignments, the board).
   */
  withConnection<T>(work: (client: pg.Client, user: string) => Promise<T>): Promise<T> {
    return this.withClient((client) => work(client, this.status().user ?? this.settings?.user ?? ''))
  }

  /** Syncs now, in turn (a submit pushes the analysis before its assignment moves). */
  syncWith(wanted: PullWanted = {}): Promise<SyncReport> {
    return this.sync(wanted)
  }

  /** Ends the connection and every timer: the library is closing. */
  async close(): Promise<void> {
    this.closed = true
    this.stopLive()
    await this.inTurn(() => this.drop()).catch(() => undefined)
  }

  private withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      const client = await this.ensureClient()
      try {
        return await work(client)
      } catch (error) {
        throw await this.failed(error)
      }
    })
  }

  /** One operation at a time on the connection, in the order asked. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work)
    this.turn = run.catch(() => undefined)
    return run
  }

  private async syncNow(wanted: PullWanted): Promise<SyncReport> {
    const client = this.client
    if (!client || !this.settings) throw new Error('syncNow without a connection')
    try {
      const report = await syncDesk(this.db, client, this.status().user ?? this.settings.user, wanted)
      this.online = true
      if (report.conflicts.length > 0 || report.kept.length > 0) this.notable = report
      if (report.pulled.length > 0) {
        this.arrivals += 1
        this.options.onArrival?.()
      }
      return report
    } catch (error) {
      throw await this.failed(error)
    }
  }

  /** A failure on the connection: a lost catalogue is said in one line, and the connection dropped. */
  private async failed(error: unknown): Promise<unknown> {
    if (error instanceof UserError && !(error instanceof DeskUnreachableError)) return error
    const settings = this.settings
    await this.drop()
    this.online = false
    return settings ? deskFailure(error, settings, 'use') : error
  }

  private async ensureClient(): Promise<pg.Client> {
    if (this.client) return this.client
    const link = deskLink(this.db)
    if (!link)
      throw new UserError(
        'invalid-request',
        'this library is not connected to a desk: episcore desk connect URL',
      )
    const settings = deskConnectionSettings(link.url, {
      insecure: link.insecure,
      ...(this.password !== undefined && { password: this.password }),
      ...(this.options.env && { env: this.options.env }),
      ...(this.options.timeouts && { timeouts: this.options.timeouts }),
    })
    try {
      const client = await openDeskClient(settings)
      this.adopt(client, settings, this.password)
      return client
    } catch (error) {
      this.online = false
      this.db.prepare(`UPDATE desk_link SET last_error = ?`).run((error as Error).message)
      throw error
    }
  }

  private adopt(client: pg.Client, settings: DeskConnectionSettings, password: string | undefined): void {
    this.client = client
    this.settings = settings
    this.password = password
    this.online = true
    client.on('end', () => {
      if (this.client !== client) return
      this.client = null
      this.online = false
      if (this.options.live && !this.closed) this.retryLater()
    })
    if (this.options.live) {
      client.on('notification', (message) => {
        if (message.channel === DESK_CHANNEL) this.scheduleSync(100)
      })
      client.query(`LISTEN ${DESK_CHANNEL}`).catch(() => undefined)
    }
  }

  private async drop(): Promise<void> {
    const client = this.client
    this.client = null
    if (client) await client.end().catch(() => undefined)
  }

  /** Live sync: connect (or keep trying), then watch the outbox and the catalogue. */
  private goLive(): void {
    if (this.closed || this.outboxTimer) return
    const every = this.options.outboxCheckMs ?? 250
    this.outboxTimer = setInterval(() => {
      if (this.client && waitingChanges(this.db) > 0) this.scheduleSync(0)
    }, every)
    this.outboxTimer.unref()
    this.scheduleSync(0)
  }

  private stopLive(): void {
    for (const timer of [this.outboxTimer, this.syncSoon, this.retryTimer]) if (timer) clearTimeout(timer)
    this.outboxTimer = null
    this.syncSoon = null
    this.retryTimer = null
  }

  private scheduleSync(delayMs: number): void {
    if (this.closed || this.syncSoon) return
    this.syncSoon = setTimeout(() => {
      this.syncSoon = null
      if (!deskLink(this.db)) return
      this.sync().then(
        () => {
          this.retryMs = FIRST_RETRY_MS
        },
        () => this.retryLater(),
      )
    }, delayMs)
    this.syncSoon.unref()
  }

  /** Tries again after a pause that doubles each time, up to a minute; offline meanwhile. */
  private retryLater(): void {
    if (this.closed || this.retryTimer || !deskLink(this.db)) return
    const wait = this.retryMs
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.scheduleSync(0)
    }, wait)
    this.retryTimer.unref()
  }
}
