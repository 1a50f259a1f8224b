import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { Db } from '../core/db/openDatabase'
import { mediaMimeType, parseRange } from '../core/media/byteRange'
import { mediaFileOf } from '../core/media/mediaPath'
import { peaksLevelOf, type PeaksCache } from '../core/media/peaksCache'

/**
 * Answers `episcore-media://media/<episodeId>` and `episcore-media://peaks/<episodeId>`: the media by
 * episode id only (no path can be named), with byte ranges so video seeking works.
 */
export async function answerMediaRequest(
  // Asked per request: a restored backup replaces the database while the app runs.
  currentDb: () => Db,
  peaks: PeaksCache,
  request: Request,
): Promise<Response> {
  const url = new URL(request.url)
  try {
    // Inside the try: a malformed escape names no episode, a 404 like any other unknown id.
    const episodeId = decodeURIComponent(url.pathname.replace(/^\/+/, ''))
    const db = currentDb()
    if (url.hostname === 'peaks') {
      const file = await peaks.fileForEpisode(db, episodeId, peaksLevelOf(url.searchParams.get('level')))
      return new Response(fs.readFileSync(file), { headers: { 'content-type': 'application/octet-stream' } })
    }
    if (url.hostname !== 'media') return new Response('not found', { status: 404 })
    const media = mediaFileOf(db, episodeId)
    const size = fs.statSync(media.path).size
    const range = parseRange(request.headers.get('range'), size)
    const headers: Record<string, string> = {
      'content-type': mediaMimeType(media.fileName),
      'accept-ranges': 'bytes',
    }
    if (range.kind === 'unsatisfiable')
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
    const start = range.kind === 'partial' ? range.start : 0
    const end = range.kind === 'partial' ? range.end : size - 1
    const body = Readable.toWeb(fs.createReadStream(media.path, { start, end })) as ReadableStream<Uint8Array>
    return new Response(body, {
      status: range.kind === 'partial' ? 206 : 200,
      headers: {
        ...headers,
        'content-length': String(end - start + 1),
        ...(range.kind === 'partial' && { 'content-range': `bytes ${start}-${end}/${size}` }),
      },
    })
  } catch (error) {
    return new Response((error as Error).message, { status: 404 })
  }
}
