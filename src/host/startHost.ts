import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { mediaMimeType } from '../core/media/byteRange'
import { MediaMissing, servableMedia } from '../core/media/mediaPath'
import { PeaksCache, peaksFolderBeside, peaksLevelOf } from '../core/media/peaksCache'
import { forgetsMedia, ServedMediaCache } from '../core/media/servedMediaCache'
import { FileRefs } from '../core/service/fileRefs'
import { DatabaseSession } from '../core/service/databaseSession'
import { UserError } from '../core/errors'
import { rendererContentSecurityPolicy } from '../shared/contentSecurityPolicy'
import { isFileKind, refusalOf } from '../shared/fileKinds'
import { isViewVersion, VIEW_BASE_HEADER } from '../shared/viewDelta'
import { COOKIE, checkRequest, fromOwnPage } from './guard'
import { sendFile } from './sendFile'
import { acceptSocketCalls } from './socketCalls'
import { cacheControlOf, staticFile } from './staticFiles'
import { storeUpload } from './uploadStore'

export interface HostOptions {
  databaseFile: string
  rendererDir: string
  port?: number
}

export interface RunningHost {
  /** The address to open, secret included. */
  url: string
  port: number
  close(): Promise<void>
}

const MAX_API_BODY = 1 << 20
const MAX_UPLOAD = 20 * 1024 ** 3

export const CONTENT_SECURITY_POLICY = rendererContentSecurityPolicy()

/**
 * The body as text, or null when it is announced or found to be over `limit` bytes. The rest is then
 * left unread rather than the request destroyed, so that the client still gets its 413.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      req.off('data', onData).off('end', onEnd).pause()
      resolve(null)
    }
    const onEnd = (): void => resolve(Buffer.concat(chunks).toString('utf8'))
    req.on('data', onData).once('end', onEnd).once('error', reject)
  })
}

/** The longest name most file systems take, in UTF-8 bytes; the upload's own folder comes before it. */
const MAX_FILE_NAME_BYTES = 255

/**
 * The name an upload is kept under: the user's own (it becomes the media's name and default title),
 * with characters a file system may not take replaced, no folder part, and never `.`, `..` or a run
 * of dots, which name folders rather than a file; too long a name is refused rather than cut.
 */
function uploadFileName(asked: string | null): string {
  const name = path.basename(asked ?? '').replace(/[^\p{L}\p{N}._ -]/gu, '_')
  if (name === '') return 'upload'
  if (/^\.+$/.test(name))
    throw new UserError('invalid-request', `"${name}" is not a file name; name the file being uploaded`)
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES)
    throw new UserError(
      'invalid-request',
      `the file name is ${Buffer.byteLength(name)} bytes long; at most ${MAX_FILE_NAME_BYTES} are taken`,
    )
  return name
}

/** An episode id from a URL segment; malformed escapes name no episode, which is no fault of the host. */
function episodeIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new UserError('not-found', 'no such episode')
  }
}

/** The view the page holds, when it says (see ViewSender); anything but one plausible version is none. */
function viewBaseOf(req: IncomingMessage): string | null | undefined {
  const header = req.headers[VIEW_BASE_HEADER]
  if (header === undefined) return undefined
  return isViewVersion(header) ? header : null
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

/**
 * The browser host: the built renderer, the contract and the media on 127.0.0.1, for the e2e tests
 * and for editors who prefer a browser. Everything the Electron shell offers goes through the same
 * core handlers.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const files = new FileRefs()
  const peaks = new PeaksCache(peaksFolderBeside(options.databaseFile))
  // A damaged database still gets a host: its page says so and offers the backups.
  const database = new DatabaseSession(options.databaseFile, { files, peaks })
  if (database.problem) console.error(`episcore host: ${database.problem}`)
  // Awaited, so that the first page already lists today's backup; a failed one must not stop the host.
  await database
    .backUp()
    .catch((error: unknown) => console.error('episcore host: the daily backup failed:', error))
  // As in the desktop shell: a range request costs a stat, and a file replaced on disk is checked again.
  const served = new ServedMediaCache((episodeId) => servableMedia(database.db, episodeId))
  const dispatch = async (method: string, request: unknown, viewBase: string | null | undefined) => {
    const reply = await database.dispatch(method, request, viewBase)
    const forget = reply.ok ? forgetsMedia(method) : null
    if (forget === 'all') served.forgetAll()
    else if (forget === 'episode') served.forget((request as { id: string }).id)
    return reply
  }
  const uploads = path.join(path.dirname(path.resolve(options.databaseFile)), 'episcore-media')
  const rendererDir = path.resolve(options.rendererDir)
  const secret = randomBytes(24).toString('hex')
  let port = 0

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status =
        error instanceof UserError
          ? error.code === 'not-found'
            ? 404
            : error.code === 'conflict'
              ? 409
              : 400
          : 500
      if (!(error instanceof UserError)) console.error('episcore host:', error)
      if (!res.headersSent)
        json(res, status, {
          ok: false,
          // Anything but a UserError may carry the host's own paths (an fs error does): only the log has it.
          error:
            error instanceof UserError
              ? { code: error.code, message: error.message }
              : { code: 'internal', message: 'the host failed; its log says why' },
        })
      else res.destroy()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const access = checkRequest(req, url, port, secret)
    if (!access.allowed) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden')
      return
    }
    if (access.viaQuery) {
      url.searchParams.delete('key')
      res.writeHead(303, {
        'set-cookie': `${COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
        location: url.pathname + url.search,
      })
      res.end()
      return
    }
    const [, area, name] = url.pathname.split('/')
    if (area === 'api' && req.method === 'POST' && name) {
      const body = await readBody(req, MAX_API_BODY)
      if (body === null) {
        // Closed after the answer: the unread rest of the body must not be taken for the next request.
        res.setHeader('connection', 'close')
        json(res, 413, {
          ok: false,
          error: { code: 'invalid-request', message: `request body over ${MAX_API_BODY} bytes` },
        })
        return
      }
      let request: unknown
      try {
        request = body === '' ? {} : JSON.parse(body)
      } catch {
        json(res, 400, {
          ok: false,
          error: { code: 'invalid-request', message: 'the request body is not JSON' },
        })
        return
      }
      json(res, 200, await dispatch(name, request, viewBaseOf(req)))
      return
    }
    if (area === 'upload' && req.method === 'POST') {
      const fileName = uploadFileName(url.searchParams.get('name'))
      const declared = Number(req.headers['content-length'] ?? 0)
      if (declared > MAX_UPLOAD) throw new UserError('invalid-request', 'file too large')
      // What the page says the file is for: a plainly wrong file is refused before its bytes travel.
      const kind = url.searchParams.get('kind')
      const refusal = isFileKind(kind) ? refusalOf(kind, fileName, declared) : null
      if (refusal) {
        // Closed after the answer: the unread body must not be taken for the next request.
        res.setHeader('connection', 'close')
        json(res, 400, { ok: false, error: { code: 'invalid-input', message: refusal } })
        return
      }
      const target = await storeUpload(uploads, fileName, req)
      json(res, 200, { ok: true, value: { ref: files.register(target), name: fileName } })
      return
    }
    if ((area === 'media' || area === 'peaks') && !fromOwnPage(req)) {
      res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('forbidden: not asked for by the Episcore page')
      return
    }
    if (area === 'media' && req.method === 'GET' && name) {
      const media = await served.media(episodeIdOf(name)).catch((error: unknown) => {
        if (error instanceof MediaMissing) return null
        throw error
      })
      if (!media) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('media file not found')
        return
      }
      sendFile(res, media.path, mediaMimeType(media.fileName), req.headers.range)
      return
    }
    if (area === 'peaks' && req.method === 'GET' && name) {
      // Only a finished file is served; the page asks `media.peaks` for progress and to start the work.
      const file = await peaks.fileForEpisode(
        database.db,
        episodeIdOf(name),
        peaksLevelOf(url.searchParams.get('level')),
      )
      sendFile(res, file, 'application/octet-stream', undefined)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    const asked = staticFile(rendererDir, url.pathname)
    const found = asked ?? staticFile(rendererDir, '/')
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('renderer not built: run npm run build')
      return
    }
    res.writeHead(200, {
      'content-type': found.type,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      // A path that fell back to the page is the page: never kept.
      'cache-control': asked ? cacheControlOf(url.pathname) : 'no-cache',
    })
    fs.createReadStream(found.file).pipe(res)
  }

  const closeSockets = acceptSocketCalls(
    server,
    (req) => {
      const access = checkRequest(req, new URL(req.url ?? '/', `http://127.0.0.1:${port}`), port, secret)
      return access.allowed && !access.viaQuery
    },
    (method, request, viewBase) => dispatch(method, request, viewBase),
  )

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  // After the first page is served: a request that arrives meanwhile waits for it, as for any call.
  setTimeout(() => database.prepareLastEpisode(), 0)
  return {
    url: `http://127.0.0.1:${port}/?key=${secret}`,
    port,
    close: () =>
      new Promise((resolve) => {
        closeSockets()
        server.closeAllConnections()
        server.close(() => {
          database.close()
          resolve()
        })
      }),
  }
}
