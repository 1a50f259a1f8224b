import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { UserError } from '../../src/core/errors'
import { loadEpisodeDocument, loadEpisodeFile, type LoadResult } from '../../src/core/load/loadEpisode'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
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
