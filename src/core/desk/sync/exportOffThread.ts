import { openDatabase, type Db } from '../../db/openDatabase'
import { BUNDLED_EPISODE_WORKER } from '../../load/loadOffThread'
import { KeptThread, threadReply, type ThreadReply } from '../../worker/keptThread'
import { workerModule } from '../../worker/workerModule'
import { analysisDocument, type AnalysisDocument } from './analysisDocument'

/*
 * A large push exports its analyses on a thread of its own, through a connection of its own: reading,
 * checking and writing out an hour-long episode as JSON is ~30 ms, which the thread does for the next
 * analyses while this one sends the ones before and keeps the library's bookkeeping. Only the text and
 * its hash come back. Inside the bundles the thread loads the loading thread's entry, which exports
 * this module's reply too (episodeFileWorker.ts).
 */

/** The export thread's connection to each library it read, kept for the next push. */
const connections = new Map<string, Db>()

/** Runs on the export thread: one analysis as the catalogue takes it, read from the library `file`. */
export const analysisDocumentReply = (input: {
  file: string
  episodeId: string
  analysisId: string
}): ThreadReply<AnalysisDocument> =>
  threadReply(() => {
    let db = connections.get(input.file)
    if (!db) connections.set(input.file, (db = openDatabase(input.file)))
    return analysisDocument(db, input.episodeId, input.analysisId)
  })

type ExportThread = KeptThread<{ analysisDocumentReply: typeof analysisDocumentReply }>

let thread: ExportThread | null | undefined

function exportThread(): ExportThread | null {
  if (thread === undefined) {
    const where = workerModule(__filename, 'exportOffThread', BUNDLED_EPISODE_WORKER)
    thread = where && new KeptThread(where, 'the desk’s export thread')
  }
  return thread
}

/** An analysis handed to the exporter; its document, taken in turn. */
export type DocumentLater = () => Promise<AnalysisDocument>

/**
 * Exports analyses of the library `db` for a push: on the export thread when `many` (its start costs
 * more than a few exports) and the library is a file it can open, started as each is handed over; else
 * in place as each is taken. The same export either way; a refusal is a UserError where it is taken.
 */
export function analysisExporter(
  db: Db,
  many: boolean,
): (episodeId: string, analysisId: string) => DocumentLater {
  const onThread = many && db.name !== ':memory:' && db.name !== '' ? exportThread() : null
  if (!onThread) return (episodeId, analysisId) => async () => analysisDocument(db, episodeId, analysisId)
  return (episodeId, analysisId) => {
    const doc = onThread.run('analysisDocumentReply', { file: db.name, episodeId, analysisId })
    // Failed while earlier ones are pushed: thrown where taken, not an unhandled rejection meanwhile.
    doc.catch(() => undefined)
    return () => doc
  }
}
