import fs from 'node:fs'
import type { ServerResponse } from 'node:http'
import { parseRange } from '../core/media/byteRange'

/** Streams a file, honouring a single byte range as media elements ask when they seek. */
export function sendFile(
  res: ServerResponse,
  file: string,
  type: string,
  rangeHeader: string | undefined,
): void {
  let size: number
  try {
    size = fs.statSync(file).size
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('media file not found')
    return
  }
  const range = parseRange(rangeHeader, size)
  const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' }
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end()
    return
  }
  const start = range.kind === 'partial' ? range.start : 0
  const end = range.kind === 'partial' ? range.end : size - 1
  res.writeHead(range.kind === 'partial' ? 206 : 200, {
    ...headers,
    'content-length': String(Math.max(0, end - start + 1)),
    ...(range.kind === 'partial' && { 'content-range': `bytes ${start}-${end}/${size}` }),
  })
  if (size === 0) {
    res.end()
    return
  }
  const stream = fs.createReadStream(file, { start, end })
  stream.on('error', () => res.destroy())
  res.on('close', () => stream.destroy())
  stream.pipe(res)
}
