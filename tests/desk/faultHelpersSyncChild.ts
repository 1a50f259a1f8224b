/**
 * One `desk sync` of a library in a process of its own, for the SIGKILL fault test: what the CLI's verb
 * does (the password from PGPASSWORD, the report as JSON on stdout, one line on stderr and exit 1 when
 * the sync fails), without the CLI's build. Run with `node --import tsx faultHelpersSyncChild.ts LIBRARY`.
 */
import { openDatabase } from '../../src/core/db/openDatabase'
import { DeskService } from '../../src/core/desk/deskService'

async function main(file: string | undefined): Promise<number> {
  if (file === undefined) {
    process.stderr.write('usage: faultHelpersSyncChild.ts LIBRARY\n')
    return 2
  }
  const db = openDatabase(file)
  const desk = new DeskService(db)
  try {
    process.stdout.write(`${JSON.stringify(await desk.sync())}\n`)
    return 0
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  } finally {
    await desk.close()
    db.close()
  }
}

main(process.argv[2]).then((code) => {
  process.exitCode = code
})
