/**
 * The loading thread's entry in the bundles (`out/main/episodeFileWorker.js` beside the app's
 * `core.js`, `out/cli/episodeFileWorker.js` beside the command line's, which serves the browser
 * mode): inside a bundle loadOffThread has no file of its own for a worker thread to load.
 */
export { dropLoadReply, prepareLoadReply, readyReply, rowsReply, writeLoadReply } from './loadOffThread'
// The desk's export thread runs from the same entry: a bundle has one worker file (exportOffThread.ts).
export { analysisDocumentReply } from '../desk/sync/exportOffThread'
