import fs from 'node:fs'
import { Readable } from 'node:stream'
import { mediaMimeType, parseRange } from '../core/media/byteRange'
import type { MediaToServe } from '../core/media/servedMediaCache'
import { CoreRefusal } from './coreClient'
import { APP_ORIGIN } from './schemes'

/**
 * An episode's media, from the shell's keep checked by a stat (see ServedMediaCache), and its peaks
 * from the core; both refuse an unknown episode.
 */
export interface MediaLocator {
  media(episodeId: string): Promise<MediaToServe>
  peaks(episodeId: string, level: string | null): Promise<string>
}

/** The page's fetch of peaks is a CORS request from the app's origin (a scheme of its own). */
const CORS_HEADERS = {
  'access-control-allow-origin': APP_ORIGIN,
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'range',
  'access-control-expose-headers': 'content-length, content-range, accept-ranges',
  vary: 'origin',
}

/**
 * Answers `episcore-media://media/<episodeId>` and `episcore-media://peaks/<episodeId>?level=`: the
 * media by episode id only (no path can be named), with byte ranges so that video seeking works.
 */
export async function answerMediaRequest(locate: MediaLocator, request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS })
  const url = new URL(request.url)
  try {
    // Inside the try: a malformed escape names no episode, a 404 like any other unknown id.
    const episodeId = decodeURIComponent(url.pathname.replace(/^\/+/, ''))
    if (url.hostname === 'peaks') {
      const file = await locate.peaks(episodeId, url.searchParams.get('level'))
      return new Response(fs.readFileSync(file), {
        headers: { ...CORS_HEADERS, 'content-type': 'application/octet-stream' },
      })
    }
    if (url.hostname !== 'media') return new Response('not found', { status: 404, headers: CORS_HEADERS })
    const media = await locate.media(episodeId)
    const size = media.size
    const range = parseRange(request.headers.get('range'), size)
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'content-type': mediaMimeType(media.fileName),
      'accept-ranges': 'bytes',
    }
    if (range.kind === 'unsatisfiable')
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
    const start = range.kind === 'partial' ? range.start : 0
    const end = range.kind === 'partial' ? range.end : size - 1
    const body =
      size === 0
        ? null
        : (Readable.toWeb(fs.createReadStream(media.path, { start, end })) as ReadableStream<Uint8Array>)
    return new Response(body, {
      status: range.kind === 'partial' ? 206 : 200,
      headers: {
        ...headers,
        'content-length': String(Math.max(0, end - start + 1)),
        ...(range.kind === 'partial' && { 'content-range': `bytes ${start}-${end}/${size}` }),
      },
    })
  } catch (error) {
    // Media replaced by other content is refused as a conflict: there is a file, just not this episode's.
    const status = error instanceof CoreRefusal && !error.notFound ? 409 : 404
    return new Response((error as Error).message, { status, headers: CORS_HEADERS })
  }
}
