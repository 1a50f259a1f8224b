/**
 * The bench's calibration rows (issue 46): a fixed workload in Node and one in Chromium
 * (bench/calibrationWork.ts), timed at the bench's start and again at its end. Every latency row is
 * also given as a multiple of the calibration of where it was timed, so that runs on two machines can be
 * compared; the move between start and end shows a machine that got busier (or quieter) meanwhile.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import {
  CALIBRATION_RUNS,
  chromiumWorkloadMs,
  JSON_RECORDS,
  LAYOUT_PASSES,
  median,
  SORTED_NUMBERS,
  TABLE_ROWS,
} from './calibrationWork'
import { launch, newPage, tenths } from './common'
import type { MeasuredRow, Row, TimedIn } from './rowRunner'

export type CalibrationMoment = 'start' | 'end'

const NODE_WORK = `a sort of ${SORTED_NUMBERS.toLocaleString('en')} seeded numbers by a comparator, then ${JSON_RECORDS.toLocaleString('en')} generated records to JSON and back`
const CHROMIUM_WORK = `a generated table of ${TABLE_ROWS.toLocaleString('en')} rows set as innerHTML, then laid out at ${LAYOUT_PASSES} more widths (offsetHeight, getBoundingClientRect), timed in the page`

const row = (clock: TimedIn, moment: CalibrationMoment, runs: number[], how: string): Row => ({
  measure: `calibration at the ${moment}, ${clock === 'node' ? 'Node: a sort and JSON' : 'Chromium: a table laid out'}, median of ${runs.length}`,
  value: tenths(median(runs)),
  unit: 'ms',
  target: 'for calibration',
  pass: null,
  against: `nothing: the ${clock === 'node' ? 'Node' : 'Chromium'} rows' xCalibration is their time over the mean of this and the other calibration of ${clock === 'node' ? 'Node' : 'Chromium'}`,
  input: 'data generated from a fixed seed, the same on every machine',
  timedIn: clock,
  note: `${clock === 'node' ? NODE_WORK : CHROMIUM_WORK}; runs ${runs.map((t) => Math.round(t)).join(', ')} ms, after one untimed; ${how}`,
})

/** The Node calibration, in a process of its own (bench/calibrationChild.ts). */
export function nodeCalibration(moment: CalibrationMoment): Row {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'calibrationChild.ts')], {
    cwd: path.resolve(__dirname, '..'),
    encoding: 'utf8',
  })
  if (run.status !== 0)
    throw new Error(`calibration: the Node workload failed: ${run.stderr.trim().split('\n')[0]}`)
  const { runs } = JSON.parse(run.stdout) as { runs: number[] }
  if (!Array.isArray(runs) || runs.length !== CALIBRATION_RUNS || !runs.every((t) => t > 0))
    throw new Error(`calibration: the Node workload printed ${run.stdout.trim().slice(0, 80)}`)
  return row('node', moment, runs, 'in a process of its own (node --import tsx)')
}

/** The Chromium calibration, in a browser of its own on a blank page. */
export async function chromiumCalibration(moment: CalibrationMoment): Promise<Row> {
  const browser = await launch()
  try {
    const page = await newPage(browser)
    await page.route('http://calibration.local/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body style="margin:0;font:14px sans-serif"></body></html>',
      }),
    )
    await page.goto('http://calibration.local/')
    const size = { rows: TABLE_ROWS, passes: LAYOUT_PASSES }
    await page.evaluate(chromiumWorkloadMs, size)
    const runs: number[] = []
    for (let i = 0; i < CALIBRATION_RUNS; i++) runs.push(await page.evaluate(chromiumWorkloadMs, size))
    return row('chromium', moment, runs, 'in a browser of its own, a 1600x900 page')
  } finally {
    await browser.close()
  }
}

/** A calibration's figure at the start and at the end, and how far it moved. */
export interface CalibrationMoved {
  atStartMs: number
  /** Null when the end's calibration failed: the run's rows are kept, divided by the start's alone. */
  atEndMs: number | null
  /** The end's over the start's, less one, in percent: positive when the machine got slower. */
  movedPercent: number | null
  /** What rows are divided by: the mean of the two. */
  referenceMs: number
}

export type Calibrations = Record<TimedIn, CalibrationMoved>

const figure = (rows: readonly Row[], clock: TimedIn, moment: CalibrationMoment): number | null => {
  const found = rows.find((r) => r.timedIn === clock && r.measure.startsWith(`calibration at the ${moment},`))
  return found && typeof found.value === 'number' && found.value > 0 ? found.value : null
}

/** Both calibrations, read from the calibration rows measured at the start and the end. */
export function calibrations(rows: readonly Row[]): Calibrations {
  const of = (clock: TimedIn): CalibrationMoved => {
    const atStartMs = figure(rows, clock, 'start')
    if (atStartMs === null) throw new Error(`calibration: no ${clock} figure at the start`)
    const atEndMs = figure(rows, clock, 'end')
    return {
      atStartMs,
      atEndMs,
      movedPercent: atEndMs === null ? null : Math.round((atEndMs / atStartMs - 1) * 1000) / 10,
      referenceMs: atEndMs === null ? atStartMs : tenths((atStartMs + atEndMs) / 2),
    }
  }
  return { node: of('node'), chromium: of('chromium') }
}

/** A row's time in ms, where it is a time (ms or s); null for sizes, ratios, shares and words. */
function latencyMs(row: Row): number | null {
  if (typeof row.value !== 'number') return null
  if (row.unit === 'ms') return row.value
  if (row.unit === 's') return row.value * 1000
  return null
}

/**
 * Each latency row with `xCalibration`: its time over the calibration of where it was timed (Node when
 * the row does not say), to three significant figures. The calibration rows themselves are left as
 * they are.
 */
export function withCalibration(rows: readonly MeasuredRow[], measured: Calibrations): MeasuredRow[] {
  return rows.map((r) => {
    const ms = r.group === 'calibration' ? null : latencyMs(r)
    if (ms === null) return r
    const x = ms / measured[r.timedIn ?? 'node'].referenceMs
    return { ...r, xCalibration: Number(x.toPrecision(3)) }
  })
}

/** One line for the log: both calibrations, and how they moved during the run. */
export function calibrationLine(measured: Calibrations): string {
  const one = (name: string, c: CalibrationMoved): string =>
    c.atEndMs === null || c.movedPercent === null
      ? `${name} ${c.atStartMs} ms at the start, none at the end`
      : `${name} ${c.atStartMs} ms at the start, ${c.atEndMs} ms at the end (${c.movedPercent >= 0 ? '+' : ''}${c.movedPercent}%)`
  return `calibration: ${one('Node', measured.node)}; ${one('Chromium', measured.chromium)}; rows' xCalibration against the mean of each`
}
