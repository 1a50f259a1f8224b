/** The desk: this library's link to a shared catalogue on PostgreSQL, and what syncs through it. */
import { z } from 'zod'
import { method } from './method'

/** Where the library stands with its desk, as the library screen and `desk status` say it. */
export interface DeskStatus {
  /** Whether the library is joined to a catalogue (it stays joined while offline). */
  connected: boolean
  /** The catalogue's URL without any secret; null when not connected. */
  url: string | null
  /** The PostgreSQL role this library syncs as. */
  user: string | null
  /** Joined without TLS to a host outside this machine (`--insecure`). */
  insecure: boolean
  /** Whether the catalogue answered the last time it was asked. */
  online: boolean
  /** Analyses with changes the catalogue has not taken yet. */
  waiting: number
  /** The last sync that finished (ISO 8601). */
  lastSyncAt: string | null
  /** Why the last attempt failed, one line; null after a success. */
  lastError: string | null
  /** Counts the syncs that brought something: a screen showing desk data reads again when it moves. */
  arrivals: number
  /**
   * The last sync, by hand or by itself, that kept a change apart as a conflict or left an analysis
   * here: what the app says until a later one does; null when none has since the library opened.
   */
  notable: SyncReport | null
}

export interface PushedAnalysis {
  episodeId: string
  analysisId: string
  revision: number
}

/** The same person changed one analysis on two machines: the later push became an analysis of its own. */
export interface SyncConflict {
  episodeId: string
  analysisId: string
  keptAs: string
}

export interface PulledAnalysis {
  episodeId: string
  analysisId: string
  owner: string
  revision: number
}

export interface KeptHere {
  episodeId: string
  reason: string
}

/** What one sync did: `desk sync --json`. */
export interface SyncReport {
  pushed: PushedAnalysis[]
  pulled: PulledAnalysis[]
  conflicts: SyncConflict[]
  /** Analyses the push left here, and why (the roles, the format's caps). */
  kept: KeptHere[]
  waiting: number
}

/** An analysis of the catalogue, listed without its document: `desk list --json`. */
export interface CatalogueAnalysis {
  id: string
  show: string | null
  title: string
  owner: string
  kind: string
  status: string
  revision: number
  /** This library's id for it when it is here; null for "in the desk, not here". */
  here: string | null
}

/** One revision of an analysis: `desk history ID`. */
export interface RevisionEntry {
  revision: number
  owner: string
  madeAt: string
  title: string
  status: string
  contentHash: string
}

/** An analysis whose copy here is not the catalogue's latest revision: `desk verify`. */
export interface DeskDifference {
  episodeId: string
  analysisId: string
  problem: string
}

const analysisId = z.string().min(1).max(200)

export const deskMethods = {
  'desk.status': method<DeskStatus>()(z.strictObject({})),
  /**
   * Joins the library to the catalogue at `url` (no password in it: PGPASSWORD, ~/.pgpass, a service
   * entry, or the desktop app's keychain as `password`) and syncs once.
   */
  'desk.connect': method<{ status: DeskStatus; sync: SyncReport | null }>()(
    z.strictObject({
      url: z.string().min(1).max(2000),
      insecure: z.boolean().optional(),
      password: z.string().max(1000).optional(),
    }),
  ),
  /** Leaves the catalogue; what the library pulled stays, and connecting again resumes. */
  'desk.disconnect': method<DeskStatus>()(z.strictObject({})),
  'desk.sync': method<SyncReport>()(z.strictObject({})),
  'desk.list': method<CatalogueAnalysis[]>()(z.strictObject({})),
  /** Brings analyses from the catalogue by id, or every analysis of a show. */
  'desk.get': method<SyncReport>()(
    z.union([
      z.strictObject({ ids: z.array(analysisId).min(1).max(10_000) }),
      z.strictObject({ show: z.string().min(1).max(200) }),
    ]),
  ),
  'desk.history': method<RevisionEntry[]>()(z.strictObject({ id: analysisId })),
  'desk.verify': method<DeskDifference[]>()(z.strictObject({})),
}
