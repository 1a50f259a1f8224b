import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { statementsOverEverything } from '../tests/statementsOverEverything'
import { grouped } from '../src/shared/textLimits'
import { tenths } from './common'
import type { Row } from './rowRunner'
import type { Sizes } from './sizes'

/** Issue 38: 20,000 segments with 2,000 statements spanning the episode load in at most 20 s. */
const TARGET_MS = 20_000

const BIN = path.resolve(__dirname, '..', 'bin', 'episcore')

/** Wall time of `episcore load FILE` into a new library. */
function loadMs(dir: string, document: ReturnType<typeof statementsOverEverything>, name: string): number {
  const file = path.join(dir, `${name}.json`)
  fs.writeFileSync(file, JSON.stringify(document))
  const started = performance.now()
  const run = spawnSync(BIN, ['--db', path.join(dir, `${name}.db`), 'load', file], { encoding: 'utf8' })
  const ms = performance.now() - started
  if (run.status !== 0) throw new Error(`episcore load ${name}.json failed: ${run.stderr}`)
  return ms
}

/**
 * The file a fuzzing round found to stall the host: every statement spans the whole episode and quotes
 * words said nowhere (or the episode's first words), beside the same file whose statements each span
 * one segment, as an editor's do. Both through `episcore load`, side by side.
 */
export function spanningStatementsRows(sizes: Sizes): Row[] {
  const { segments } = sizes.spanningStatements
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-bench-spanning-'))
  try {
    const spanning = loadMs(dir, statementsOverEverything(segments), 'spanning')
    const own = loadMs(dir, statementsOverEverything(segments, 'own segment'), 'own')
    return [
      {
        measure: 'episcore load of a file whose every statement spans the whole episode',
        value: tenths(spanning),
        unit: 'ms',
        target: `<= ${grouped(TARGET_MS)}`,
        pass: spanning <= TARGET_MS,
        against: `the same file with each statement over one segment, side by side: ${tenths(own)} ms (${tenths(spanning / own)}x)`,
        input: `${grouped(segments)} five-word segments (half with word times), ${grouped(segments / 10)} statements each spanning them all, half quoting 60 words said nowhere`,
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
