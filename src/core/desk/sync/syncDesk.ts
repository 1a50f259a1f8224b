import type { SyncReport } from '../../../shared/contract/desk'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import { noteSync, waitingChanges } from './deskLink'
import { pullCatalogue, type PullWanted } from './pull'
import { pushOutbox } from './push'

/**
 * One round: the outbox pushed in order, then what is new pulled. Pushing first means a change made
 * here meets the catalogue's latest before anything is pulled over it; an analysis of this person's
 * changed on another machine too is then kept apart by the push, never overwritten by the pull.
 */
export async function syncDesk(
  db: Db,
  client: ClientBase,
  user: string,
  wanted: PullWanted = {},
): Promise<SyncReport> {
  try {
    const pushed = await pushOutbox(db, client, user)
    const { pulled, kept } = await pullCatalogue(db, client, user, wanted)
    noteSync(db, { at: new Date(), error: null })
    return { ...pushed, pulled, kept: [...pushed.kept, ...kept], waiting: waitingChanges(db) }
  } catch (error) {
    noteSync(db, {
      at: new Date(),
      error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    })
    throw error
  }
}
