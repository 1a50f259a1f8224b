import fc from 'fast-check'
import { expect } from 'vitest'
import type { Statement } from 'better-sqlite3'
import type { Db } from '../../src/core/db/openDatabase'

/** Cases per fuzzed entry point: issue 7 asks for at least ten thousand. */
export const NUM_RUNS = 10_000
/**
 * Vitest's limit for one entry point's whole run, so a hang fails the test instead of the suite: ten
 * times what the slowest takes alone (~30 s), as on two cores shared with other work it took 107 s.
 */
export const FUZZ_TIMEOUT_MS = 300_000
export const MAX_INPUT_BYTES = 2048

/** What a V8 stack trace adds to a message: the user must see a sentence, never `    at fn (file:1:2)`. */
const STACK_FRAME = /\n\s*at \S.*(?::\d+:\d+\)?|\(native\)|<anonymous>\)?)\s*$/m

export function expectPlainMessage(message: unknown): void {
  expect(typeof message).toBe('string')
  expect((message as string).trim()).not.toBe('')
  expect(message).not.toContain('\n    at ')
  expect(message).not.toMatch(STACK_FRAME)
}

/**
 * This process's CPU time in ms: what a call costs, not what the machine's other jobs take of the clock.
 * Vitest runs each test file in a process of its own, so it is this file's work alone.
 */
export function cpuMs(): number {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

/** `ms` is CPU time (see {@link cpuMs}). */
export type Outcome<T> = { ms: number } & ({ threw: false; value: T } | { threw: true; error: unknown })

function once<T>(call: () => T): Outcome<T> {
  const start = cpuMs()
  try {
    const value = call()
    return { ms: cpuMs() - start, threw: false, value }
  } catch (error) {
    return { ms: cpuMs() - start, threw: true, error }
  }
}

/**
 * What a call may cost, as a multiple of a reference workload measured in the same run: a loaded
 * machine (two cores shared with other test files, ffmpeg, a build) slows both alike, so the ratio
 * holds where a budget in milliseconds does not; budgets belong in the bench. Bounded work is the
 * property: a runaway loop or a quadratic blow-up is hundreds of times the reference, not a few.
 */
export class CostBound {
  private constructor(
    private readonly name: string,
    readonly ratio: number,
    /** Does the same work every time: it is measured again before a failure is reported. */
    private readonly reference: () => unknown,
    private referenceMs: number,
  ) {}

  /**
   * `reference` may be async (then use the async check); it is run `runs` times and the fastest counts,
   * and three times again before a failure is reported.
   */
  static async measured(name: string, reference: () => unknown, ratio: number, runs = 3): Promise<CostBound> {
    return new CostBound(name, ratio, reference, await fastestOf(reference, runs))
  }

  get limitMs(): number {
    return this.ratio * this.referenceMs
  }

  private failure(ms: number, what: string): string {
    return `${what} took ${Math.round(ms)} ms of CPU time, over ${this.ratio} times the ${Math.round(this.referenceMs)} ms of ${this.name} in this run`
  }

  /** Fails the case when the call cost over `ratio` times the reference, measured again first (the machine may be busier now). */
  expectWithin(outcome: { ms: number }, what: () => string): void {
    if (outcome.ms <= this.limitMs) return
    const again = fastestOf(this.reference)
    if (typeof again !== 'number') throw new Error(`${this.name} is async: use expectWithinAsync`)
    this.referenceMs = Math.max(this.referenceMs, again)
    if (outcome.ms > this.limitMs) expect.fail(this.failure(outcome.ms, what()))
  }

  async expectWithinAsync(outcome: { ms: number }, what: () => string): Promise<void> {
    if (outcome.ms <= this.limitMs) return
    this.referenceMs = Math.max(this.referenceMs, await fastestOf(this.reference))
    if (outcome.ms > this.limitMs) expect.fail(this.failure(outcome.ms, what()))
  }
}

/**
 * The fastest of `runs` runs of `reference`, in ms of CPU time (a pause of the worker is not its cost);
 * a number at once when `reference` is synchronous. At least 1: CPU time is counted in steps of about that.
 */
function fastestOf(reference: () => unknown, runs = 3): number | Promise<number> {
  const first = cpuMs()
  const result = reference()
  if (!(result instanceof Promise)) {
    let fastest = cpuMs() - first
    for (let i = 1; i < runs; i++) fastest = Math.min(fastest, once(reference).ms)
    return Math.max(fastest, 1)
  }
  return (async () => {
    await result
    let fastest = cpuMs() - first
    for (let i = 1; i < runs; i++) {
      const start = cpuMs()
      await reference()
      fastest = Math.min(fastest, cpuMs() - start)
    }
    return Math.max(fastest, 1)
  })()
}

/**
 * Runs one call, its CPU time measured, with what it threw handed back for the test to judge. A call
 * over `bound` is timed again (`call` must give the same answer every time): a pause of the whole worker
 * (a full garbage collection) is not the input's doing, while a runaway input is slow on every try, so
 * the fastest of three is what counts. A call that wrote something is not repeated.
 */
export function timed<T>(
  call: () => T,
  bound: CostBound,
  repeatable: (first: Outcome<T>) => boolean = () => true,
): Outcome<T> {
  let outcome = once(call)
  if (!repeatable(outcome)) return outcome
  for (let retry = 0; retry < 2 && outcome.ms > bound.limitMs; retry++) {
    const again = once(call)
    if (again.ms < outcome.ms) outcome = again
  }
  return outcome
}

/** One async call, its CPU time measured once: for calls that may write, which cannot be repeated. */
export async function timedAsync<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  const start = cpuMs()
  try {
    const value = await call()
    return { ms: cpuMs() - start, threw: false, value }
  } catch (error) {
    return { ms: cpuMs() - start, threw: true, error }
  }
}

/** At most `max` characters of `text`, saying how long it was when cut. */
export const clipped = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text

/**
 * fast-check's report of a failed property, kept short: its seed and path to replay it, the
 * counterexample and the failure's message each cut to a few hundred characters. The default report
 * prints the whole counterexample, which for a generated episode was 3 MB of log.
 */
export const shortReport: fc.UniversalPlugin = () => ({
  onAllRunsComplete: (details) => {
    if (!details.failed) return
    const replay = `{ seed: ${details.seed}, path: ${JSON.stringify(details.counterexamplePath)} }`
    if (details.counterexamplePath === null)
      throw new Error(
        `Property ${details.interrupted ? 'interrupted' : 'gave up (too many skipped cases)'} after ${details.numRuns} tests ${replay}`,
      )
    const error = details.errorInstance
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(
      [
        `Property failed after ${details.numRuns} tests ${replay}, shrunk ${details.numShrinks} time(s)`,
        `Counterexample: ${clipped(fc.stringify(details.counterexample), 300)}`,
        `Got: ${clipped(message, 600)}`,
      ].join('\n'),
    )
  },
})

/** A short printable description of an input for a failure message. */
export const show = (input: unknown): string =>
  clipped(
    input instanceof Uint8Array ? `bytes ${Buffer.from(input).toString('latin1')}` : fc.stringify(input),
    400,
  )

// ---- Text and bytes: mutations of valid samples -------------------------------------------------------

/** Pieces that mean something to one of the readers: separators, markup, stamps, escapes, absurd numbers. */
const TOKENS = [
  '-->',
  ' --> ',
  '\n',
  '\n\n',
  '\r',
  '\r\n',
  '\t',
  'WEBVTT',
  'WEBVTT\n\n',
  'NOTE ',
  'STYLE\n',
  'REGION\n',
  '<v ',
  '<v Bob>',
  '</v>',
  '<c.loud>',
  '<b>',
  '<00:00:01.000>',
  '<99:59:59.999>',
  '&amp;',
  '&lt;',
  '{\\an8}',
  '1\n',
  '00:00:00,000 --> 00:00:00,000\n',
  '00:00:01.000 --> 00:00:00.000',
  '99:99:99,999',
  '9999:999:999,99999',
  '00:00:00.0000',
  '[00:01:02] ',
  '(1:00:00) ',
  '00:01:02 ',
  'SPEAKER_00: ',
  'Speaker 1  0:05\n',
  'Name:',
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '\\',
  '\\u0000',
  '\\ud800',
  '\\"',
  'null',
  'true',
  '{"a":',
  '"segments":[',
  '"start":',
  '"words":[{"word":"x","start":1e400,"end":-1}]',
  '"results":{"channels":[{"alternatives":[{}]}]}',
  '"__proto__":',
  '"constructor":{"prototype":{}}',
  '\u0000',
  '\uFEFF',
  '\uFFFD',
  '\u2028',
  '\u{1F600}',
  'é',
  '1e309',
  '-1e309',
  '1e-400',
  '-0',
  'NaN',
  'Infinity',
  '4294967296',
  '9007199254740993',
  '9'.repeat(400),
  '0.' + '0'.repeat(400) + '1',
]

const deepOpeners = ['[', '{"a":', '{"segments":[', '<v a>', '<b>', '(', '[00:00:01] ']
const nestingText = fc
  .record({ open: fc.constantFrom(...deepOpeners), depth: fc.integer({ min: 2, max: 1000 }) })
  .map(({ open, depth }) => open.repeat(depth))

const insertText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: nestingText },
)

type ByteEdit =
  | { kind: 'flip'; at: number; mask: number }
  | { kind: 'set'; at: number; byte: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'repeat'; at: number; length: number; times: number }
  | { kind: 'splice'; at: number; other: number; from: number }

const at = fc.nat()
const byteEdit: fc.Arbitrary<ByteEdit> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at, mask: fc.integer({ min: 1, max: 255 }) }),
  fc.record({
    kind: fc.constant('set' as const),
    at,
    byte: fc.constantFrom(0x00, 0x0a, 0x0d, 0x22, 0x2c, 0x3a, 0x5b, 0x5c, 0x7b, 0x7f, 0x80, 0xc0, 0xff),
  }),
  fc.record({ kind: fc.constant('insert' as const), at, text: insertText }),
  fc.record({ kind: fc.constant('delete' as const), at, length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at }),
  fc.record({
    kind: fc.constant('repeat' as const),
    at,
    length: fc.integer({ min: 1, max: 128 }),
    times: fc.integer({ min: 2, max: 8 }),
  }),
  fc.record({ kind: fc.constant('splice' as const), at, other: fc.nat(), from: fc.nat() }),
)

function applyByteEdit(bytes: Buffer, edit: ByteEdit, samples: readonly Buffer[]): Buffer {
  const i = edit.at % (bytes.length + 1)
  switch (edit.kind) {
    case 'flip':
    case 'set': {
      if (bytes.length === 0) return bytes
      const copy = Buffer.from(bytes)
      const j = edit.at % bytes.length
      copy[j] = edit.kind === 'flip' ? (copy[j] as number) ^ edit.mask : edit.byte
      return copy
    }
    case 'insert':
      return Buffer.concat([bytes.subarray(0, i), Buffer.from(edit.text), bytes.subarray(i)])
    case 'delete':
      return Buffer.concat([bytes.subarray(0, i), bytes.subarray(i + edit.length)])
    case 'truncate':
      return bytes.subarray(0, i)
    case 'repeat': {
      const chunk = bytes.subarray(i, i + edit.length)
      return Buffer.concat([
        bytes.subarray(0, i),
        ...Array<Buffer>(edit.times).fill(chunk),
        bytes.subarray(i),
      ])
    }
    case 'splice': {
      const other = samples[edit.other % samples.length] ?? Buffer.alloc(0)
      return Buffer.concat([bytes.subarray(0, i), other.subarray(edit.from % (other.length + 1))])
    }
  }
}

/** Valid samples with one to four edits: byte flips, truncations, splices, inserted tokens, repeats. */
export function mutatedBytes(
  samples: readonly Uint8Array[],
  maxBytes = 4 * MAX_INPUT_BYTES,
): fc.Arbitrary<Buffer> {
  const buffers = samples.map((s) => Buffer.from(s))
  return fc
    .tuple(fc.nat({ max: buffers.length - 1 }), fc.array(byteEdit, { minLength: 1, maxLength: 4 }))
    .map(([k, edits]) =>
      edits
        .reduce<Buffer>((bytes, edit) => applyByteEdit(bytes, edit, buffers), buffers[k] ?? Buffer.alloc(0))
        .subarray(0, maxBytes),
    )
}

/** Bytes with no structure at all, and text with none. */
export const randomBytes = fc.uint8Array({ maxLength: MAX_INPUT_BYTES }).map((b) => Buffer.from(b))
export const randomText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: MAX_INPUT_BYTES }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((parts) => parts.join('')),
)

// ---- JSON values: mutations of valid documents and requests -------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Nested `depth` times, built in a loop: a recursive builder would be the thing overflowing. */
export function deeplyNested(depth: number, inArray: boolean): Json {
  let value: Json = 0
  for (let i = 0; i < depth; i++) value = inArray ? [value] : { a: value }
  return value
}

/** Values that break careless code: wrong types, edge numbers, huge or odd strings, paths, deep nesting. */
export const hostileJson: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<Json>(
      null,
      true,
      false,
      0,
      -1,
      0.5,
      1e308,
      -1e308,
      5e-324,
      2 ** 31,
      2 ** 32,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
      '',
      ' ',
      '\u0000',
      '\uD800',
      'x'.repeat(600),
      'x'.repeat(25_000),
      '../../../../etc/passwd',
      '/etc/passwd',
      'C:\\Windows\\win.ini',
      'file:///etc/passwd',
      `file-${'0'.repeat(32)}`,
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      '__proto__',
      'constructor',
      '2025-13-45',
      '9999-12-31',
      'NaN',
      [],
      {},
      [null],
    ),
  },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 1,
    arbitrary: fc
      // Well under the depth where JSON.stringify and structuredClone overflow a worker's stack (~4000),
      // even when edits nest one deep value in another; deepJsonText goes deeper, as text.
      .tuple(fc.integer({ min: 2, max: 800 }), fc.boolean())
      .map(([depth, inArray]) => deeplyNested(depth, inArray)),
  },
)

/**
 * JSON text nested far deeper than any value the tests can build (JSON.parse copes; a recursive walker
 * of the result would not), with a valid document's opening around it.
 */
export const deepJsonText = fc
  .record({
    depth: fc.integer({ min: 1000, max: 20_000 }),
    open: fc.constantFrom('[', '{"a":'),
    prefix: fc.constantFrom(
      '',
      '{"segments":',
      '{"results":',
      '{"episode":',
      '{"format":"episode-analysis","version":1,"x":',
    ),
  })
  .map(({ depth, open, prefix }) => {
    const close = open === '[' ? ']' : '}'
    return `${prefix}${open.repeat(depth)}0${close.repeat(depth)}${prefix ? '}' : ''}`
  })

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'extensions',
    'id',
    '',
  ),
  fc.string({ maxLength: 12 }),
)

type JsonEdit =
  | { kind: 'replace'; pick: number; value: Json }
  | { kind: 'remove'; pick: number }
  | { kind: 'addKey'; pick: number; key: string; value: Json }
  | { kind: 'duplicate'; pick: number }
  | { kind: 'copyFrom'; pick: number; from: number }
  | { kind: 'nudge'; pick: number; by: number }

const pick = fc.nat()
const jsonEdit: fc.Arbitrary<JsonEdit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick, value: hostileJson }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('addKey' as const), pick, key: hostileKey, value: hostileJson }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('copyFrom' as const), pick, from: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('nudge' as const),
      pick,
      by: fc.constantFrom(-1e9, -1, -0.001, 0.001, 1, 1e9, 1e300),
    }),
  },
)

interface Slot {
  parent: Json[] | { [key: string]: Json }
  key: string | number
}

/** Every place in a value that holds another value, parents before children. */
function slots(root: { value: Json }): Slot[] {
  const found: Slot[] = [{ parent: root as unknown as { [key: string]: Json }, key: 'value' }]
  for (let i = 0; i < found.length; i++) {
    const { parent, key } = found[i] as Slot
    const value = (parent as Record<string | number, Json>)[key]
    if (Array.isArray(value)) value.forEach((_, k) => found.push({ parent: value, key: k }))
    else if (value !== null && typeof value === 'object')
      for (const k of Object.keys(value)) found.push({ parent: value, key: k })
  }
  return found
}

/** Sets a property the way JSON.parse does: `__proto__` becomes an own key, not the prototype. */
function setOwn(target: Record<string | number, Json>, key: string | number, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function applyJsonEdit(root: { value: Json }, edit: JsonEdit): void {
  const all = slots(root)
  const slot = all[edit.pick % all.length] as Slot
  const parent = slot.parent as Record<string | number, Json>
  const current = parent[slot.key] as Json
  switch (edit.kind) {
    // Generated values are copied in: constants are shared between cases, and an edit that adds to a
    // shared list could otherwise make a value contain itself.
    case 'replace':
      return setOwn(parent, slot.key, structuredClone(edit.value))
    case 'remove':
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1)
      else if (slot.parent !== root) delete parent[slot.key]
      return
    case 'addKey':
      if (current !== null && typeof current === 'object' && !Array.isArray(current))
        setOwn(current, edit.key, structuredClone(edit.value))
      else if (Array.isArray(current)) current.push(structuredClone(edit.value))
      return
    case 'duplicate':
      if (Array.isArray(slot.parent)) slot.parent.push(structuredClone(current))
      return
    case 'copyFrom': {
      // Another node's value in this place: ids where other ids belong, one list where another is.
      const from = all[edit.from % all.length] as Slot
      return setOwn(
        parent,
        slot.key,
        structuredClone((from.parent as Record<string | number, Json>)[from.key] as Json),
      )
    }
    case 'nudge':
      if (typeof current === 'number') setOwn(parent, slot.key, current + edit.by)
      return
  }
}

/** Valid values (documents, requests) with one to four structural edits. */
export function mutatedJson(samples: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.nat({ max: samples.length - 1 }), fc.array(jsonEdit, { minLength: 1, maxLength: 4 }))
    .map(([k, edits]) => {
      const root = { value: structuredClone(samples[k]) as Json }
      for (const edit of edits) applyJsonEdit(root, edit)
      return root.value
    })
}

// ---- The database: proof that a refusal wrote nothing -------------------------------------------------

/** Rows changed on this connection since it opened: a refusal must leave it where it was. */
export function totalChanges(db: Db): number {
  let query = changeQueries.get(db)
  if (!query) changeQueries.set(db, (query = db.prepare<[], { n: number }>('SELECT total_changes() AS n')))
  return query.get()?.n ?? 0
}
// Prepared once per database: preparing it for each of thousands of cases costs more than the check.
const changeQueries = new WeakMap<Db, Statement<[], { n: number }>>()

/** Every row of every table, in a stable order: the full comparison behind the cheap counter. */
export function dumpDatabase(db: Db): string {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[]
  return JSON.stringify(
    tables.map(({ name }) => [
      name,
      (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((row) => JSON.stringify(row)).sort(),
    ]),
  )
}
