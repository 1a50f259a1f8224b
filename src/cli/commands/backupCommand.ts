import path from 'node:path'
import { backupFolderOf, defaultDatabasePath } from '../../core/service/localService'
import { call, withService } from '../serviceCalls'
import { UsageError, type RunCommand } from '../usage'

/** `backup`: a copy of the database now, in episcore-backups/ beside it; prints the copy's path. */
export const backupCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { positionals } = parseCommand({})
  if (positionals.length > 0) throw new UsageError('backup takes no arguments')
  const file = defaultDatabasePath(dbPath())
  const made = await withService(dbPath(), (service) => call(service, 'backups.create', {}))
  io.out(path.join(backupFolderOf(file), made.file))
  return 0
}
