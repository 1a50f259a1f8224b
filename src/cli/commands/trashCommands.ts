import { call, withService } from '../serviceCalls'
import { UsageError, type ParseCommand, type RunCommand } from '../usage'

// Neither deletes for good: the trash is emptied only by the app's and the host's start.

function episodeId(parseCommand: ParseCommand, command: string): string {
  const { positionals } = parseCommand({})
  const [id] = positionals
  if (!id || positionals.length > 1) throw new UsageError(`${command} needs one episode ID`)
  return id
}

/** `delete ID`: to the trash, saying on stderr how to bring it back; prints ID. */
export const deleteCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const id = episodeId(parseCommand, 'delete')
  const { trashedAt } = await withService(dbPath(), (service) => call(service, 'episodes.trash', { id }))
  io.err(
    `episcore: moved to the trash; restore it with episcore restore ${id} (kept 30 days after ${trashedAt})`,
  )
  io.out(id)
  return 0
}

/** `restore ID`: back from the trash as it was; prints ID. */
export const restoreCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const id = episodeId(parseCommand, 'restore')
  await withService(dbPath(), (service) => call(service, 'episodes.restore', { id }))
  io.out(id)
  return 0
}
