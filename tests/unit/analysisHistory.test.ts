import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { historyState } from '../../src/core/history/editHistory'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeView, MethodName } from '../../src/shared/contract'
import { sameValue, VIEW_MARK, ViewReceiver, ViewSender, type ViewMark } from '../../src/shared/viewDelta'
import {
  doneEdits,
  expectFullScoreGrid,
  makeTemplate,
  openCopy,
  seedMachineAnalysis,
  snapshot,
  validExport,
  type Session,
  type Template,
} from './analysisFixture'
import { tempFolder } from '../tempFolder'

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

/**
 * A command as generated: ids are numbers, turned into the id of an item that exists when the command
 * runs (or, now and then, into an id that does not, which must be refused).
 */
interface Command {
  method: MethodName
  args: Record<string, unknown>
}

type View = Omit<EpisodeView, 'history'>

const REFERENCES: Record<string, (view: View) => string[]> = {
  statementId: (v) => v.statements.map((s) => s.id),
  chapterId: (v) => v.chapters.map((c) => c.id),
  highlightId: (v) => v.highlights.map((h) => h.id),
  participantId: (v) => v.participants.map((p) => p.id),
  speakerId: (v) => v.participants.map((p) => p.id),
  key: (v) => v.rubric.dimensions.map((d) => d.key),
  dimension: (v) => v.rubric.dimensions.map((d) => d.key),
}

function resolve(args: Record<string, unknown>, view: View): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => {
      const ids = REFERENCES[name]?.(view)
      if (ids && typeof value === 'number') return [name, ids[value % (ids.length + 1)] ?? 'missing9']
      if (name === 'patch') return [name, resolve(value as Record<string, unknown>, view)]
      return [name, value]
    }),
  )
}

// Up to a second past the media's end, so that some times are refused.
const time = fc.integer({ min: 0, max: 61_000 }).map((ms) => ms / 1000)
const pick = fc.nat(6)
const text = fc.constantFrom('', 'A claim', 'Why it matters', 'Noted.')
const label = fc.constantFrom('Host humour', 'Clarity', 'Guest teaching', 'Éclat réel')
// A patch: any subset of its fields.
const some = (shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(shape, { requiredKeys: [] })
const command = (method: MethodName, args: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Command> =>
  args.map((a) => ({ method, args: a }))

// Mostly spans that end after they start, sometimes not.
const span = fc
  .tuple(time, fc.integer({ min: -1_000, max: 20_000 }))
  .map(([start, length]) => ({ start, end: Math.max(0, start + length / 1000) }))
// Weighted so that chapters get made about as often as they get deleted or merged away.
const often = <T>(arbitrary: fc.Arbitrary<T>): fc.WeightedArbitrary<T> => ({ arbitrary, weight: 4 })

const COMMAND = fc.oneof(
  often(
    command(
      'statements.create',
      fc.record({ span, title: text }).map(({ span, title }) => ({ ...span, title })),
    ),
  ),
  command(
    'statements.update',
    fc.record({
      statementId: pick,
      patch: some({ title: text, quote: text, start: time, end: time, speakerId: fc.option(pick) }),
    }),
  ),
  command('statements.delete', fc.record({ statementId: pick })),
  often(command('chapters.split', fc.record({ at: time }))),
  command(
    'chapters.moveBoundary',
    fc.record({ chapterId: pick, edge: fc.constantFrom('start', 'end'), at: time }),
  ),
  command('chapters.mergeNext', fc.record({ chapterId: pick })),
  command('chapters.update', fc.record({ chapterId: pick, patch: some({ title: text, why: text }) })),
  command('chapters.delete', fc.record({ chapterId: pick })),
  often(
    command(
      'scores.set',
      fc.record(
        {
          chapterId: pick,
          dimension: pick,
          value: fc.option(fc.integer({ min: -1, max: 11 })),
          reasoning: text,
        },
        { requiredKeys: ['chapterId', 'dimension'] },
      ),
    ),
  ),
  command('rubric.add', fc.record({ label, description: text }, { requiredKeys: ['label'] })),
  command(
    'rubric.update',
    fc.record({ key: pick, patch: some({ label, description: text, highlightLabel: text }) }),
  ),
  command('rubric.move', fc.record({ key: pick, to: fc.nat(5) })),
  command('rubric.remove', fc.record({ key: pick })),
  command('rubric.saveDefault', fc.constant({})),
  command(
    'highlights.set',
    fc.record(
      { dimension: pick, time, title: text, description: text },
      { requiredKeys: ['dimension', 'time'] },
    ),
  ),
  command(
    'highlights.update',
    fc.record({ highlightId: pick, patch: some({ time, title: text, description: text }) }),
  ),
  command('highlights.delete', fc.record({ highlightId: pick })),
  command(
    'participants.add',
    fc.record({ name: label, role: fc.constantFrom('host', 'guest', 'other'), affiliation: fc.option(text) }),
  ),
  command(
    'participants.update',
    fc.record({
      participantId: pick,
      patch: some({ name: label, role: fc.constantFrom('host', 'guest', 'other') }),
    }),
  ),
  command('participants.remove', fc.record({ participantId: pick })),
  command('episodes.update', fc.record({ patch: some({ summary: text }) })),
  command('history.undo', fc.constant({})),
  command('history.redo', fc.constant({})),
)

const REFUSALS = ['invalid-input', 'not-found', 'invalid-request', 'nothing-to-undo']

/**
 * Runs the commands against a model of the history: the states the episode has been in, and which of
 * them is current. Every accepted edit is one history step (or none, and then nothing changed), every
 * refusal leaves the episode as it was, undo and redo land exactly on the states recorded, and the
 * export stays valid throughout.
 */
async function runAgainstModel(s: Session, commands: readonly Command[]): Promise<void> {
  const states = [snapshot(s.db, s.id)]
  let current = 0
  for (const { method, args } of commands) {
    const reply = await s.reply(method, resolve(args, states[current]?.view as View))
    const where = `after ${method} ${JSON.stringify(args)}`
    if (!reply.ok) {
      expect(REFUSALS, `${where}: ${reply.error.message}`).toContain(reply.error.code)
      if (reply.error.code === 'nothing-to-undo')
        expect(current, where).toBe(method === 'history.undo' ? 0 : states.length - 1)
      expect(snapshot(s.db, s.id), where).toEqual(states[current])
    } else if (method === 'history.undo') {
      current--
      expect(snapshot(s.db, s.id), where).toEqual(states[current])
    } else if (method === 'history.redo') {
      current++
      expect(snapshot(s.db, s.id), where).toEqual(states[current])
    } else if (doneEdits(s.db, s.id) === current) {
      expect(snapshot(s.db, s.id), where).toEqual(states[current])
    } else {
      states.splice(current + 1, states.length, snapshot(s.db, s.id))
      current++
    }
    expect(doneEdits(s.db, s.id), where).toBe(current)
    expect(historyState(s.db, s.id).canRedo, where).toBe(current < states.length - 1)
    validExport(s.db, s.id)
    expectFullScoreGrid(s.db, s.id)
  }
  const last = states.length - 1
  while (current > 0) {
    await s.call('history.undo', {})
    expect(snapshot(s.db, s.id)).toEqual(states[--current])
  }
  expect(s.view().history.canUndo).toBe(false)
  while (current < last) {
    await s.call('history.redo', {})
    expect(snapshot(s.db, s.id)).toEqual(states[++current])
  }
  expect(s.view().history.canRedo).toBe(false)
}

describe('a long random sequence of edits', () => {
  it('keeps the export valid, and undo all and redo all land exactly on the first and last states', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(COMMAND, { minLength: 200, maxLength: 200 }),
        async (seeded, commands) => {
          const s = openCopy(template)
          try {
            if (seeded) seedMachineAnalysis(s.db, s.id)
            await runAgainstModel(s, commands)
          } finally {
            s.db.close()
          }
        },
      ),
      { numRuns: 5 },
    )
  }, 180_000)
})

/** The view a reply carries, whether it is the view or wraps it. */
const viewIn = (value: unknown): EpisodeView =>
  (typeof value === 'object' && value !== null && 'view' in value ? value.view : value) as EpisodeView

describe('views sent as what changed since the window’s last one', () => {
  it('rebuild in the window exactly the view a fresh read gives, unchanged items kept as the same objects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(COMMAND, { minLength: 60, maxLength: 60 }), async (commands) => {
        const s = openCopy(template)
        try {
          seedMachineAnalysis(s.db, s.id)
          const sender = new ViewSender('0123456789ab')
          const window = new ViewReceiver()
          // What crosses to the window is JSON, as over HTTP.
          const send = (method: string, value: unknown): { value: unknown; bytes: number } => {
            const text = JSON.stringify(sender.encode(method, value, window.base()))
            return { value: window.decode(method, JSON.parse(text)), bytes: text.length }
          }
          let held = viewIn(send('episodes.open', s.view()).value)
          for (const { method, args } of commands) {
            const reply = await s.reply(method, resolve(args, held))
            if (!reply.ok || !('history' in viewIn(reply.value))) continue
            const before = held
            const sent = send(method, reply.value)
            held = viewIn(sent.value)
            const where = `after ${method} ${JSON.stringify(args)}`
            expect(held, where).toEqual(JSON.parse(JSON.stringify(viewIn(reply.value))))
            // The core keeps parts of the view between edits; a connection that kept nothing agrees.
            const fresh = openDatabase(s.db.name)
            try {
              expect(viewIn(reply.value), where).toEqual(episodeView(fresh, s.id))
            } finally {
              fresh.close()
            }
            expect(sent.bytes, where).toBeLessThan(JSON.stringify(reply.value).length)
            for (const list of ['statements', 'chapters', 'highlights', 'participants'] as const) {
              const old = new Map(before[list].map((item) => [item.id, item]))
              for (const item of held[list]) {
                const was = old.get(item.id)
                if (was && sameValue(was, item)) expect(item, `${where}: ${list} ${item.id}`).toBe(was)
              }
            }
            for (const part of ['summary', 'rubric', 'details', 'transcript'] as const)
              if (sameValue(before[part], held[part]))
                expect(held[part], `${where}: ${part}`).toBe(before[part])
          }
        } finally {
          s.db.close()
        }
      }),
      { numRuns: 5 },
    )
  }, 120_000)

  it('answers a one-field edit with that item and the history, and a window the core no longer knows with the whole view', async () => {
    const s = openCopy(template)
    try {
      seedMachineAnalysis(s.db, s.id)
      const sender = new ViewSender('0123456789ab', 2)
      const window = new ViewReceiver()
      const first = sender.encode('episodes.open', s.view(), window.base())
      const whole = JSON.stringify(first).length
      window.decode('episodes.open', JSON.parse(JSON.stringify(first)))
      const chapter = s.view().chapters[0]?.id ?? ''
      const edited = await s.call('chapters.update', { chapterId: chapter, patch: { title: 'Renamed' } })
      const mark = (
        sender.encode('chapters.update', edited, window.base()) as { view: Record<string, ViewMark> }
      ).view[VIEW_MARK]
      expect(mark?.view).toBeUndefined()
      expect(Object.keys(mark?.delta?.parts ?? {})).toEqual(['history'])
      expect(Object.keys(mark?.delta?.lists ?? {})).toEqual(['chapters'])
      expect(mark?.delta?.lists.chapters?.changed.map((c) => [c.id, c.title])).toEqual([[chapter, 'Renamed']])
      expect(mark?.delta?.lists.chapters?.ids).toBeUndefined()
      expect(JSON.stringify(mark).length).toBeLessThan(whole / 3)
      // Two more views sent elsewhere push the window's out of the core's memory (it keeps two here).
      sender.encode('episodes.open', s.view(), null)
      sender.encode('episodes.open', s.view(), null)
      const again = (sender.encode('episodes.open', s.view(), window.base()) as Record<string, ViewMark>)[
        VIEW_MARK
      ]
      expect(again?.delta).toBeUndefined()
      // Whole, in the compact form views travel in (compactView.ts): a new window reads the same view.
      expect(new ViewReceiver().decode('episodes.open', { [VIEW_MARK]: again })).toEqual(s.view())
      // A delta against a view the window does not hold is refused, not guessed at.
      expect(() =>
        new ViewReceiver().decode('episodes.open', {
          [VIEW_MARK]: { version: 'x.2', base: 'x.1', delta: { parts: {}, lists: {} } },
        }),
      ).toThrow(/no longer holds/)
    } finally {
      s.db.close()
    }
  })
})

describe('the parts of the view the core keeps between edits', () => {
  it('follow changes made through another connection, as the CLI makes them while the app is open', async () => {
    const s = openCopy(template)
    const cli = openDatabase(s.db.name)
    const cliHandlers = createHandlers({
      db: cli,
      files: new FileRefs(),
      peaks: new PeaksCache(tempFolder()),
    })
    const viaCli = async (method: MethodName, request: Record<string, unknown>): Promise<void> => {
      const reply = await dispatch(cliHandlers, method, { ...request, id: s.id })
      if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`)
    }
    const expectFresh = (where: string): void => {
      const fresh = openDatabase(s.db.name)
      try {
        expect(s.view(), where).toEqual(episodeView(fresh, s.id))
      } finally {
        fresh.close()
      }
    }
    try {
      seedMachineAnalysis(s.db, s.id)
      const before = s.view()
      const chapter = before.chapters[1]?.id ?? ''
      await viaCli('chapters.update', { chapterId: chapter, patch: { title: 'Renamed elsewhere' } })
      expect(s.view().chapters[1]?.title).toBe('Renamed elsewhere')
      await viaCli('chapters.moveBoundary', {
        chapterId: chapter,
        edge: 'start',
        at: (before.chapters[1]?.start ?? 0) + 2,
      })
      expectFresh('after a boundary moved elsewhere')
      await viaCli('statements.create', { start: 20, end: 24, title: 'Made elsewhere' })
      expect(s.view().statements.map((st) => st.title)).toContain('Made elsewhere')
      await viaCli('scores.set', {
        chapterId: chapter,
        dimension: before.rubric.dimensions[0]?.key ?? '',
        value: 7,
        reasoning: 'Why',
      })
      expectFresh('after a score set elsewhere')
      await viaCli('participants.update', {
        participantId: before.participants[0]?.id ?? '',
        patch: { role: 'guest' },
      })
      expectFresh('after a role changed elsewhere')
      // The role, the score, the statement.
      for (let i = 0; i < 3; i++) await viaCli('history.undo', {})
      expectFresh('after undo elsewhere')
      expect(s.view().statements.map((st) => st.title)).not.toContain('Made elsewhere')
    } finally {
      cli.close()
      s.db.close()
    }
  })
})
