import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

interface Answer {
  status: number
  text: string
}

const EPISODE = machineEpisode('host-hostile-input')

describe('the browser host and hostile input', () => {
  const dir = tempFolder()
  const rendererDir = path.join(dir, 'renderer')
  const uploads = path.join(dir, 'episcore-media')
  let host: RunningHost
  let cookie = ''

  const send = (
    method: string,
    target: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: false,
          host: '127.0.0.1',
          port: host.port,
          path: target,
          method,
          headers: { host: `127.0.0.1:${host.port}`, cookie, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })

  const call = async (method: string, request: unknown): Promise<{ ok: boolean; value?: unknown }> =>
    JSON.parse((await send('POST', `/api/${method}`, JSON.stringify(request))).text) as {
      ok: boolean
      value?: unknown
    }

  beforeAll(async () => {
    fs.mkdirSync(rendererDir)
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Episcore</title>')
    const dbFile = path.join(dir, 'host.sqlite')
    const db = openDatabase(dbFile)
    loadEpisodeDocument(db, JSON.stringify(EPISODE))
    db.close()
    host = await startHost({ databaseFile: dbFile, rendererDir })
    const key = new URL(host.url).searchParams.get('key') ?? ''
    cookie = ''
    const entry = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port: host.port, path: `/?key=${key}`, agent: false }, resolve),
    )
    cookie = (entry.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
  })
  afterAll(() => host?.close())

  it('answers other calls while it reads a large transcript', async () => {
    // Fourteen megabytes of turns whose last stamp goes backwards: read to the end, then refused.
    const turns = Array.from({ length: 200_000 }, (_, i) => `Speaker ${i % 3}: turn ${i} of a long talk`)
    const text = ['[01:00:00] Ann: it starts late', ...turns, '[00:00:01] Ann: and goes back'].join('\n')
    const upload = JSON.parse((await send('POST', '/upload?name=long.txt', text)).text) as {
      value: { ref: string }
    }
    // The host runs in this process: a parse on its thread would hold this test's timers and sockets
    // too, so the proof is the order of the answers, not a stopwatch.
    let importAnswered = false
    const importing = call('transcript.import', { id: EPISODE.episode.id, file: upload.value.ref }).then(
      (reply) => {
        importAnswered = true
        return reply
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    const list = await call('episodes.list', {})
    const listAnsweredFirst = !importAnswered
    expect(list.ok).toBe(true)
    expect(listAnsweredFirst).toBe(true)
    expect(await importing).toMatchObject({
      ok: false,
      error: { message: /long\.txt: line 200002: .*goes back/ },
    })
  })

  it.each(['.', '..', '%2e%2e', '%2E.', 'x'.repeat(300), '...'])(
    'refuses an upload named %s with 400 and a message without paths, leaving no folder',
    async (name) => {
      const before = fs.existsSync(uploads) ? fs.readdirSync(uploads) : []
      const answer = await send('POST', `/upload?name=${name}`, 'some bytes')
      expect(answer.status).toBe(400)
      const reply = JSON.parse(answer.text) as { ok: boolean; error: { code: string; message: string } }
      expect(reply.ok).toBe(false)
      expect(reply.error.code).toBe('invalid-request')
      expect(reply.error.message).toMatch(/file name/)
      expect(answer.text).not.toContain(dir)
      expect(answer.text).not.toContain('/tmp')
      expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual(before)
    },
  )

  it('still takes an ordinary upload, keeping its name', async () => {
    const answer = await send('POST', '/upload?name=My%20talk.mp3', 'bytes')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toMatchObject({ ok: true, value: { name: 'My talk.mp3' } })
  })
  /** Every file under the uploads folder, with its inode: hard links share one. */
  const storedFiles = (): { file: string; inode: number }[] =>
    fs.existsSync(uploads)
      ? (fs.readdirSync(uploads, { recursive: true }) as string[])
          .map((f) => path.join(uploads, f))
          .filter((f) => fs.statSync(f).isFile())
          .map((file) => ({ file, inode: fs.statSync(file).ino }))
      : []

  it('stores the same content once, however often and under whatever name it is uploaded', async () => {
    const content = Buffer.alloc(256 * 1024, 'same talk ')
    const before = storedFiles()
    const first = await send('POST', '/upload?name=talk.mp3&kind=media', content)
    const again = await send('POST', '/upload?name=talk.mp3&kind=media', content)
    const renamed = await send('POST', '/upload?name=Talk%20final.mp3&kind=media', content)
    for (const answer of [first, again, renamed]) expect(answer.status).toBe(200)
    const added = storedFiles().filter((f) => !before.some((b) => b.file === f.file))
    // Two names (the file's own and the renamed one), one copy of the bytes.
    expect(added.map((f) => path.basename(f.file)).sort()).toEqual(['Talk final.mp3', 'talk.mp3'])
    expect(new Set(added.map((f) => f.inode)).size).toBe(1)
    // Each upload is its own handle, naming the name it was given.
    const refs = [first, again, renamed].map(
      (a) => (JSON.parse(a.text) as { value: { ref: string } }).value.ref,
    )
    expect(new Set(refs).size).toBe(3)
    expect(JSON.parse(renamed.text)).toMatchObject({ value: { name: 'Talk final.mp3' } })
  })

  it('refuses a plainly wrong file before reading it, storing nothing', async () => {
    const before = storedFiles()
    const video = Buffer.alloc(1024 * 1024, 1)
    const asTranscript = await send('POST', '/upload?name=interview.mp4&kind=transcript', video)
    expect(asTranscript.status).toBe(400)
    expect(JSON.parse(asTranscript.text)).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/interview\.mp4 is not a transcript/) },
    })
    const huge = await send('POST', '/upload?name=big.vtt&kind=transcript', 'WEBVTT', {
      'content-length': String(60 * 1024 * 1024),
    }).catch(() => null)
    // The host answers at once and closes; a client still sending may see the close instead.
    if (huge) expect(huge.status).toBe(400)
    const transcriptAsMedia = await send('POST', '/upload?name=talk.vtt&kind=media', 'WEBVTT\n')
    expect(JSON.parse(transcriptAsMedia.text).error.message).toMatch(/it looks like a transcript/)
    expect(storedFiles()).toEqual(before)
  })
})
