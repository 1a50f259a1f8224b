import type { AgreementDetail } from '../../shared/agreement'
import { KeptThread, threadReply, type ThreadReply } from '../worker/keptThread'
import { workerModule } from '../worker/workerModule'
import { agreement, type AnalysisSource } from './agreement'

/** The worker's entry that the builds write beside their bundles (see agreementWorker.ts). */
export const BUNDLED_AGREEMENT_WORKER = 'agreementWorker.js'

/** Runs in the thread: the agreement of analyses sent to it. */
export const agreementReply = (sources: AnalysisSource[]): ThreadReply<AgreementDetail> =>
  threadReply(() => agreement(sources))

let offThread = false
let thread: KeptThread<AnalysisSource[], AgreementDetail> | null | undefined

/**
 * Makes this process measure agreement on a thread of its own: a process that answers windows (the
 * browser host, the app's core) calls it when it opens its database. Fifty analyses of thousands of
 * chapters take seconds, which the other windows' calls must not wait for. A one-shot command (the
 * CLI) has no one else to answer, and would only pay the thread's start.
 */
export function measureAgreementOffThread(): void {
  offThread = true
}

/** {@link agreement}, on the agreement's thread where this process answers windows and it can load there. */
export async function agreementOffThread(sources: AnalysisSource[]): Promise<AgreementDetail> {
  if (offThread && thread === undefined) {
    const where = workerModule(__filename, 'agreementOffThread', BUNDLED_AGREEMENT_WORKER)
    thread = where && new KeptThread(where, 'agreementReply', "the agreement's thread")
  }
  return offThread && thread ? thread.run(sources) : agreement(sources)
}
