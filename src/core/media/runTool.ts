import { cannotRun } from './toolFailure'

export interface ToolResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end and collects its output; for short-lived ffprobe calls, not for decoding. */
export async function runTool(
  command: string,
  args: readonly string[],
  signal?: AbortSignal,
): Promise<ToolResult> {
  // Loaded when a tool first runs: child_process brings net and streams, which a command that only
  // reads the library (`episcore list`) would pay for at every start.
  const { spawn } = await import('node:child_process')
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    // Not started at all (gone, quarantined): a sentence naming the program; an abort stays an abort.
    child.on('error', (error) => reject(child.pid === undefined ? cannotRun(command, error) : error))
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    )
  })
}
