import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { UserError } from '../../src/core/errors'
import { loadEpisodeDocument, loadEpisodeFile, type LoadResult } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { publishFormatSchema, transcriptExportFormatSchema } from '../../src/shared/contract'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import type { Reply } from '../../src/shared/result'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { hostileEpisodeDocument } from './episodeDocumentArbitrary'
import {
  FUZZ_TIMEOUT_MS,
  NUM_RUNS,
  deepJsonText,
  dumpDatabase,
  expectPlainMessage,
  expectQuick,
  mutatedBytes,
  mutatedJson,
  randomBytes,
  randomText,
  show,
  timed,
  totalChanges,
} from './fuzzing'

/** A load that writes waits on the disk's commit: bounded, but not by the parsing budget. */
const MAX_WRITE_MS = 2000

const MACHINE = machineEpisode()
const { transcript: _transcript, ...WITHOUT_TRANSCRIPT } = MACHINE
const HUMAN: EpisodeDocument = {
  ...MACHINE,
  chapters: MACHINE.chapters.map((c) => ({ ...c, origin: 'human', status: 'accepted' })),
  review: { status: 'final', reviewer: 'Ana', updatedAt: '2025-05-11T10:00:00.000Z' },
}
const DOCUMENTS: unknown[] = [MACHINE, WITHOUT_TRANSCRIPT, HUMAN]
const TEXTS = [
  JSON.stringify(MACHINE),
  JSON.stringify(WITHOUT_TRANSCRIPT, null, 2),
  JSON.stringify(HUMAN),
].map((t) => Buffer.from(t))

type Input =
  { kind: 'text'; text: string } | { kind: 'value'; value: unknown } | { kind: 'file'; bytes: Buffer }

const input: fc.Arbitrary<{ source: Input; replace: boolean }> = fc.record({
  source: fc.oneof(
    { weight: 6, arbitrary: mutatedJson(DOCUMENTS).map((value): Input => ({ kind: 'value', value })) },
    {
      weight: 4,
      arbitrary: mutatedJson(DOCUMENTS).map((v): Input => ({ kind: 'text', text: JSON.stringify(v) ?? '' })),
    },
    {
      weight: 4,
      arbitrary: mutatedBytes(TEXTS, 64 * 1024).map((b): Input => ({
        kind: 'text',
        text: b.toString('utf8'),
      })),
    },
    // Through a file, for the byte checks (size, UTF-8) before the text: fewer, as each is a disk write.
    { weight: 1, arbitrary: mutatedBytes(TEXTS, 64 * 1024).map((bytes): Input => ({ kind: 'file', bytes })) },
    { weight: 1, arbitrary: randomBytes.map((bytes): Input => ({ kind: 'file', bytes })) },
    { weight: 1, arbitrary: randomText.map((text): Input => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: fc.jsonValue().map((value): Input => ({ kind: 'value', value })) },
    { weight: 1, arbitrary: deepJsonText.map((text): Input => ({ kind: 'text', text })) },
    { weight: 1, arbitrary: fc.constantFrom(...DOCUMENTS).map((value): Input => ({ kind: 'value', value })) },
  ),
  // Mostly without --replace: an accepted load then writes, which is rarer and slower than a refusal.
  replace: fc.oneof(
    { weight: 9, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
})

describe('the episode JSON loader under hostile input', () => {
  it(
    `loads a valid document or refuses with a UserError, writing nothing, ${NUM_RUNS} cases`,
    () => {
      const dir = tempFolder()
      const file = path.join(dir, 'fuzz.json')
      const db = openDatabase(path.join(dir, 'episcore.sqlite'))
      loadEpisodeDocument(db, JSON.stringify(MACHINE))
      // The database as the last accepted load left it: every refusal must leave it exactly so.
      let snapshot = dumpDatabase(db)
      let calls = 0
      let accepted = 0
      const codes = new Map<string, number>()
      const load = (source: Input, replace: boolean): LoadResult => {
        if (source.kind === 'file') return loadEpisodeFile(db, file, { replace })
        return loadEpisodeDocument(db, source.kind === 'text' ? source.text : source.value, {
          replace,
          name: 'fuzz.json',
        })
      }
      fc.assert(
        fc.property(input, ({ source, replace }) => {
          calls++
          if (source.kind === 'file') fs.writeFileSync(file, source.bytes)
          const before = totalChanges(db)
          const outcome = timed(
            () => load(source, replace),
            (first) => first.threw,
          )
          const what = (): string => `load(${show(source)}, replace: ${replace})`
          if (!outcome.threw) {
            accepted++
            expectQuick(outcome, what, MAX_WRITE_MS)
            // Episodes with new ids go again, so that the database, and each dump of it, stays small.
            if (outcome.value.id !== MACHINE.episode.id)
              db.prepare('DELETE FROM episodes WHERE id = ?').run(outcome.value.id)
            snapshot = dumpDatabase(db)
            return
          }
          expectQuick(outcome, what)
          const { error } = outcome
          if (!(error instanceof UserError)) throw error
          codes.set(error.code, (codes.get(error.code) ?? 0) + 1)
          expect(['invalid-input', 'conflict']).toContain(error.code)
          expect(error.message.startsWith('fuzz.json') || error.message.startsWith('episode "')).toBe(true)
          expectPlainMessage(error.message)
          if (totalChanges(db) !== before) expect.fail(`${what()} was refused after writing to the database`)
          if (calls % 500 === 0) expect(dumpDatabase(db)).toBe(snapshot)
        }),
        { numRuns: NUM_RUNS },
      )
      expect(calls).toBe(NUM_RUNS)
      expect(dumpDatabase(db)).toBe(snapshot)
      db.close()
      // Both answers, and both kinds of refusal, must have been reached for the run to mean anything.
      expect(accepted).toBeGreaterThan(0)
      expect(codes.get('invalid-input') ?? 0).toBeGreaterThan(NUM_RUNS / 2)
      expect(codes.get('conflict') ?? 0).toBeGreaterThan(0)
    },
    FUZZ_TIMEOUT_MS,
  )
})

/** Hostile documents per run: each loads, opens and runs every export, so far fewer than the cheap cases. */
const HOSTILE_RUNS = 150
/** What a file may take from its load to its last export (issue 23: "each file in under 2 s"). */
const MAX_FILE_MS = 2000

const PUBLISH_FORMATS = publishFormatSchema.options
const TRANSCRIPT_FORMATS = transcriptExportFormatSchema.options

describe('hostile episode JSON, loaded, opened and exported', () => {
  it(
    `never answers \`internal\`, and each file is done in under 2 s, ${HOSTILE_RUNS} cases`,
    async () => {
      const dir = tempFolder()
      const file = path.join(dir, 'hostile.json')
      const db = openDatabase(path.join(dir, 'episcore.sqlite'))
      const files = new FileRefs()
      const handlers = createHandlers({ db, files, peaks: new PeaksCache(path.join(dir, 'peaks')) })
      const ref = files.register(file)
      let loaded = 0
      let refused = 0
      const written = new Map<string, number>()
      await fc.assert(
        fc.asyncProperty(hostileEpisodeDocument, async (doc) => {
          fs.writeFileSync(file, JSON.stringify(doc))
          const answers: [string, Reply<unknown>][] = []
          const costs: string[] = []
          const call = async (method: string, request: unknown): Promise<Reply<unknown>> => {
            const before = process.cpuUsage()
            const reply = await dispatch(handlers, method, request)
            const used = process.cpuUsage(before)
            answers.push([method, reply])
            const format = (request as { format?: string }).format
            const what = format === 'podcast-item' ? format : method
            if (reply.ok) written.set(what, (written.get(what) ?? 0) + 1)
            costs.push(
              `${method} ${JSON.stringify(request).slice(0, 60)}: ${Math.round((used.user + used.system) / 1000)} ms`,
            )
            return reply
          }
          // The process's CPU time, not the clock's: on a machine shared with other jobs the clock
          // measures them too, while what the file costs is the work done for it here.
          const started = process.cpuUsage()
          const load = await call('episodes.load', { file: ref, replace: true })
          if (load.ok) {
            loaded++
            const { id } = load.value as { id: string }
            await call('episodes.open', { id })
            await call('episodes.export', { id })
            // The feed's tags need where the site is served: without it they are refused before their writer runs.
            for (const format of PUBLISH_FORMATS)
              await call('episodes.exportAs', {
                id,
                format,
                ...(format === 'podcast-item' && { baseUrl: 'https://cdn.example.com/show/ep/' }),
              })
            // The web page folder, playing a public address: every file of it is written, no media copied.
            const site = path.join(dir, `site-${loaded}`)
            await call('episodes.exportSite', {
              id,
              folder: files.registerOutput(site),
              mediaUrl: 'https://cdn.example.com/show/ep/media.mp3',
            })
            fs.rmSync(site, { recursive: true, force: true })
            for (const format of TRANSCRIPT_FORMATS) await call('transcript.export', { id, format })
            await call('review.report', { id })
            await call('review.exportReport', { id })
            await call('episodes.exportAs', { id, format: 'html', final: true })
            db.prepare('DELETE FROM episodes WHERE id = ?').run(id)
          } else refused++
          const used = process.cpuUsage(started)
          const ms = (used.user + used.system) / 1000
          for (const [method, reply] of answers)
            if (!reply.ok && reply.error.code === 'internal')
              expect.fail(`${method} answered internal for ${show(doc)}: ${reply.error.message}`)
          if (ms > MAX_FILE_MS)
            expect.fail(`the file took ${Math.round(ms)} ms of CPU time (${costs.join('; ')}): ${show(doc)}`)
        }),
        // A failing case is shown as found: shrinking files of 2,000 chapters would outlast the test.
        { numRuns: HOSTILE_RUNS, endOnFailure: true },
      )
      db.close()
      // Both outcomes must have been reached for the run to mean anything, and the writers of the web
      // page and of the feed's tags must have run, not only been refused before them.
      expect(loaded).toBeGreaterThan(0)
      expect(refused).toBeGreaterThan(0)
      expect(written.get('episodes.exportSite') ?? 0).toBeGreaterThan(0)
      expect(written.get('podcast-item') ?? 0).toBeGreaterThan(0)
    },
    FUZZ_TIMEOUT_MS * 3,
  )
})
