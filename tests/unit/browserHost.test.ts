import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { readWaveformData } from '../../src/shared/waveformData'
import { SONNET_MP3 } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A raw request, so that Host and Origin can be forged as a hostile page would. */
function request(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        headers: { host: `127.0.0.1:${port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('browser host', () => {
  let host: RunningHost
  let cookie: string
  let episodeId = ''
  const dir = tempFolder()
  const rendererDir = path.join(dir, 'renderer')

  beforeAll(async () => {
    fs.mkdirSync(rendererDir)
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Episcore</title>')
    fs.mkdirSync(path.join(rendererDir, 'assets'))
    fs.writeFileSync(path.join(rendererDir, 'assets', 'index-CLV8yFbQ.js'), 'export {}')
    fs.writeFileSync(path.join(rendererDir, 'assets', 'logo.svg'), '<svg/>')
    const dbFile = path.join(dir, 'host.sqlite')
    const db = openDatabase(dbFile)
    episodeId = await createEpisode(db, { mediaPath: SONNET_MP3 })
    db.close()
    host = await startHost({ databaseFile: dbFile, rendererDir })
    const key = new URL(host.url).searchParams.get('key') ?? ''
    const entry = await request(host.port, `/?key=${key}`)
    expect(entry.status).toBe(303)
    cookie = (entry.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
  })
  afterAll(() => host?.close())

  it('listens on 127.0.0.1 only and prints a URL carrying the secret', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[0-9a-f]{48}$/)
  })

  it('serves the renderer with a Content-Security-Policy once the secret is known', async () => {
    const page = await request(host.port, '/', { cookie })
    expect(page.status).toBe(200)
    expect(page.body.toString()).toContain('<title>Episcore</title>')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('lets the browser keep a hashed script for good, and asks again for the page and unhashed files', async () => {
    const script = await request(host.port, '/assets/index-CLV8yFbQ.js', { cookie })
    expect(script.status).toBe(200)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const page = await request(host.port, '/', { cookie })
    const logo = await request(host.port, '/assets/logo.svg', { cookie })
    // A hashed name that is not there falls back to the page, which is never kept.
    const gone = await request(host.port, '/assets/index-AAAAAAAA.js', { cookie })
    expect([page, logo, gone].map((a) => [a.status, a.headers['cache-control']])).toEqual([
      [200, 'no-cache'],
      [200, 'no-cache'],
      [200, 'no-cache'],
    ])
    expect(gone.body.toString()).toContain('<title>Episcore</title>')
  })

  it('answers 403 without the secret, with a wrong one, or with a foreign Host or Origin', async () => {
    const refused = [
      await request(host.port, '/'),
      await request(host.port, '/?key=0000'),
      await request(host.port, '/api/episodes.list', {}, 'POST', '{}'),
      await request(host.port, '/', { cookie, host: `evil.example:${host.port}` }),
      await request(host.port, '/api/episodes.list', { cookie, origin: 'http://evil.example' }, 'POST', '{}'),
    ]
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403])
  })

  it('runs the contract over HTTP and refuses bad requests with a reply naming the problem', async () => {
    const list = await request(
      host.port,
      '/api/episodes.list',
      { cookie, 'content-type': 'application/json' },
      'POST',
      '{}',
    )
    expect(JSON.parse(list.body.toString())).toMatchObject({ ok: true })
    const bad = await request(host.port, '/api/episodes.open', { cookie }, 'POST', '{"id": 5}')
    expect(JSON.parse(bad.body.toString())).toEqual({
      ok: false,
      error: { code: 'invalid-request', message: '/id: Invalid input: expected string, received number' },
    })
    const unknown = await request(host.port, '/api/fs.readFile', { cookie }, 'POST', '{}')
    expect(JSON.parse(unknown.body.toString())).toMatchObject({
      ok: false,
      error: { code: 'unknown-method' },
    })
    // The host answers 413 and closes; the client may see the close before the answer while still sending.
    const huge = await request(
      host.port,
      '/api/episodes.list',
      { cookie },
      'POST',
      'x'.repeat(2 * 1024 * 1024),
    ).catch((error: NodeJS.ErrnoException) => ({ status: error.code }))
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(huge.status)
  })

  it('streams the media with byte ranges', async () => {
    const whole = fs.readFileSync(SONNET_MP3)
    const part = await request(host.port, `/media/${episodeId}`, { cookie, range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.length}`)
    expect(part.body.equals(whole.subarray(100, 200))).toBe(true)
    const tail = await request(host.port, `/media/${episodeId}`, { cookie, range: 'bytes=-10' })
    expect(tail.body.equals(whole.subarray(whole.length - 10))).toBe(true)
    const beyond = await request(host.port, `/media/${episodeId}`, {
      cookie,
      range: `bytes=${whole.length}-`,
    })
    expect(beyond.status).toBe(416)
    const all = await request(host.port, `/media/${episodeId}`, { cookie })
    expect(all.status).toBe(200)
    expect(all.body.equals(whole)).toBe(true)
    expect((await request(host.port, `/media/..%2F..%2Fetc%2Fpasswd`, { cookie })).status).toBe(404)
  })

  it('serves waveform peaks computed once and cached by content hash', async () => {
    const first = await request(host.port, `/peaks/${episodeId}`, { cookie })
    expect(first.status).toBe(200)
    const waveform = readWaveformData(first.body)
    expect(waveform.channels).toBe(1)
    // 53.3 s at 100 pixels per second.
    expect(waveform.length).toBeGreaterThan(5300)
    expect(waveform.length).toBeLessThan(5340)
    const cached = fs.readdirSync(path.join(dir, 'episcore-cache', 'peaks')).sort()
    expect(cached).toHaveLength(2)
    expect(cached[0]).toMatch(/^[0-9a-f]{64}\.dat$/)
    expect(cached[1]).toBe(cached[0]?.replace('.dat', '.overview.dat'))
    const overview = readWaveformData(
      (await request(host.port, `/peaks/${episodeId}?level=overview`, { cookie })).body,
    )
    expect(overview.sampleRate).toBe(waveform.sampleRate)
    expect(overview.length * overview.samplesPerPixel).toBeGreaterThanOrEqual(
      waveform.length * waveform.samplesPerPixel,
    )
    expect(overview.length).toBeLessThanOrEqual(8192)
    const second = await request(host.port, `/peaks/${episodeId}`, { cookie })
    expect(second.body.equals(first.body)).toBe(true)
  })
})
