import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { contract, type MethodName, type RequestOf } from '../../src/shared/contract'
import type { Reply } from '../../src/shared/result'
import { parseSocketCall } from '../../src/shared/socketCalls'
import { isViewVersion } from '../../src/shared/viewDelta'
import { machineEpisode } from '../machineEpisode'
import { INTERVIEW_VTT } from '../sampleTranscripts'
import { tempFolder } from '../tempFolder'
import {
  CostBound,
  FUZZ_TIMEOUT_MS,
  NUM_RUNS,
  dumpDatabase,
  expectPlainMessage,
  hostileJson,
  mutatedJson,
  show,
  shortReport,
  timedAsync,
  totalChanges,
  randomText,
  timed,
} from './fuzzing'

/**
 * A call's cost over that of loading the valid document over itself (read, checked, written, as
 * `episodes.load` does): the costliest of 10,000 was 4.9 times it (two cores at a load of 10), so this
 * is a margin a loaded machine keeps, and a runaway is still far past it.
 */
const CALL_RATIO = 40
/** A socket message's reading over the reference's (see its test): the costliest was 0.31 times it. */
const PARSE_RATIO = 5
/** Edits pile up history and wear the episode down; it is loaded afresh this often. */
const RESET_EVERY = 200

const MACHINE = machineEpisode()
const ID = MACHINE.episode.id

const dir = tempFolder()
const files = new FileRefs()
const write = (name: string, content: string | Buffer): string => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, content)
  return file
}
// Files the user could have chosen, so requests naming them reach the import and the load.
const TRANSCRIPT_REF = files.register(write('interview.vtt', INTERVIEW_VTT))
const EPISODE_REF = files.register(write('episode.json', JSON.stringify(MACHINE)))
const GARBAGE_REF = files.register(write('garbage.bin', Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x7b])))
// Well-formed handles nobody registered (a media handle would make the core start ffprobe).
const STALE_REF = `file-${'0'.repeat(32)}`

type Samples = { [K in MethodName]: RequestOf<K>[] }

/** Valid requests for every method, naming what the loaded machine episode holds. */
const VALID: Samples = {
  'episodes.list': [{}],
  'episodes.listStart': [{}],
  'library.notices': [{}],
  'library.dimensions': [{}],
  'library.shows': [{}],
  'library.showTrends': [{ show: MACHINE.episode.show }, { show: 'No such show' }],
  'library.setCountedAnalysis': [
    { show: MACHINE.episode.show, choice: 'machine' },
    { show: 'No such show', choice: { reviewer: 'Ada' } },
  ],
  'library.pointReasoning': [{ id: ID, dimension: MACHINE.rubric.dimensions[0]?.key ?? 'x' }],
  'library.search': [
    { query: 'agents' },
    { query: '"verifiable rewards"', limit: 5 },
    { query: 'clima*', show: 'Latent Space' },
    { query: 'AND' },
    { query: '東京' },
  ],
  'episodes.create': [
    { media: STALE_REF, transcript: TRANSCRIPT_REF, title: 'New', show: 'Show', publishedOn: '2025-01-31' },
  ],
  'episodes.open': [{ id: ID }],
  'episodes.trash': [{ id: ID }],
  'episodes.restore': [{ id: ID }],
  'episodes.listTrash': [{}],
  'episodes.duplicate': [{ id: ID }],
  'episodes.mediaLocation': [{ id: ID }],
  'reviewer.get': [{}],
  'reviewer.set': [{ name: 'Ada Reviewer' }],
  'preferences.get': [{}],
  'preferences.set': [{ firstRunHintSeen: true }, { playNextAfterDecision: false }, {}],
  'episodes.update': [
    {
      id: ID,
      patch: {
        title: 'A title',
        show: 'A show',
        publishedOn: '2025-05-09',
        sourceUrl: 'https://example.com/episode',
        summary: 'A summary.',
      },
    },
    { id: ID, patch: { publishedOn: null, sourceUrl: null } },
  ],
  'episodes.export': [{ id: ID }],
  'episodes.load': [
    { file: EPISODE_REF },
    { file: EPISODE_REF, replace: true },
    { file: GARBAGE_REF },
    { file: EPISODE_REF, media: STALE_REF },
  ],
  'episodes.loadMany': [
    { files: [EPISODE_REF] },
    { files: [EPISODE_REF, GARBAGE_REF], keepBoth: true },
    { files: [GARBAGE_REF, STALE_REF] },
  ],
  'episodes.exportAs': [
    ...(['episode', 'chapters', 'youtube', 'vtt-chapters', 'csv', 'html'] as const).map((format) => ({
      id: ID,
      format,
    })),
    { id: ID, format: 'html', final: true },
    { id: ID, format: 'podcast-item', baseUrl: 'https://cdn.example.com/show/ep1/' },
  ],
  'episodes.exportSite': [
    { id: ID },
    { id: ID, mediaAs: 'audio', mediaUrl: 'https://cdn.example.com/ep1.mp3' },
  ],
  'episodes.publishingChoices': [{ id: ID }],
  'episodes.relinkMedia': [{ id: ID, media: STALE_REF }],
  'media.peaks': [{ id: ID }, { id: ID, restart: true }],
  'media.cancelPeaks': [{ id: ID }],
  'media.partialPeaks': [{ id: ID, points: 1024 }],
  'transcript.get': [{ id: ID }],
  'transcript.import': [
    { id: ID, file: TRANSCRIPT_REF },
    { id: ID, file: GARBAGE_REF },
  ],
  'transcript.editSegment': [
    { id: ID, segmentId: 'seg1', text: 'Welcome back to the show.' },
    { id: ID, segmentId: 's1', text: 'Imported words, edited.' },
  ],
  'transcript.export': [
    { id: ID, format: 'vtt' },
    { id: ID, format: 'srt' },
    { id: ID, format: 'podcast-json' },
  ],
  'participants.mapSpeakers': [
    {
      id: ID,
      speakers: [
        { participantId: 'swyx', to: { kind: 'self', name: 'Swyx', role: 'host' } },
        { participantId: 'will', to: { kind: 'participant', participantId: 'swyx' } },
        { participantId: 'p1', to: { kind: 'unknown' } },
      ],
    },
  ],
  'statements.create': [{ id: ID, start: 5, end: 12, title: 'A claim', quote: 'Multi-agent systems' }],
  'statements.confirmQuote': [{ id: ID, statementId: 's1' }],
  'statements.update': [
    {
      id: ID,
      statementId: 's1',
      patch: { title: 'Retitled', quote: 'mostly do not work', start: 6, end: 11, speakerId: 'will' },
    },
    { id: ID, statementId: 's1', patch: { speakerId: null } },
  ],
  'statements.delete': [{ id: ID, statementId: 's1' }],
  'chapters.split': [{ id: ID, at: 100 }],
  'chapters.moveBoundary': [
    { id: ID, chapterId: 'c2', edge: 'start', at: 210 },
    { id: ID, chapterId: 'c2', edge: 'end', at: 400 },
  ],
  'chapters.mergeNext': [{ id: ID, chapterId: 'c1' }],
  'chapters.update': [{ id: ID, chapterId: 'c1', patch: { title: 'Renamed', why: 'Because.' } }],
  'chapters.delete': [{ id: ID, chapterId: 'c3' }],
  'scores.set': [
    { id: ID, chapterId: 'c1', dimension: 'guestTeaching', value: 5, reasoning: 'Clear.' },
    { id: ID, chapterId: 'c2', dimension: 'hostsPushingBack', value: null },
  ],
  'scores.confirmReasoning': [{ id: ID, chapterId: 'c2', dimension: 'guestTeaching' }],
  'rubric.add': [
    { id: ID, label: 'Humour', key: 'humour', description: 'Funny?', highlightLabel: 'Funniest' },
    { id: ID, label: 'Second thought' },
  ],
  'rubric.update': [
    { id: ID, key: 'guestTeaching', patch: { label: 'Teaching', description: 'd', highlightLabel: 'h' } },
  ],
  'rubric.move': [{ id: ID, key: 'guestTeaching', to: 0 }],
  'rubric.remove': [{ id: ID, key: 'hostsPushingBack' }],
  'rubric.saveDefault': [{ id: ID }],
  'highlights.set': [{ id: ID, dimension: 'guestTeaching', time: 30, title: 'Moment', description: 'Why.' }],
  'highlights.update': [{ id: ID, highlightId: 'h1', patch: { time: 20, title: 'Moved', description: 'd' } }],
  'highlights.delete': [{ id: ID, highlightId: 'h1' }],
  'rules.requireEvidence': [
    { id: ID, required: true },
    { id: ID, required: false },
  ],
  'evidence.set': [
    {
      id: ID,
      target: { kind: 'score', chapterId: 'c1', dimension: 'guestTeaching' },
      evidence: [{ statement: 's1' }],
    },
    {
      id: ID,
      target: { kind: 'why', chapterId: 'c2' },
      evidence: [{ start: 200, end: 210, note: 'the push' }],
    },
    { id: ID, target: { kind: 'highlight', highlightId: 'h1' }, evidence: [] },
  ],
  'participants.add': [
    { id: ID, name: 'Ana', role: 'guest', affiliation: null },
    { id: ID, name: 'Bo', role: 'other' },
  ],
  'participants.update': [
    { id: ID, participantId: 'will', patch: { name: 'William', role: 'host', affiliation: 'Elsewhere' } },
  ],
  'participants.remove': [{ id: ID, participantId: 'swyx' }],
  'review.accept': [
    { id: ID, kind: 'chapter', itemId: 'c1' },
    { id: ID, kind: 'highlight', itemId: 'h1' },
    { id: ID, kind: 'statement', itemId: 's1' },
  ],
  'review.reject': [
    { id: ID, kind: 'chapter', itemId: 'c2' },
    { id: ID, kind: 'statement', itemId: 's1' },
  ],
  'review.setBlind': [
    { id: ID, blind: true },
    { id: ID, blind: false },
  ],
  'review.report': [{ id: ID }],
  'episodes.analysesOf': [{ id: ID }],
  'episodes.agreement': [{ ids: [ID, ID] }],
  'consensus.build': [{ ids: [ID, ID] }],
  'consensus.choices': [{ id: ID }],
  'consensus.take': [{ id: ID, from: ID, item: { kind: 'chapter', chapterId: 'c1' } }],
  'review.exportReport': [{ id: ID }],
  'history.undo': [{ id: ID }],
  'history.redo': [{ id: ID }],
  'backups.list': [{}],
  'backups.create': [{}],
  'backups.restore': [{ backup: 'episcore-2025-05-09.sqlite' }],
  'backups.restoring': [{}],
  // No desk here: each is refused at once (nothing listens on port 1), as a library never connected is.
  'desk.status': [{}],
  'desk.connect': [{ url: 'postgres://alice@127.0.0.1:1/desk' }],
  'desk.disconnect': [{}],
  'desk.sync': [{}],
  'desk.list': [{}],
  'desk.get': [{ ids: ['x'] }, { show: MACHINE.episode.show }],
  'desk.history': [{ id: ID }],
  'desk.verify': [{}],
  'desk.assign': [{ ids: [ID], reviewers: ['alice', 'bob'], overlap: 2, calibration: 0.1, blind: true }],
  'desk.queue': [{}],
  'desk.submit': [{ id: ID }],
  'desk.sendBack': [{ episode: ID, reviewer: 'alice', note: 'Chapter 2 needs reasons' }],
  'desk.board': [{}, { show: MACHINE.episode.show }],
  'desk.setConsensus': [{ episode: ID, analysis: `${ID}-consensus` }],
  'desk.setReference': [{ episode: ID, analysis: ID }],
  'desk.drift': [{}, { show: MACHINE.episode.show, since: '2025-01-01' }],
  'desk.calibration': [{ id: ID }],
  'codebook.get': [{ show: MACHINE.episode.show }, { show: MACHINE.episode.show, version: 1 }],
  'codebook.versions': [{ show: MACHINE.episode.show }],
  'codebook.draft': [{ show: MACHINE.episode.show }],
  'codebook.saveDraft': [
    {
      show: MACHINE.episode.show,
      content: {
        scale: { min: 0, max: 10 },
        dimensions: [
          {
            key: 'guestTeaching',
            label: 'Guest teaching',
            definition: 'How much the guest teaches.',
            highlightLabel: 'Biggest teaching moment',
            levels: [
              { from: 0, to: 4, text: 'Little' },
              { from: 5, to: 10, text: 'Much' },
            ],
            anchors: [],
          },
        ],
      },
    },
  ],
  'codebook.publish': [{ show: MACHINE.episode.show }],
  'codebook.ofAnalysis': [{ id: ID }],
  'codebook.moveAnalysis': [{ id: ID }],
  'codebook.export': (['qdc', 'md', 'json'] as const).map((format) => ({
    show: MACHINE.episode.show,
    format,
  })),
  'codebook.addAnchor': [
    {
      dimension: 'hostsInformedPeer',
      target: { kind: 'chapterScore', episodeId: ID, chapterId: 'c1' },
      note: 'a 7',
    },
    { dimension: 'hostsInformedPeer', target: { kind: 'range', episodeId: ID, start: 9, end: 3 }, note: '' },
    { dimension: 'nope', target: { kind: 'statement', episodeId: ID, statementId: 's1' }, note: '' },
  ],
  'codebook.import': [{ show: MACHINE.episode.show, file: GARBAGE_REF, dryRun: true }],
}

const METHODS = Object.keys(contract) as MethodName[]

/** Names that are almost methods, or that name what every object has. */
const nearMethod = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'prototype',
    'episodes',
    'episodes.',
    '.list',
    'fs.readFile',
    '../episodes.list',
    'episodes.list\u0000',
  ),
  fc.constantFrom(...METHODS).map((m) => m.toUpperCase()),
  fc.constantFrom(...METHODS).map((m) => `${m} `),
  fc.string({ maxLength: 40 }),
)

/** What may arrive over IPC (structured clone) or HTTP (JSON): far more than JSON alone. */
const anyValue = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
})

const requestFor = (method: MethodName): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 8, arbitrary: mutatedJson(VALID[method]) },
    { weight: 3, arbitrary: fc.constantFrom(...(VALID[method] as unknown[])) },
    // Another method's request: right shape, wrong place.
    {
      weight: 1,
      arbitrary: fc.constantFrom(...METHODS).chain((m) => fc.constantFrom(...(VALID[m] as unknown[]))),
    },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )

const call: fc.Arbitrary<{ method: string; request: unknown }> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .constantFrom(...METHODS)
      .chain((method) => requestFor(method).map((request) => ({ method, request }))),
  },
  { weight: 1, arbitrary: fc.record({ method: nearMethod, request: anyValue }) },
)

const CODES = [
  'invalid-request',
  'unknown-method',
  'not-found',
  'invalid-input',
  'conflict',
  'nothing-to-undo',
  'trashed',
  'desk-unreachable',
]

describe('the contract under hostile requests', () => {
  it(
    `answers every request with a reply, never an internal error, writing only when ok, ${NUM_RUNS} cases`,
    async () => {
      const db = openDatabase(path.join(dir, 'episcore.sqlite'))
      const handlers = createHandlers({ db, files, peaks: new PeaksCache(path.join(dir, 'peaks')) })
      const fresh = (): void => void loadEpisodeDocument(db, JSON.stringify(MACHINE), { replace: true })
      fresh()
      let calls = 0
      const replies = new Map<string, number>()
      // The database when the counter of changes last moved, to check the counter against the rows.
      let checked = { changes: totalChanges(db), dump: dumpDatabase(db) }
      const other = openDatabase(path.join(dir, 'reference.sqlite'))
      const text = JSON.stringify(MACHINE)
      const bound = await CostBound.measured(
        'loading the valid document over itself',
        () => loadEpisodeDocument(other, text, { replace: true }),
        CALL_RATIO,
      )
      await fc.assert(
        fc.asyncProperty(call, async ({ method, request }) => {
          if (calls > 0 && calls % RESET_EVERY === 0) fresh()
          calls++
          const before = totalChanges(db)
          const run = (): Promise<Reply<unknown>> => dispatch(handlers, method, request)
          let outcome = await timedAsync(run)
          const what = (): string => `${method}(${show(request)})`
          if (outcome.threw) throw outcome.error
          const reply = outcome.value
          if (reply.ok) {
            bound.expectWithin(outcome, what)
            // Every reply crosses IPC or HTTP as JSON.
            JSON.stringify(reply)
          } else {
            const key = reply.error.code
            replies.set(key, (replies.get(key) ?? 0) + 1)
            if (key === 'internal')
              expect.fail(`${what()} reached the core unchecked: ${reply.error.message}`)
            expect(CODES).toContain(key)
            expect(Object.keys(reply.error).sort()).toEqual(['code', 'message'])
            expectPlainMessage(reply.error.message)
            if (totalChanges(db) !== before)
              expect.fail(`${what()} was refused after writing to the database`)
            // Refused, so nothing changed and it can be timed again: only a slow input is slow every time.
            for (let retry = 0; retry < 2 && outcome.ms > bound.limitMs; retry++) {
              const again = await timedAsync(run)
              if (again.ms < outcome.ms) outcome = again
            }
            bound.expectWithin(outcome, what)
          }
          replies.set('ok', (replies.get('ok') ?? 0) + (reply.ok ? 1 : 0))
          if (calls % 500 === 0 || calls === NUM_RUNS) {
            const changes = totalChanges(db)
            if (changes === checked.changes) expect(dumpDatabase(db)).toBe(checked.dump)
            else checked = { changes, dump: dumpDatabase(db) }
          }
        }),
        { numRuns: NUM_RUNS, plugins: [shortReport] },
      )
      db.close()
      other.close()
      expect(calls).toBe(NUM_RUNS)
      // Each side must have been reached for the run to mean anything.
      expect(replies.get('ok') ?? 0).toBeGreaterThan(NUM_RUNS / 10)
      for (const code of ['invalid-request', 'unknown-method', 'not-found'])
        expect(replies.get(code) ?? 0).toBeGreaterThan(0)
    },
    FUZZ_TIMEOUT_MS,
  )

  it(`reads a socket message as a call or says why it is none, never throwing, ${NUM_RUNS} cases`, async () => {
    // The valid calls, each read a hundred times: a message is at most a few kilobytes of text.
    const valid = Object.entries(VALID).flatMap(([method, requests]) =>
      (requests as unknown[]).map((request, n) => JSON.stringify({ n, method, request, viewBase: null })),
    )
    const bound = await CostBound.measured(
      'reading every valid call a hundred times',
      () => {
        for (let i = 0; i < 100; i++) for (const message of valid) parseSocketCall(message)
      },
      PARSE_RATIO,
    )
    let calls = 0
    fc.assert(
      fc.property(
        fc.oneof(
          randomText,
          hostileJson.map((json) => JSON.stringify(json)),
          fc
            .record(
              { n: fc.anything(), method: fc.anything(), request: fc.anything(), viewBase: fc.anything() },
              { requiredKeys: [] },
            )
            .map((message) => JSON.stringify(message) ?? ''),
        ),
        (text) => {
          const outcome = timed(() => parseSocketCall(text), bound)
          if (outcome.threw) throw outcome.error
          bound.expectWithin(outcome, () => show(text))
          const call = outcome.value
          if (typeof call === 'string') return expectPlainMessage(call)
          calls++
          expect(Number.isSafeInteger(call.n) && call.n >= 0).toBe(true)
          expect(typeof call.method).toBe('string')
          expect(call.viewBase === null || isViewVersion(call.viewBase)).toBe(true)
        },
      ),
      { numRuns: NUM_RUNS, plugins: [shortReport] },
    )
    expect(calls).toBeGreaterThan(0)
  })
})
