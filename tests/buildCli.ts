import { spawnSync } from 'node:child_process'
import path from 'node:path'

/** vitest's global setup: bundles the CLI (out/cli) from the current sources before any test runs it. */
export default function buildCli(): void {
  const run = spawnSync(process.execPath, [path.resolve(__dirname, '..', 'scripts', 'buildCli.mjs')], {
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`the CLI could not be built:\n${run.stderr}`)
}
