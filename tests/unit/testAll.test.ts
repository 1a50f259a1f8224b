import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'testAll.mjs')
const FAIL = 'node -e "process.exit(1)"'
const PASS = 'node -e 0'

/** `npm test`'s script with each stage's command replaced by one that takes no time. */
function testAll(commands: Record<string, string>): { code: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [SCRIPT], {
    encoding: 'utf8',
    env: { ...process.env, EPISCORE_TEST_COMMANDS: JSON.stringify(commands) },
  })
  return { code: run.status, stdout: run.stdout }
}

/** The summary's line for each stage: its name and outcome. */
const summary = (stdout: string): string[] =>
  stdout
    .slice(stdout.indexOf('test stages:'))
    .split('\n')
    .slice(1)
    .filter((line) => line.startsWith('  '))
    .map((line) =>
      line
        .trim()
        .split(/\s{2,}/)
        .slice(0, 2)
        .join(' '),
    )

describe('npm test', () => {
  it('runs every stage when an early one fails, reports each, and exits 1', () => {
    const run = testAll({ typecheck: FAIL, lint: PASS, build: PASS, unit: FAIL, e2e: PASS })
    expect(run.code).toBe(1)
    expect(summary(run.stdout)).toEqual([
      'typecheck failed',
      'lint passed',
      'build passed',
      'unit failed',
      'e2e passed',
    ])
    expect(run.stdout).toMatch(/^ {2}typecheck +failed +\d+\.\d s, exit code 1$/m)
    expect(run.stdout).toMatch(/^ {2}lint +passed +\d+\.\d s$/m)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('test: typecheck failed, unit failed')
  })

  it('does not run the e2e tests when the build failed, and says so', () => {
    const run = testAll({ typecheck: PASS, lint: PASS, build: FAIL, unit: PASS, e2e: PASS })
    expect(run.code).toBe(1)
    expect(summary(run.stdout)).toEqual([
      'typecheck passed',
      'lint passed',
      'build failed',
      'unit passed',
      'e2e not run',
    ])
    expect(run.stdout).toMatch(/^ {2}e2e +not run +\(the build failed\)$/m)
  })

  it('passes each stage its output through, in order, and exits 0 when every stage passed', () => {
    const say = (text: string): string => `node -e "console.log('${text}')"`
    const run = testAll({
      typecheck: say('checked'),
      lint: say('linted'),
      build: say('built'),
      unit: say('Tests 12 passed'),
      e2e: say('3 passed (4.2s)'),
    })
    expect(run.code).toBe(0)
    const order = ['checked', 'linted', 'built', 'Tests 12 passed', '3 passed (4.2s)', 'test stages:']
    const at = order.map((text) => run.stdout.indexOf(text))
    expect(at.every((i) => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('test: every stage passed')
  })
})
