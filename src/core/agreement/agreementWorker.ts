/**
 * The compare screen's thread's entry in the bundles (`out/main/agreementWorker.js` beside the app's
 * `core.js`, `out/cli/agreementWorker.js` beside the command line's, which serves the browser mode):
 * inside a bundle agreementOffThread has no file of its own for a worker thread to load.
 */
export { agreementReply, consensusReply } from './agreementOffThread'
