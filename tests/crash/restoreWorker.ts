import { restoreBackup } from '../../src/core/db/backups'

/**
 * The restore the crash test kills: `restoreWorker DB BACKUP...` restores the named backups of DB one
 * after another, round and round, until killed; it says `ready` before the first and
 * `restored <name>` after each.
 */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const [file, ...backups] = argv
  if (!file || backups.length === 0) throw new Error('usage: restoreWorker DB BACKUP...')
  process.stdout.write('ready\n')
  for (let n = 0; ; n++) {
    const backup = backups[n % backups.length] ?? ''
    await restoreBackup(file, backup)
    process.stdout.write(`restored ${backup}\n`)
  }
}
