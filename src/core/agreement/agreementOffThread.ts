import type { AgreementDetail } from '../../shared/agreement'
import { openDatabase, type Db } from '../db/openDatabase'
import { KeptThread, threadReply, type ThreadReply } from '../worker/keptThread'
import { workerModule } from '../worker/workerModule'
import { agreement, type AnalysisSource } from './agreement'
import { buildConsensus } from './consensus'

/** The worker's entry that the builds write beside their bundles (see agreementWorker.ts). */
export const BUNDLED_AGREEMENT_WORKER = 'agreementWorker.js'

/** Runs in the thread: the agreement of analyses sent to it. */
export const agreementReply = (sources: AnalysisSource[]): ThreadReply<AgreementDetail> =>
  threadReply(() => agreement(sources))

/** The thread's own connection to each database it built a consensus in, kept for the next. */
const connections = new Map<string, Db>()

/**
 * Runs in the thread: a consensus built in the database `file` through the thread's own connection, as
 * another process would build it (the host's connection reads it from its next call on).
 */
export const consensusReply = ({ file, ids }: { file: string; ids: string[] }): ThreadReply<{ id: string }> =>
  threadReply(() => {
    let db = connections.get(file)
    if (!db) connections.set(file, (db = openDatabase(file)))
    return buildConsensus(db, ids)
  })

let offThread = false
let thread:
  | KeptThread<{ agreementReply: typeof agreementReply; consensusReply: typeof consensusReply }>
  | null
  | undefined

/**
 * Makes this process measure agreement and build consensuses on a thread of its own: a process that
 * answers windows (the browser host, the app's core) calls it when it opens its database. Fifty
 * analyses of thousands of chapters take seconds, which the other windows' calls must not wait for. A
 * one-shot command (the CLI) has no one else to answer, and would only pay the thread's start.
 */
export function measureAgreementOffThread(): void {
  offThread = true
}

function compareThread(): typeof thread {
  if (offThread && thread === undefined) {
    const where = workerModule(__filename, 'agreementOffThread', BUNDLED_AGREEMENT_WORKER)
    thread = where && new KeptThread(where, "the compare screen's thread")
  }
  return offThread ? thread : null
}

/** {@link agreement}, on the compare screen's thread where this process answers windows and it can load there. */
export async function agreementOffThread(sources: AnalysisSource[]): Promise<AgreementDetail> {
  const where = compareThread()
  return where ? where.run('agreementReply', sources) : agreement(sources)
}

/**
 * {@link buildConsensus}, on the compare screen's thread where this process answers windows: reading
 * the analyses, copying the first and writing it take about a second for 2,000 chapters. A database
 * in memory has no file for the thread to open: it is built in place.
 */
export async function buildConsensusOffThread(db: Db, ids: string[]): Promise<{ id: string }> {
  const where = compareThread()
  return where && db.name !== ':memory:' && db.name !== ''
    ? where.run('consensusReply', { file: db.name, ids })
    : buildConsensus(db, ids)
}
