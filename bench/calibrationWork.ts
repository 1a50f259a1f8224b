/**
 * The calibration's fixed workloads: pure CPU, no I/O, the same on every machine and every run, so that
 * their time says how fast the machine (and how busy) was. Kept free of imports so that both the child
 * process timing the Node one and the page timing the Chromium one (page.evaluate) can run them.
 */

/** Runs timed for each calibration (after one untimed run that warms the JIT); the figure is their median. */
export const CALIBRATION_RUNS = 7

/** Numbers sorted by the Node workload, and records in its JSON. */
export const SORTED_NUMBERS = 300_000
export const JSON_RECORDS = 20_000

/** Rows of the generated table the Chromium workload lays out, and the widths it lays it out at. */
export const TABLE_ROWS = 600
export const LAYOUT_PASSES = 6

/**
 * One run of the Node workload, in ms: a seeded array of numbers sorted by a comparator, then a
 * generated object of records turned to JSON and back. What is made before the clock starts (the
 * numbers, the object) is the same each run.
 */
export function nodeWorkloadMs(): number {
  // mulberry32: a fixed seed gives the same numbers on every machine.
  let seed = 0x5eed
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const numbers: number[] = []
  for (let i = 0; i < SORTED_NUMBERS; i++) numbers.push(random() * 1e6)
  const records = Array.from({ length: JSON_RECORDS }, (_, i) => ({
    id: `episode-${i}`,
    title: `Episode ${i} of the show, part ${Math.floor(random() * 100)}`,
    start: Math.round(random() * 36_000_000) / 1000,
    scores: [1, 2, 3, 4, 5].map(() => Math.floor(random() * 10)),
    words: Array.from({ length: 8 }, (_, w) => ({ text: `word${w}`, at: Math.round(random() * 1e5) })),
  }))
  const start = performance.now()
  numbers.sort((a, b) => a - b)
  const text = JSON.stringify({ records })
  const back = JSON.parse(text) as { records: unknown[] }
  const ms = performance.now() - start
  // Checked so that no engine can skip the work as unused.
  if (back.records.length !== JSON_RECORDS || (numbers[0] ?? 0) > (numbers[1] ?? 0))
    throw new Error('calibration: the Node workload did not sort or round-trip its data')
  return ms
}

/**
 * One run of the Chromium workload, in ms, in the page: a generated table set as a container's
 * innerHTML, then laid out at several widths, each layout forced by reading the geometry back. Runs in
 * the page through page.evaluate, so it takes its sizes as arguments and refers to nothing outside.
 */
export function chromiumWorkloadMs({ rows, passes }: { rows: number; passes: number }): number {
  let seed = 0x5eed
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const words = ['chapter', 'statement', 'quote', 'score', 'transcript', 'reviewer', 'agreement', 'episode']
  const phrase = (count: number): string =>
    Array.from({ length: count }, () => words[Math.floor(random() * words.length)]).join(' ')
  const cells: string[] = []
  for (let r = 0; r < rows; r++)
    cells.push(
      `<tr><td>${r}</td><td>${phrase(2 + Math.floor(random() * 4))}</td><td><b>${phrase(1)}</b> ${phrase(
        3 + Math.floor(random() * 12),
      )}</td><td>${(random() * 100).toFixed(1)}</td><td><span>${phrase(2)}</span></td></tr>`,
    )
  const html = `<table><tbody>${cells.join('')}</tbody></table>`
  document.getElementById('calibration')?.remove()
  const container = document.createElement('div')
  container.id = 'calibration'
  container.style.width = '900px'
  document.body.append(container)
  // Let go of the last run's layout before the clock starts.
  void document.body.offsetHeight
  const start = performance.now()
  container.innerHTML = html
  let height = container.offsetHeight
  for (let pass = 0; pass < passes; pass++) {
    container.style.width = `${900 - (pass + 1) * 60}px`
    height += container.getBoundingClientRect().height
  }
  const ms = performance.now() - start
  if (!(height > 0)) throw new Error('calibration: the Chromium workload laid out nothing')
  return ms
}

/** The median of a run's times. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2
}
