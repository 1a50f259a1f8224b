import { spawnSync } from 'node:child_process'
import path from 'node:path'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

/**
 * `bin/episcore` as a shell runs it, with `input` on standard input and no PG* variables but those
 * given (tests/episcoreCli.ts's helper has no standard input to give). No ~/.pgpass unless given.
 */
export function episcore(
  args: string[],
  env: Record<string, string> = {},
  input = '',
): { code: number | null; stdout: string; stderr: string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')))
  const result = spawnSync(BIN, args, {
    encoding: 'utf8',
    input,
    env: { ...clean, PGPASSFILE: '/nonexistent/pgpass', ...env },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}
