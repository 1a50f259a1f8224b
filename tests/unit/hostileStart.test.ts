import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

function post(port: number, method: string, body: unknown, cookie: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent: false,
        host: '127.0.0.1',
        port,
        path: `/api/${method}`,
        method: 'POST',
        headers: { host: `127.0.0.1:${port}`, cookie, 'content-type': 'application/json' },
      },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve(JSON.parse(text)))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

function entryCookie(url: URL): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ agent: false, host: '127.0.0.1', port: url.port, path: url.pathname + url.search }, (res) => {
        res.resume()
        resolve((res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '')
      })
      .on('error', reject)
  })
}

let child: ChildProcess | null = null
afterEach(() => {
  child?.kill('SIGTERM')
  child = null
})

describe('a start of the browser host', () => {
  it('never dies on what the last-edited episode holds: it answers, and the episode opens', async () => {
    const dir = tempFolder()
    const file = path.join(dir, 'episcore.sqlite')
    const rendererDir = path.join(dir, 'renderer')
    fs.mkdirSync(rendererDir)
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Episcore</title>')
    const doc = machineEpisode()
    const db = openDatabase(file)
    loadEpisodeDocument(db, doc)
    // What a load before the 7-day limit left: a start prepared this episode until the heap was gone.
    db.prepare('UPDATE episodes SET duration_seconds = 1e10').run()
    db.close()

    const host = spawn(BIN, ['--db', file, 'serve', '--port', '0', '--renderer', rendererDir], {
      // A small heap, so that a runaway allocation ends the process in seconds rather than minutes.
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=256' },
    })
    child = host
    let stdout = ''
    let stderr = ''
    host.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    const exited = new Promise<number | null>((resolve) => host.once('exit', (code) => resolve(code)))
    const url = await new Promise<URL>((resolve, reject) => {
      host.stdout?.on('data', (c: Buffer) => {
        stdout += c.toString()
        const match = /Episcore is at (\S+)/.exec(stdout)
        if (match?.[1]) resolve(new URL(match[1]))
      })
      void exited.then((code) => reject(new Error(`the host ended (${code}) before it started: ${stderr}`)))
    })
    // The episode is prepared just after the start: give it the time a start takes to do so.
    const outcome = await Promise.race([
      exited.then((code) => `ended with ${code}: ${stderr.slice(0, 500)}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('running'), 3000)),
    ])
    expect(outcome).toBe('running')
    const cookie = await entryCookie(url)
    const list = (await post(Number(url.port), 'episodes.list', {}, cookie)) as {
      ok: boolean
      value: { id: string }[]
    }
    expect(list.ok).toBe(true)
    expect(list.value.map((e) => e.id)).toEqual([doc.episode.id])
    const opened = (await post(Number(url.port), 'episodes.open', { id: doc.episode.id }, cookie)) as {
      ok: boolean
      value: { speakingBalance: { bins: unknown[] } | null }
    }
    expect(opened.ok).toBe(true)
    expect(opened.value.speakingBalance?.bins.length).toBeLessThanOrEqual(3360)
  }, 60_000)
})
