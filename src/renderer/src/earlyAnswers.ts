import type { RequestOf, ResponseOf } from '../../shared/contract'
import type { Reply } from '../../shared/result'
import { platform } from './platform'

/** What the library shows first, asked as the page's script starts. */
// The listing's start, not the whole listing: see useLibraryListing.
const EARLY = ['episodes.listStart', 'library.dimensions', 'preferences.get'] as const
type Early = (typeof EARLY)[number]

const asked = new Map<Early, Promise<Reply<unknown>>>()

/**
 * Asks the core for the library's rows, columns and kept choices before React draws anything: the
 * answers travel while the page makes its first render, instead of after it. Only where the window
 * opens on the library.
 */
export function askLibraryEarly(): void {
  for (const method of EARLY) asked.set(method, platform.call(method, {}))
}

/** The answer asked early, once; later asks (a refresh after a change) go to the core again. */
export function answerOf<K extends Early>(method: K): Promise<Reply<ResponseOf<K>>> {
  const early = asked.get(method)
  asked.delete(method)
  // Each of them takes an empty request.
  return (early ?? platform.call(method, {} as RequestOf<K>)) as Promise<Reply<ResponseOf<K>>>
}
