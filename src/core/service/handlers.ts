import {
  contract,
  isMethodName,
  type MethodName,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../shared/contract'
import { jsonPointer } from '../../shared/jsonPointer'
import { fail, ok, type Reply } from '../../shared/result'
import type { Db } from '../db/openDatabase'
import { createEpisode } from '../episodes/createEpisode'
import { episodeView, listEpisodes } from '../episodes/episodeQueries'
import { relinkMedia } from '../episodes/relinkMedia'
import { updateEpisode } from '../episodes/updateEpisode'
import { UserError } from '../errors'
import { exportEpisode, exportFileName } from '../export/exportEpisode'
import { redo, undo } from '../history/editHistory'
import type { PeaksCache } from '../media/peaksCache'
import type { FileRefs } from './fileRefs'

export type Handlers = {
  [K in MethodName]: (request: ParsedRequestOf<K>) => ResponseOf<K> | Promise<ResponseOf<K>>
}

export interface CoreContext {
  db: Db
  files: FileRefs
  peaks: PeaksCache
}

/** The core's side of the contract: one function per method. */
export function createHandlers({ db, files, peaks }: CoreContext): Handlers {
  return {
    'episodes.list': () => listEpisodes(db),
    'episodes.create': async (r) => ({
      id: await createEpisode(db, {
        mediaPath: files.resolve(r.media),
        ...(r.transcript && { transcriptPath: files.resolve(r.transcript) }),
        ...(r.title && { title: r.title }),
        ...(r.show && { show: r.show }),
        ...(r.publishedOn && { publishedOn: r.publishedOn }),
      }),
    }),
    'episodes.open': (r) => episodeView(db, r.id),
    'episodes.update': (r) => {
      updateEpisode(db, r.id, r.patch)
      return episodeView(db, r.id)
    },
    'episodes.export': (r) => {
      const doc = exportEpisode(db, r.id)
      return { fileName: exportFileName(doc), json: JSON.stringify(doc, null, 2) + '\n' }
    },
    'episodes.relinkMedia': async (r) => {
      const { sameContent } = await relinkMedia(db, r.id, files.resolve(r.media))
      return { view: episodeView(db, r.id), sameContent }
    },
    'media.peaks': (r) => peaks.status(db, r.id, r.restart ? 'restart' : 'start'),
    'media.cancelPeaks': (r) => peaks.cancel(db, r.id),
    'history.undo': (r) => {
      undo(db, r.id)
      return episodeView(db, r.id)
    },
    'history.redo': (r) => {
      redo(db, r.id)
      return episodeView(db, r.id)
    },
  }
}

/**
 * The core's door: checks the method name and the request against the contract, runs the handler and
 * turns every outcome into a reply. User mistakes come back as messages; anything else is logged and
 * reported as an internal error without its stack.
 */
export async function dispatch(
  handlers: Handlers,
  method: string,
  request: unknown,
): Promise<Reply<unknown>> {
  if (!isMethodName(method)) return fail('unknown-method', `unknown method "${method}"`)
  const parsed = contract[method].request.safeParse(request ?? {})
  if (!parsed.success)
    return fail(
      'invalid-request',
      parsed.error.issues.map((i) => `${jsonPointer(i.path)}: ${i.message}`).join('; '),
    )
  try {
    const handler = handlers[method] as (r: unknown) => unknown
    return ok(await handler(parsed.data))
  } catch (error) {
    if (error instanceof UserError) return fail(error.code, error.message)
    console.error(`episcore: ${method} failed:`, error)
    return fail('internal', `${method} failed: ${(error as Error).message ?? String(error)}`)
  }
}
