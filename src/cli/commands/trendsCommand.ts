import { call, withService } from '../serviceCalls'
import { trendsLines } from '../trendsLines'
import { UsageError, type RunCommand } from '../usage'

/** `trends SHOW [--json]`: the show's episodes oldest first; only reads the database. */
export const trendsCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({ json: { type: 'boolean' } })
  const [show] = positionals
  if (!show || positionals.length > 1)
    throw new UsageError('trends needs one SHOW (quote a name with spaces)')
  const trends = await withService(dbPath(), (service) => call(service, 'library.showTrends', { show }), true)
  if (values.json === true) io.out(JSON.stringify(trends))
  else for (const line of trendsLines(trends)) io.out(line)
  return 0
}
