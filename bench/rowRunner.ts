import os from 'node:os'

/** Where a row's time was taken: its multiple of the calibration is against that one's. */
export type TimedIn = 'node' | 'chromium'

/** One line of the bench's table. */
export interface Row {
  measure: string
  value: number | string
  unit: string
  target: string
  pass: boolean | null
  /** What the value is measured against: its target, or what ran beside it in the same run. */
  against: string
  /** The input it was measured on. */
  input: string
  note?: string
  /** Where its time was taken: in Node (unless it says), or in Chromium (in the page, or around it). */
  timedIn?: TimedIn
}

/** The machine's load average (1, 5 and 15 minutes) at a row's start and end. */
export interface RowLoad {
  atStart: number[]
  atEnd: number[]
}

/** A row as the results keep it: with the group that measured it and the load it was measured under. */
export interface MeasuredRow extends Row {
  group: string
  seconds: number
  load: RowLoad
  /** Measured once more for each time the load was over 1 per core, at most twice. */
  attempts: number
  /** Still over 1 per core on the last attempt: the figure is kept, but the machine was busy. */
  loadHigh?: true
  /**
   * A latency row's time over the calibration of where it was timed (bench/calibration.ts), so that
   * runs on two machines can be compared.
   */
  xCalibration?: number
}

/** Measures one or more rows together (those that share a run, like a median and a maximum). */
export interface Measure {
  group: string
  name: string
  run: () => Promise<Row[]>
}

export interface Machine {
  cores: number
  loadAverage: () => number[]
  sleep: (ms: number) => Promise<void>
}

export const THIS_MACHINE: Machine = {
  cores: os.cpus().length,
  loadAverage: () => os.loadavg().map((l) => Math.round(l * 100) / 100),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** The 1-minute load average over 1 per core. */
export const loadIsHigh = (load: readonly number[], cores: number): boolean => (load[0] ?? 0) > cores

export interface RunOptions {
  /** Attempts after the first when the load was high (the full bench: 2; the quick one: 0). */
  repeats: number
  /**
   * How long to wait, before a row, for the load left by the bench's own last row to fall to 1 per
   * core, so that a row is not marked for the work of the one before it.
   */
  settleMs: number
  /**
   * When (performance.now()) to stop settling and repeating, so that a machine busy throughout cannot
   * stretch the bench past its time: later rows are measured once, marked as they come.
   */
  patientUntil?: number
  log: (line: string) => void
}

/**
 * Runs a measure, noting the load at its start and end; one whose load was over 1 per core at either is
 * measured again, at most `repeats` times, then kept marked `loadHigh`.
 */
export async function measureRows(
  measure: Measure,
  options: RunOptions,
  machine: Machine = THIS_MACHINE,
): Promise<MeasuredRow[]> {
  const patient = (): boolean => performance.now() < (options.patientUntil ?? Infinity)
  for (let attempt = 1; ; attempt++) {
    for (let waited = 0; waited < options.settleMs && patient(); waited += 1000) {
      if (!loadIsHigh(machine.loadAverage(), machine.cores)) break
      await machine.sleep(1000)
    }
    const atStart = machine.loadAverage()
    const started = performance.now()
    const rows = await measure.run()
    const seconds = Math.round(performance.now() - started) / 1000
    const atEnd = machine.loadAverage()
    const high = loadIsHigh(atStart, machine.cores) || loadIsHigh(atEnd, machine.cores)
    if (!high || attempt > options.repeats || !patient())
      return rows.map((row) => ({
        ...row,
        group: measure.group,
        seconds,
        load: { atStart, atEnd },
        attempts: attempt,
        ...(high && { loadHigh: true as const }),
      }))
    options.log(
      `${measure.name}: load ${atStart[0]} at the start, ${atEnd[0]} at the end, over 1 per core (${machine.cores}): measuring again`,
    )
  }
}
