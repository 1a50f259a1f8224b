import { describe, expect, it } from 'vitest'
import { measureRows, type Machine, type Measure, type Row } from '../../bench/rowRunner'

const ROW: Row = {
  measure: 'a measure',
  value: 1,
  unit: 'ms',
  target: '<= 2',
  pass: true,
  against: 'the target',
  input: 'an input',
}

/** A two-core machine whose 1-minute load average reads the given values in turn. */
function machineReading(loads: number[]): Machine & { slept: number } {
  let read = 0
  const machine = {
    cores: 2,
    slept: 0,
    loadAverage: () => [loads[Math.min(read++, loads.length - 1)] ?? 0, 0, 0],
    sleep: async (ms: number) => {
      machine.slept += ms
    },
  }
  return machine
}

const counting = (): Measure & { runs: number } => {
  const measure = {
    group: 'cli',
    name: 'a measure',
    runs: 0,
    run: async () => {
      measure.runs++
      return [ROW]
    },
  }
  return measure
}

describe('the bench measuring a row under load', () => {
  it('keeps a row measured at 1 per core or less once, with the load at its start and end', async () => {
    const measure = counting()
    const [row] = await measureRows(
      measure,
      { repeats: 2, settleMs: 0, log: () => {} },
      machineReading([1.5, 2]),
    )
    expect(measure.runs).toBe(1)
    expect(row).toMatchObject({
      ...ROW,
      group: 'cli',
      attempts: 1,
      load: { atStart: [1.5, 0, 0], atEnd: [2, 0, 0] },
    })
    expect(row?.loadHigh).toBeUndefined()
  })

  it('measures a row again while the load was over 1 per core, at most twice, then marks it loadHigh', async () => {
    const measure = counting()
    const logged: string[] = []
    const rows = await measureRows(
      measure,
      { repeats: 2, settleMs: 0, log: (line) => logged.push(line) },
      machineReading([2.5]),
    )
    expect(measure.runs).toBe(3)
    expect(logged).toHaveLength(2)
    expect(rows[0]).toMatchObject({ attempts: 3, loadHigh: true })
  })

  it('stops repeating once a run is measured under a load of 1 per core', async () => {
    const measure = counting()
    // First run: high at its end; second: calm at both ends.
    const rows = await measureRows(
      measure,
      { repeats: 2, settleMs: 0, log: () => {} },
      machineReading([1, 3, 1.2, 1.9]),
    )
    expect(measure.runs).toBe(2)
    expect(rows[0]).toMatchObject({ attempts: 2, load: { atStart: [1.2, 0, 0], atEnd: [1.9, 0, 0] } })
    expect(rows[0]?.loadHigh).toBeUndefined()
  })

  it('neither waits nor measures again once its patience is over: the row is kept, marked', async () => {
    const measure = counting()
    const busy = machineReading([3])
    const rows = await measureRows(
      measure,
      { repeats: 2, settleMs: 20_000, patientUntil: 0, log: () => {} },
      busy,
    )
    expect(measure.runs).toBe(1)
    expect(busy.slept).toBe(0)
    expect(rows[0]).toMatchObject({ attempts: 1, loadHigh: true })
  })

  it('waits for the load to fall before a row, at most the settling time', async () => {
    const machine = machineReading([3, 3, 1, 1, 1])
    await measureRows(counting(), { repeats: 0, settleMs: 10_000, log: () => {} }, machine)
    expect(machine.slept).toBe(2000)
    const busy = machineReading([3])
    const [row] = await measureRows(counting(), { repeats: 0, settleMs: 5000, log: () => {} }, busy)
    expect(busy.slept).toBe(5000)
    expect(row?.loadHigh).toBe(true)
  })
})
