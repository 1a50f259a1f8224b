import { call, withService } from '../serviceCalls'
import { terminalField } from '../terminalText'
import type { RunCommand } from '../usage'

/** `list [--trash]`: one episode a line, tab-separated; only reads the database. */
export const listCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values } = parseCommand({ trash: { type: 'boolean' } })
  if (values.trash === true) {
    const trashed = await withService(dbPath(), (service) => call(service, 'episodes.listTrash', {}), true)
    for (const e of trashed)
      io.out([e.id, e.title, e.trashedAt, e.emptiedAfter].map(terminalField).join('\t'))
    return 0
  }
  const episodes = await withService(dbPath(), (service) => call(service, 'episodes.list', {}), true)
  for (const e of episodes) io.out([e.id, e.title, e.reviewStatus].map(terminalField).join('\t'))
  return 0
}
