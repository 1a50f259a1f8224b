import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { servableMedia } from '../../src/core/media/mediaPath'
import { ServedMediaCache } from '../../src/core/media/servedMediaCache'
import { PeaksCache, peaksLevelOf } from '../../src/core/media/peaksCache'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { answerMediaRequest } from '../../src/main/mediaProtocol'
import { MAX_SOCKET_MESSAGE, SOCKET_PATH, type SocketAnswer } from '../../src/shared/socketCalls'
import WebSocket from 'ws'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

interface Answer {
  status: number
  head: string
  body: string
}

/** The body of a chunked answer, joined. */
function dechunk(body: string): string {
  let out = ''
  for (let at = 0; at < body.length;) {
    const lineEnd = body.indexOf('\r\n', at)
    const size = parseInt(body.slice(at, lineEnd), 16)
    if (!(size > 0)) break
    out += body.slice(lineEnd + 2, lineEnd + 2 + size)
    at = lineEnd + 2 + size + 2
  }
  return out
}

/**
 * Sends bytes exactly as written, request line included: an HTTP client would normalise the path, and
 * the point is what a hostile client can send. The answer is read until the host closes the connection
 * (every request says Connection: close); the socket is not half-closed first, which the host would
 * take for the client giving up.
 */
function rawRequest(port: number, head: string, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.split('\r\n')[0]}`)))
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const split = text.indexOf('\r\n\r\n')
      const answerHead = text.slice(0, split)
      const answerBody = text.slice(split + 4)
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0),
        head: answerHead,
        body: /^transfer-encoding: chunked/im.test(answerHead) ? dechunk(answerBody) : answerBody,
      })
    })
    socket.write(`${head}\r\n\r\n${body}`)
  })
}

const SECRET_TEXT = `TOP-SECRET-${randomBytes(8).toString('hex')}`
const MEDIA_TEXT = `ID3-MEDIA-BYTES-${randomBytes(8).toString('hex')}`
const INDEX_HTML = '<!doctype html><title>Episcore</title>'
const EPISODE = machineEpisode('host-security')

describe('the browser host serves by episode id only, and only to its own page', () => {
  const dir = tempFolder()
  const rendererDir = path.join(dir, 'renderer')
  let host: RunningHost
  let cookie = ''
  let secret = ''
  let mediaFile = ''
  const get = (target: string, headers: string[] = []): Promise<Answer> =>
    rawRequest(
      host.port,
      [
        `GET ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${host.port}`,
        `Cookie: ${cookie}`,
        'Connection: close',
        ...headers,
      ].join('\r\n'),
    )

  beforeAll(async () => {
    fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(rendererDir, 'index.html'), INDEX_HTML)
    fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app")')
    // What must never be served: files beside the renderer, as package.json is beside the built app.
    fs.writeFileSync(path.join(dir, 'package.json'), `{"name": "${SECRET_TEXT}"}`)
    fs.writeFileSync(path.join(dir, 'secret.txt'), SECRET_TEXT)
    mediaFile = path.join(dir, 'media', 'episode.mp3')
    fs.mkdirSync(path.dirname(mediaFile))
    fs.writeFileSync(mediaFile, MEDIA_TEXT)
    const dbFile = path.join(dir, 'host.sqlite')
    const db = openDatabase(dbFile)
    loadEpisodeDocument(db, JSON.stringify(EPISODE))
    // Linked by hand: a real media file would need ffprobe, and only its bytes (and their hash) matter.
    db.prepare('UPDATE media SET path = ?, sha256 = ? WHERE episode_id = ?').run(
      mediaFile,
      createHash('sha256').update(MEDIA_TEXT).digest('hex'),
      EPISODE.episode.id,
    )
    db.close()
    host = await startHost({ databaseFile: dbFile, rendererDir })
    secret = new URL(host.url).searchParams.get('key') ?? ''
    const entry = await rawRequest(
      host.port,
      [`GET /?key=${secret} HTTP/1.1`, `Host: 127.0.0.1:${host.port}`, 'Connection: close'].join('\r\n'),
    )
    expect(entry.status).toBe(303)
    cookie = /set-cookie: ([^;\r\n]+)/i.exec(entry.head)?.[1] ?? ''
    expect(cookie).toBe(`episcore_key=${secret}`)
  })
  afterAll(() => host?.close())

  /** Never a file it was not asked for by id: not the secret beside the app, not the system's. */
  const expectNothingLeaked = (answer: Answer, target: string): void => {
    expect(answer.body, target).not.toContain(SECRET_TEXT)
    expect(answer.body, target).not.toMatch(/root:.*:0:0:/)
    expect(answer.body, target).not.toContain('[fonts]')
    expect(answer.status, target).not.toBe(500)
  }

  it('serves the media and the built page when asked properly (the control for what follows)', async () => {
    const media = await get(`/media/${EPISODE.episode.id}`)
    expect(media.status).toBe(200)
    expect(media.body).toBe(MEDIA_TEXT)
    const script = await get('/assets/app.js')
    expect(script.status).toBe(200)
    expect(script.body).toBe('console.log("app")')
  })

  it('stops serving media replaced on disk, shows it changed, and serves it again once the content is back', async () => {
    const id = EPISODE.episode.id
    const openView = async (): Promise<{ media: { changed: boolean } }> => {
      const body = JSON.stringify({ id })
      const answer = await rawRequest(
        host.port,
        [
          'POST /api/episodes.open HTTP/1.1',
          `Host: 127.0.0.1:${host.port}`,
          `Cookie: ${cookie}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
        ].join('\r\n'),
        body,
      )
      return (JSON.parse(answer.body) as { value: { media: { changed: boolean } } }).value
    }
    expect((await get(`/media/${id}`)).body).toBe(MEDIA_TEXT)
    // Same size, other bytes, a later time: the host stops serving it and the core hashes it again.
    fs.writeFileSync(mediaFile, [...MEDIA_TEXT].reverse().join(''))
    fs.utimesSync(mediaFile, new Date(), new Date(Date.now() + 5000))
    const refused = await get(`/media/${id}`)
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('replaced on disk')
    expect(refused.body).not.toContain(MEDIA_TEXT)
    expect((await openView()).media.changed).toBe(true)
    fs.writeFileSync(mediaFile, MEDIA_TEXT)
    const served = await get(`/media/${id}`)
    expect(served.status).toBe(200)
    expect(served.body).toBe(MEDIA_TEXT)
    expect((await openView()).media.changed).toBe(false)
  })

  it("refuses media and peaks asked for by another site's or another port's page", async () => {
    const id = EPISODE.episode.id
    for (const site of ['same-site', 'cross-site', 'something-new']) {
      for (const target of [`/media/${id}`, `/peaks/${id}?level=overview`]) {
        const answer = await get(target, [`Sec-Fetch-Site: ${site}`])
        expect(answer.status, `${site} ${target}`).toBe(403)
        expect(answer.body).not.toContain(MEDIA_TEXT)
      }
    }
    for (const site of ['same-origin', 'none']) {
      const answer = await get(`/media/${id}`, [`Sec-Fetch-Site: ${site}`])
      expect(answer.status, site).toBe(200)
      expect(answer.body).toBe(MEDIA_TEXT)
    }
  })

  it('answers 404 for anything but a known episode id under /media and /peaks', async () => {
    const id = EPISODE.episode.id
    const targets = [
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/..%2Fpackage.json',
      '/media/..%5C..%5Cetc%5Cpasswd',
      '/media/%252e%252e%252f%252e%252e%252fetc%252fpasswd',
      '/media/%2e%2e%2fsecret.txt',
      '/media/%2Fetc%2Fpasswd',
      `/media/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
      '/media/C:%5CWindows%5Cwin.ini',
      '/media/file:%2F%2F%2Fetc%2Fpasswd',
      '/media/%00',
      `/media/${id}%00`,
      `/media/${id}%2F..%2F..%2Fsecret.txt`,
      '/media/%E0%A4%A',
      '/media/%',
      '/media/no-such-episode',
      '/peaks/..%2F..%2Fetc%2Fpasswd',
      '/peaks/%2e%2e%2fpackage.json',
      '/peaks/%E0%A4%A',
      '/peaks/no-such-episode',
    ]
    for (const target of targets) {
      const answer = await get(target)
      expectNothingLeaked(answer, target)
      expect(answer.status, target).toBe(404)
      expect(answer.body, target).not.toContain(MEDIA_TEXT)
    }
  })

  it('never serves a file outside the built renderer, however the path is written', async () => {
    const targets = [
      '/../package.json',
      '/../secret.txt',
      '/%2e%2e/package.json',
      '/%2E%2E/secret.txt',
      '/..%2fpackage.json',
      '/%2e%2e%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/..\\..\\package.json',
      '/%252e%252e/package.json',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '//etc/passwd',
      '/%2fetc%2fpasswd',
      `/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
      '/index.html%00.txt',
      '/\u0000/../package.json',
      '/media/\u0000',
      '/assets/app.js%00',
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/secret.txt',
      '/media/..\\..\\secret.txt',
      '/peaks/../package.json',
      '../package.json',
      `http://127.0.0.1:0/../package.json`,
    ]
    for (const target of targets) {
      const answer = await get(target)
      expectNothingLeaked(answer, target)
      // The page's own entry (any unknown path opens the app) or a refusal; nothing else.
      if (answer.status === 200) expect(answer.body, target).toBe(INDEX_HTML)
      else expect([400, 403, 404], target).toContain(answer.status)
    }
  })

  it('answers the desktop shell’s media scheme by episode id only too', async () => {
    const db = openDatabase(path.join(dir, 'host.sqlite'))
    try {
      const peaks = new PeaksCache(path.join(dir, 'peaks'))
      const served = new ServedMediaCache((id) => servableMedia(db as Db, id))
      const ask = (url: string): Promise<Response> =>
        answerMediaRequest(
          {
            media: (id) => served.media(id),
            peaks: (id, level) => peaks.fileForEpisode(db as Db, id, peaksLevelOf(level)),
          },
          new Request(url),
        )
      const own = await ask(`episcore-media://media/${EPISODE.episode.id}`)
      expect(own.status).toBe(200)
      expect(await own.text()).toBe(MEDIA_TEXT)
      for (const url of [
        'episcore-media://media/..%2F..%2Fetc%2Fpasswd',
        'episcore-media://media/../../etc/passwd',
        'episcore-media://media/%2e%2e/%2e%2e/secret.txt',
        `episcore-media://media/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
        'episcore-media://media/%E0%A4%A',
        'episcore-media://media/%00',
        'episcore-media://etc/passwd',
        'episcore-media://peaks/..%2Fpackage.json',
      ]) {
        const answer = await ask(url)
        expect(answer.status, url).toBe(404)
        const text = await answer.text()
        expect(text, url).not.toContain(SECRET_TEXT)
        expect(text, url).not.toMatch(/root:.*:0:0:/)
      }
    } finally {
      db.close()
    }
  })

  it('listens on 127.0.0.1 alone: not on IPv6 loopback, not on the network', async () => {
    expect(new URL(host.url).hostname).toBe('127.0.0.1')
    const connects = (address: string): Promise<boolean> =>
      new Promise((resolve) => {
        const socket = net.connect({ host: address, port: host.port, timeout: 2000 })
        socket.once('connect', () => {
          socket.destroy()
          resolve(true)
        })
        socket.once('error', () => resolve(false))
        socket.once('timeout', () => {
          socket.destroy()
          resolve(false)
        })
      })
    expect(await connects('127.0.0.1')).toBe(true)
    const elsewhere = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i?.address ?? '')
    for (const address of ['::1', ...elsewhere]) expect(await connects(address), address).toBe(false)
  })

  it('refuses a request naming another host (DNS rebinding), with the secret or without', async () => {
    const port = host.port
    const asHost = (value: string | null): Promise<Answer> =>
      rawRequest(
        port,
        [
          'GET / HTTP/1.1',
          ...(value === null ? [] : [`Host: ${value}`]),
          `Cookie: ${cookie}`,
          'Connection: close',
        ].join('\r\n'),
      )
    for (const value of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port}.evil.example`,
      `127.0.0.1.evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `[::1]:${port}`,
      `0.0.0.0:${port}`,
    ]) {
      const answer = await asHost(value)
      expect(answer.status, value).toBe(403)
      expect(answer.body).not.toContain(secret)
    }
    // HTTP/1.0 may leave the Host out: no host named is no host of ours.
    const noHost = await rawRequest(port, ['GET / HTTP/1.0', `Cookie: ${cookie}`].join('\r\n'))
    expect(noHost.status).toBe(403)
    expect((await asHost(`127.0.0.1:${port}`)).status).toBe(200)
  })

  it('refuses a request from a page of another origin, even on this machine', async () => {
    const port = host.port
    const post = (origin: string): Promise<Answer> =>
      rawRequest(
        port,
        [
          'POST /api/episodes.list HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Cookie: ${cookie}`,
          `Origin: ${origin}`,
          'Content-Type: application/json',
          'Content-Length: 2',
          'Connection: close',
        ].join('\r\n'),
        '{}',
      )
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}.evil.example`,
      `http://localhost.evil.example:${port}`,
      'file://',
    ])
      expect((await post(origin)).status, origin).toBe(403)
    const own = await post(`http://127.0.0.1:${port}`)
    expect(own.status).toBe(200)
    expect(JSON.parse(own.body)).toMatchObject({ ok: true })
  })

  it('requires the per-launch secret: none, a wrong one or a near miss is refused', async () => {
    const port = host.port
    const withHeaders = (target: string, headers: string[]): Promise<Answer> =>
      rawRequest(
        port,
        [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headers].join('\r\n'),
      )
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`
    const refused = [
      await withHeaders('/', []),
      await withHeaders(`/media/${EPISODE.episode.id}`, []),
      await withHeaders('/', [`Cookie: episcore_key=${wrong}`]),
      await withHeaders('/', [`Cookie: episcore_key=${secret}0`]),
      await withHeaders('/', ['Cookie: episcore_key=']),
      await withHeaders('/', [`Cookie: other_key=${secret}`]),
      await withHeaders('/', [`Cookie: episcore_key=${secret.toUpperCase()}`]),
      await withHeaders(`/?key=${wrong}`, []),
      await withHeaders('/?key=', []),
      await withHeaders(`/?key=${secret.slice(0, 10)}`, []),
      // The right secret in the URL does not make a wrong cookie right: the URL is checked alone.
      await withHeaders(`/media/${EPISODE.episode.id}?key=${wrong}`, [`Cookie: ${cookie}`]),
    ]
    for (const answer of refused) {
      expect(answer.status).toBe(403)
      expect(answer.body).not.toContain(MEDIA_TEXT)
    }
    const entry = await withHeaders(`/?key=${secret}`, [])
    expect(entry.head).toMatch(/set-cookie: episcore_key=[0-9a-f]{48}; HttpOnly; SameSite=Strict; Path=\//i)
  })

  it('refuses a request body over 1 MB with 413, announced or not, before reading it all', async () => {
    const port = host.port
    const head = [
      'POST /api/episodes.list HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${cookie}`,
      'Content-Type: application/json',
      'Connection: close',
    ]
    // Announced: answered from the headers alone, while the 2 MB have not even been sent.
    const announced = await rawRequest(port, [...head, `Content-Length: ${2 * 1024 * 1024}`].join('\r\n'))
    expect(announced.status).toBe(413)
    expect(JSON.parse(announced.body)).toEqual({
      ok: false,
      error: { code: 'invalid-request', message: 'request body over 1048576 bytes' },
    })
    // Streamed without a length: answered once the limit is passed, the rest left unread.
    const chunk = 'x'.repeat(64 * 1024)
    const chunked =
      [...Array(20)].map(() => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('') + '0\r\n\r\n'
    const streamed = await rawRequest(
      port,
      [...head, 'Transfer-Encoding: chunked'].join('\r\n'),
      chunked,
    ).catch((error: NodeJS.ErrnoException) => ({ status: error.code, head: '', body: '' }))
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(streamed.status)
    // Just under the limit is a request like any other.
    const fits = await rawRequest(
      port,
      [...head, `Content-Length: ${1024 * 1024}`].join('\r\n'),
      `{}${' '.repeat(1024 * 1024 - 2)}`,
    )
    expect(fits.status).toBe(200)
  })

  it('answers contract calls on its socket only to its own page: secret, Host and Origin checked at the upgrade', async () => {
    const port = host.port
    const upgrade = (headers: string[]): Promise<Answer> =>
      rawRequest(
        port,
        [
          `GET ${SOCKET_PATH} HTTP/1.1`,
          'Connection: Upgrade',
          'Upgrade: websocket',
          'Sec-WebSocket-Version: 13',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          ...headers,
        ].join('\r\n'),
      )
    const own = [`Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`, `Cookie: ${cookie}`]
    const refusals: [string, string[]][] = [
      ['no secret', own.slice(0, 2)],
      [
        'a wrong secret',
        [
          ...own.slice(0, 2),
          `Cookie: episcore_key=${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`,
        ],
      ],
      ['no Origin', [own[0] ?? '', own[2] ?? '']],
      ['another origin', [own[0] ?? '', 'Origin: http://evil.example', own[2] ?? '']],
      ['another host', [`Host: evil.example:${port}`, `Origin: http://evil.example:${port}`, own[2] ?? '']],
    ]
    for (const [what, headers] of refusals) {
      const answer = await upgrade(headers)
      expect(answer.status, what).toBe(403)
    }
    const viaQuery = await rawRequest(
      port,
      [
        `GET ${SOCKET_PATH}?key=${secret} HTTP/1.1`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        ...own.slice(0, 2),
      ].join('\r\n'),
    )
    expect(viaQuery.status).toBe(403)

    // The control: the page's own upgrade opens, and calls are answered by number.
    const socket = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}`, {
      headers: { origin: `http://127.0.0.1:${port}`, cookie },
    })
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const answers: SocketAnswer[] = []
    socket.on('message', (data) => answers.push(JSON.parse(String(data)) as SocketAnswer))
    const answered = async (count: number): Promise<void> => {
      for (let i = 0; i < 200 && answers.length < count; i++) await new Promise((r) => setTimeout(r, 10))
    }
    socket.send(JSON.stringify({ n: 7, method: 'episodes.list', request: {}, viewBase: null }))
    socket.send('not json')
    socket.send(
      JSON.stringify({ n: 8, method: 'episodes.open', request: { id: '../../etc/passwd' }, viewBase: null }),
    )
    await answered(3)
    expect(answers.find((a) => a.n === 7)?.reply).toMatchObject({
      ok: true,
      value: [{ id: EPISODE.episode.id }],
    })
    expect(answers.find((a) => a.n === null)?.reply).toEqual({
      ok: false,
      error: { code: 'invalid-request', message: 'the message is not JSON' },
    })
    expect(answers.find((a) => a.n === 8)?.reply).toMatchObject({ ok: false, error: { code: 'not-found' } })
    // Over the cap the socket is closed (1009, message too big) before the message is read.
    const closed = new Promise<number>((resolve) => socket.once('close', resolve))
    socket.send(
      JSON.stringify({ n: 9, method: 'episodes.list', request: { pad: 'x'.repeat(MAX_SOCKET_MESSAGE) } }),
    )
    expect(await closed).toBe(1009)
  })
})
