// `npm test`: every stage in turn, each reported even when one before it failed, so that one failing
// stage (a fuzz test on a busy machine, say) does not hide whether the others pass. Exits 1 when any
// stage failed. Each stage's output goes straight through (vitest's and playwright's closing lines are
// what CI reads); a line per stage follows, with its duration.
//
// EPISCORE_TEST_COMMANDS (JSON: stage name to command) replaces stages' commands, so that the script
// itself can be tested with commands that take no time (tests/unit/testAll.test.ts).
import { spawn } from 'node:child_process'

/** In order; `needs` names a stage whose failure leaves this one not run. */
const STAGES = [
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'lint', command: 'npm run lint' },
  { name: 'build', command: 'npm run build' },
  { name: 'unit', command: 'npm run test:unit' },
  // The e2e tests run against the built app: a failed build would have them test an older one.
  { name: 'e2e', command: 'npx playwright test', needs: 'build' },
]

function commandsFromEnvironment() {
  const given = process.env.EPISCORE_TEST_COMMANDS
  if (!given) return {}
  const commands = JSON.parse(given)
  for (const name of Object.keys(commands))
    if (!STAGES.some((stage) => stage.name === name))
      throw new Error(
        `EPISCORE_TEST_COMMANDS names no stage "${name}" (stages: ${STAGES.map((s) => s.name).join(', ')})`,
      )
  return commands
}

/** Runs a command through the shell, its output passed through; resolves to its exit code (1 when it could not start). */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' })
    child.on('error', (error) => {
      console.error(`test: could not run ${command}: ${error.message}`)
      resolve(1)
    })
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

async function main() {
  const commands = commandsFromEnvironment()
  const results = []
  for (const stage of STAGES) {
    const command = commands[stage.name] ?? stage.command
    const needed = stage.needs && results.find((r) => r.name === stage.needs)
    if (needed && needed.outcome !== 'passed') {
      results.push({ name: stage.name, outcome: 'not run', detail: `(the ${stage.needs} ${needed.outcome})` })
      continue
    }
    console.log(`\n> test: ${stage.name}: ${command}`)
    const started = Date.now()
    const code = await run(command)
    const result = {
      name: stage.name,
      outcome: code === 0 ? 'passed' : 'failed',
      detail: `${seconds(Date.now() - started)}${code === 0 ? '' : `, exit code ${code}`}`,
    }
    results.push(result)
    console.log(`> test: ${stage.name} ${result.outcome} (${result.detail})`)
  }
  const width = Math.max(...results.map((r) => r.name.length))
  console.log('\ntest stages:')
  for (const r of results) console.log(`  ${r.name.padEnd(width)}  ${r.outcome.padEnd(7)}  ${r.detail}`)
  const failed = results.filter((r) => r.outcome !== 'passed')
  console.log(
    failed.length === 0
      ? 'test: every stage passed'
      : `test: ${failed.map((r) => `${r.name} ${r.outcome}`).join(', ')}`,
  )
  process.exitCode = failed.length === 0 ? 0 : 1
}

main().catch((error) => {
  console.error(`test: ${error.message}`)
  process.exitCode = 1
})
