import type { MethodName, RequestOf, ResponseOf } from '../shared/contract'
import { openLocalService, type LocalService } from '../core/service/localService'

/** A conversion the library's upgrade runs (a large library's may take minutes), said on standard error. */
export const conversionProgress = (line: string): void => void process.stderr.write(`${line}\n`)

/** A refusal from the core's door: its message, as the app and the host would show it. */
export class Refused extends Error {}

/**
 * Runs `use` with the database open through the contract's door, and closes it after. `readOnly` for the
 * commands that only read: they never migrate the file or change its journal mode.
 */
export async function withService<T>(
  dbPath: string | undefined,
  use: (service: LocalService) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const service = openLocalService(dbPath, { readOnly, progress: conversionProgress })
  try {
    const answer = await use(service)
    service.refuseIfChanged()
    return answer
  } finally {
    service.close()
  }
}

/** One call through the door; a refusal becomes the CLI's one-line error. */
export async function call<K extends MethodName>(
  service: LocalService,
  method: K,
  request: RequestOf<K>,
): Promise<ResponseOf<K>> {
  const reply = await service.call(method, request)
  if (!reply.ok) throw new Refused(reply.error.message)
  return reply.value
}
