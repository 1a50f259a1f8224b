import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/core/db/openDatabase'
import { percentile, type Row } from './common'

const BIN = path.resolve(__dirname, '..', 'bin', 'episcore')
const TARGET = 4

/** One whole process, from its spawn to its exit, in ms. */
function timedProcess(args: string[]): number {
  const start = performance.now()
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' })
  const took = performance.now() - start
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`)
  return took
}

/**
 * The CLI's start as a pipeline pays it, once per call: `episcore --help` and `episcore list` on an
 * empty database, each against a bare `node -e 0` run beside it (the three in turn, `runs` times).
 */
export function cliStart(runs: number): Row[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'episcore-cli-'))
  try {
    const database = path.join(dir, 'empty.sqlite')
    // A library without episodes, its schema made as the app's first start makes it.
    openDatabase(database).close()
    const commands = {
      node: ['-e', '0'],
      help: [BIN, '--help'],
      list: [BIN, '--db', database, 'list'],
    }
    const times: Record<keyof typeof commands, number[]> = { node: [], help: [], list: [] }
    // Once each first: Node's compile cache for the bundle is written by a first run, as after install.
    for (const args of Object.values(commands)) timedProcess(args)
    for (let i = 0; i < runs; i++)
      for (const [name, args] of Object.entries(commands))
        times[name as keyof typeof commands].push(timedProcess(args))
    const median = (values: number[]): number => percentile(values, 0.5)
    const node = median(times.node)
    return (['help', 'list'] as const).map((name) => {
      const ratio = Math.round((median(times[name]) / node) * 100) / 100
      return {
        measure: `start of \`episcore ${name === 'help' ? '--help' : 'list'}\` / a bare \`node -e 0\`, whole processes`,
        value: ratio,
        unit: 'x',
        target: `<= ${TARGET}`,
        pass: ratio <= TARGET,
        against: `\`node -e 0\`, run in turn with it (medians of ${runs})`,
        input: name === 'help' ? 'no database' : 'an empty database (no episodes)',
        note: `episcore ${Math.round(median(times[name]))} ms (runs ${times[name].map(Math.round).join(', ')}), node -e 0 ${Math.round(node)} ms (runs ${times.node.map(Math.round).join(', ')})`,
      }
    })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
