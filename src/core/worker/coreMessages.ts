import type { Reply } from '../../shared/result'
import type { ServedMedia } from '../media/mediaPath'

/**
 * What the desktop shell asks of the core process. The core runs in its own process (Electron's
 * utilityProcess) so that SQLite, imports, exports and peaks never hold up the window's menus and paint.
 */
export type CoreRequest =
  /** One method of the contract, as the window called it. */
  | { kind: 'call'; method: string; request: unknown; viewBase: string | null }
  /**
   * A file the user picked in a native dialog or dropped, under the handle the shell gave it. The shell
   * keeps its handles and registers them again with a restarted core, so none goes stale.
   */
  | { kind: 'registerFile'; path: string; ref: string }
  /**
   * Where an episode's media is, with the size and modification time it was checked at, for the media
   * protocol to keep and stream (the path never reaches the page). See servableMedia.
   */
  | { kind: 'mediaFile'; episodeId: string }
  /** An episode's finished peaks file at a level (`full` or `overview`), made first when missing. */
  | { kind: 'peaksFile'; episodeId: string; level: string | null }
  /** Reads the episode edited last ahead of the editor opening it again. */
  | { kind: 'prepareLastEpisode' }
  /**
   * Closes the database and ends the process: how the shell quits. A kill cannot be that on Windows,
   * where it is TerminateProcess and no SIGTERM handler runs.
   */
  | { kind: 'close' }

/** What each request answers. */
export interface CoreAnswers {
  call: Reply<unknown>
  registerFile: string
  mediaFile: ServedMedia
  peaksFile: string
  prepareLastEpisode: string | null
  close: null
}

export type CoreRequestMessage = { id: number } & CoreRequest
export type CoreReplyMessage =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; notFound: boolean; message: string }

/** Sent once by the core when its database is open (`problem` names damage it found) or cannot be. */
export type CoreStartMessage =
  { kind: 'started'; problem: string | null } | { kind: 'cannot-start'; message: string }

export type CoreMessage = CoreReplyMessage | CoreStartMessage

export const isStartMessage = (message: CoreMessage): message is CoreStartMessage => 'kind' in message
