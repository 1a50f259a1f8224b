import type { SyncReport } from '../../../shared/contract/desk'
import type { ClientBase } from 'pg'
import type { Db } from '../../db/openDatabase'
import {
  cacheQueue,
  hasAssignments,
  inCatalogue,
  makeAssignedCopies,
  markStarted,
  missingHere,
  ownAssignments,
} from './assignedCopies'
import { syncCodebooks } from './codebookSync'
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
    // Codebooks before the analyses: a pulled analysis stamped with a version this library lacks then
    // finds it whole (anchors too), not remade from the document's rubric.
    const codebooks = await syncCodebooks(db, client)
    // A version moved apart from the desk's restamped the analyses scored under it: sent in this round.
    if (codebooks.restamped > 0) merge(pushed, await pushOutbox(db, client, user))
    const { pulled, kept } = await pullCatalogue(db, client, user, wanted)
    kept.unshift(...codebooks.kept)
    if (await hasAssignments(client)) {
      const work = await syncAssignments(db, client, user)
      pulled.push(...work.pulled)
      kept.push(...work.kept)
      merge(pushed, work.pushed)
    }
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

type Pushed = Awaited<ReturnType<typeof pushOutbox>>
const merge = (into: Pushed, more: Pushed): void => {
  into.pushed.push(...more.pushed)
  into.conflicts.push(...more.conflicts)
  into.kept.push(...more.kept)
}

/**
 * This person's assignments (issue 44): the analysis of each brought here (from another machine of
 * theirs, else made from the episode) and pushed at once, so the lead sees it; the ones changed here
 * moved to started; the queue kept in the library for working offline.
 */
async function syncAssignments(db: Db, client: ClientBase, user: string) {
  const own = await ownAssignments(client)
  let missing = missingHere(db, own)
  const elsewhere = await inCatalogue(
    client,
    missing.map((a) => a.analysis_id),
  )
  const fetched =
    elsewhere.length > 0
      ? await pullCatalogue(db, client, user, { ids: elsewhere })
      : { pulled: [], kept: [] }
  if (elsewhere.length > 0) missing = missingHere(db, missing)
  const { made, kept } = await makeAssignedCopies(db, client, user, missing)
  const pushed =
    made.length > 0 ? await pushOutbox(db, client, user) : { pushed: [], conflicts: [], kept: [] }
  await markStarted(db, client, own)
  cacheQueue(db, own)
  return { pulled: fetched.pulled, kept: [...fetched.kept, ...kept], pushed }
}
