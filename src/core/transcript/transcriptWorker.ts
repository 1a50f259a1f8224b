/**
 * The large-transcript reader's entry in the bundle (`out/main/transcriptWorker.js`): inside `core.js`
 * this module has no file of its own for a worker thread to load, so the build emits one beside it.
 */
export { readTranscriptReply } from './transcriptFile'
