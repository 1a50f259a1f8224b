import { PeaksCache, peaksFolderBeside, peaksLevelOf } from '../media/peaksCache'
import { servableMedia } from '../media/mediaPath'
import { DatabaseSession } from '../service/databaseSession'
import { FileRefs } from '../service/fileRefs'
import { UserError } from '../errors'
import type { CoreMessage, CoreRequest, CoreRequestMessage } from './coreMessages'

/** Both ways a parent can talk to this process: Electron's parentPort and Node's IPC channel. */
export interface ParentChannel {
  send(message: CoreMessage): void
  onMessage(listener: (message: unknown) => void): void
}

function isRequestMessage(message: unknown): message is CoreRequestMessage {
  const m = message as { id?: unknown; kind?: unknown } | null
  return typeof m === 'object' && m !== null && typeof m.id === 'number' && typeof m.kind === 'string'
}

export interface CoreOptions {
  /**
   * Started by the editor's choice to recover: a database that cannot be opened is answered as the
   * library answers a damaged one (its backups offered) instead of ending the process.
   */
  recovering?: boolean
  /** Restarted after a crash: the database must still be at its path (see SessionOptions.mustExist). */
  mustExist?: boolean
  /** Asked by the shell to close: the database is closed, the reply sent, then this ends the process. */
  onClosed?: () => void
}

/**
 * The core as the desktop app runs it, in a process of its own: opens the database, takes the daily
 * backup, and answers the shell's requests one message each. A damaged database still starts (the
 * library then offers the backups); one that cannot be opened at all is reported and null answered,
 * for the caller to end the process.
 */
export function serveCore(
  databaseFile: string,
  parent: ParentChannel,
  options: CoreOptions = {},
): DatabaseSession | null {
  const files = new FileRefs()
  const peaks = new PeaksCache(peaksFolderBeside(databaseFile))
  let database: DatabaseSession
  try {
    database = new DatabaseSession(databaseFile, {
      files,
      peaks,
      recovering: options.recovering,
      mustExist: options.mustExist,
    })
  } catch (error) {
    parent.send({ kind: 'cannot-start', message: (error as Error).message })
    return null
  }

  const answer = async (request: CoreRequest): Promise<unknown> => {
    switch (request.kind) {
      case 'call':
        return database.dispatch(request.method, request.request, request.viewBase)
      case 'registerFile':
        return files.registerAs(request.ref, request.path)
      case 'mediaFile':
        return servableMedia(database.db, request.episodeId)
      case 'peaksFile':
        return peaks.fileForEpisode(database.db, request.episodeId, peaksLevelOf(request.level))
      case 'prepareLastEpisode':
        return database.prepareLastEpisode()
      case 'close':
        // Waveforms being computed are given up, not waited for: an hour's decode would hold the quit
        // past the shell's wait, and a launch made meanwhile would be lost.
        peaks.cancelAll()
        // Every request already under way (this one is not yet among them) is answered first.
        await Promise.allSettled([...underWay])
        database.close()
        return null
    }
  }

  const underWay = new Set<Promise<unknown>>()
  parent.onMessage((message) => {
    if (!isRequestMessage(message)) return
    const answering = answer(message)
    underWay.add(answering)
    void answering.finally(() => underWay.delete(answering)).catch(() => undefined)
    answering.then(
      (value) => {
        parent.send({ id: message.id, ok: true, value })
        if (message.kind === 'close') options.onClosed?.()
      },
      (error: unknown) =>
        parent.send({
          id: message.id,
          ok: false,
          notFound: error instanceof UserError && error.code === 'not-found',
          message: (error as Error).message,
        }),
    )
  })
  parent.send({ kind: 'started', problem: database.problem })
  // Not awaited: the window need not wait for a large database's copy.
  database.backUp().catch((error: unknown) => console.error('episcore: the daily backup failed:', error))
  return database
}
