import { call, withService } from '../serviceCalls'
import { reportLines } from '../reportLines'
import { UsageError, type RunCommand } from '../usage'

/** `report ID [--csv]`: the review of a machine analysis; only reads the database. */
export const reportCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({ csv: { type: 'boolean' } })
  const [id] = positionals
  if (!id || positionals.length > 1) throw new UsageError('report needs one episode ID')
  if (values.csv === true) {
    const csv = await withService(dbPath(), (service) => call(service, 'review.exportReport', { id }), true)
    io.out(csv.text.endsWith('\n') ? csv.text.slice(0, -1) : csv.text)
    return 0
  }
  const report = await withService(dbPath(), (service) => call(service, 'review.report', { id }), true)
  for (const line of reportLines(report)) io.out(line)
  return 0
}
