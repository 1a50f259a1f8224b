import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { startHost, type RunningHost } from '../../src/host/startHost'
import { analysesOnScale } from '../analysesOnScale'
import { tempFolder } from '../tempFolder'

const ANALYSES = analysesOnScale({
  count: 6,
  chapters: 2_000,
  levels: 100_001,
  scale: { min: 0, max: 1e12 },
  value: (k) => k * 1e7,
})

describe('the browser host comparing analyses', () => {
  const dir = tempFolder()
  let host: RunningHost
  let cookie = ''

  /** A call through the host's API; `answering` is told when the answer starts to arrive. */
  const call = (
    method: string,
    request: unknown,
    answering: () => void = () => undefined,
  ): Promise<{ ok: boolean; value?: unknown }> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: false,
          host: '127.0.0.1',
          port: host.port,
          path: `/api/${method}`,
          method: 'POST',
          headers: { host: `127.0.0.1:${host.port}`, cookie },
        },
        (res) => {
          answering()
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
        },
      )
      req.on('error', reject)
      req.end(JSON.stringify(request))
    })

  beforeAll(async () => {
    const rendererDir = path.join(dir, 'renderer')
    fs.mkdirSync(rendererDir)
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Episcore</title>')
    const dbFile = path.join(dir, 'host.sqlite')
    const db = openDatabase(dbFile)
    for (const analysis of ANALYSES) loadEpisodeDocument(db, analysis)
    db.close()
    host = await startHost({ databaseFile: dbFile, rendererDir })
    const key = new URL(host.url).searchParams.get('key') ?? ''
    const entry = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port: host.port, path: `/?key=${key}`, agent: false }, resolve),
    )
    cookie = (entry.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
  })
  afterAll(() => host?.close())

  it('answers other calls while it measures six analyses of 2,000 chapters on a scale of 0 to 10^12', async () => {
    // The host runs in this process: a measure on its thread would hold this test's timers and
    // sockets too, so the proof is the order of the answers, not a stopwatch. The agreement's answer is
    // megabytes, so its arrival is when it starts, not when all of it is read.
    let agreementAnswering = false
    const measuring = call('episodes.agreement', { ids: ANALYSES.map((a) => a.episode.id) }, () => {
      agreementAnswering = true
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const list = await call('episodes.list', {})
    const listAnsweredFirst = !agreementAnswering
    expect(list.ok).toBe(true)
    expect(listAnsweredFirst).toBe(true)
    const reply = (await measuring) as {
      ok: boolean
      value: { units: number; dimensions: Record<string, { alpha: { interval: number | null } }> }
    }
    expect(reply.ok).toBe(true)
    expect(reply.value.units).toBeGreaterThan(10_000)
    for (const { alpha } of Object.values(reply.value.dimensions))
      expect(alpha.interval).toEqual(expect.any(Number))
  })

  it('answers other calls while it builds a consensus of them, then shows the consensus', async () => {
    let buildAnswering = false
    const building = call('consensus.build', { ids: ANALYSES.map((a) => a.episode.id) }, () => {
      buildAnswering = true
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const list = await call('episodes.list', {})
    const listAnsweredFirst = !buildAnswering
    expect(list.ok).toBe(true)
    expect(listAnsweredFirst).toBe(true)
    const built = (await building) as { ok: boolean; value: { id: string } }
    expect(built).toMatchObject({ ok: true, value: { id: 'on-scale-1-2' } })
    // Written through the thread's own connection, read by the host's from its next call on.
    const opened = (await call('episodes.open', { id: built.value.id })) as {
      ok: boolean
      value: { summary: { title: string }; chapters: unknown[] }
    }
    expect(opened.ok).toBe(true)
    expect(opened.value.summary.title).toMatch(/\(consensus\)$/)
    expect(opened.value.chapters).toHaveLength(2_000)
  })
})
