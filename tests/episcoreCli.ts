import { spawnSync } from 'node:child_process'
import path from 'node:path'

const BIN = path.resolve(__dirname, '..', 'bin', 'episcore')

/** Runs `bin/episcore` as a user would from a shell, with `env` added to this process's environment. */
export function episcore(
  args: string[],
  env: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(BIN, args, { encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}
