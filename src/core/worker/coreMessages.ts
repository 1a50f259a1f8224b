import type { Reply } from '../../shared/result'

/**
 * What the desktop shell asks of the core process. The core runs in its own process (Electron's
 * utilityProcess) so that SQLite, imports, exports and peaks never hold up the window's menus and paint.
 */
export type CoreRequest =
  /** One method of the contract, as the window called it. */
  | { kind: 'call'; method: string; request: unknown; viewBase: string | null }
  /** A file the user picked in a native dialog or dropped: answered with its handle. */
  | { kind: 'registerFile'; path: string }
  /** Where an episode's media is, for the media protocol to stream (the path never reaches the page). */
  | { kind: 'mediaFile'; episodeId: string }
  /** An episode's finished peaks file at a level (`full` or `overview`), made first when missing. */
  | { kind: 'peaksFile'; episodeId: string; level: string | null }
  /** Reads the episode edited last ahead of the editor opening it again. */
  | { kind: 'prepareLastEpisode' }

/** What each request answers. */
export interface CoreAnswers {
  call: Reply<unknown>
  registerFile: string
  mediaFile: { path: string; fileName: string }
  peaksFile: string
  prepareLastEpisode: string | null
}

export type CoreRequestMessage = { id: number } & CoreRequest
export type CoreReplyMessage =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; notFound: boolean; message: string }

/** Sent once by the core when its database is open (`problem` names damage it found) or cannot be. */
export type CoreStartMessage =
  { kind: 'started'; problem: string | null } | { kind: 'cannot-start'; message: string }

export type CoreMessage = CoreReplyMessage | CoreStartMessage

export const isStartMessage = (message: CoreMessage): message is CoreStartMessage => 'kind' in message
