/**
 * The lead's first look in a process of its own, as the CLI or a fresh app start has it: opens the
 * library, makes its desk (connecting included) and asks for the board or the drift once, printing the
 * time (and how much of it was connecting) and what came back as JSON. Arguments: the library file, `board` or `drift`, then the show (drift).
 */
import { openDatabase } from '../src/core/db/openDatabase'
import { DeskService } from '../src/core/desk/deskService'
import { deskBoard, deskDrift } from '../src/core/desk/work/board'

async function main(): Promise<void> {
  const [file, what, show] = process.argv.slice(2)
  if (what !== 'board' && what !== 'drift') throw new Error(`deskWorkChild: board or drift, not ${what}`)
  const db = openDatabase(file as string)
  const started = performance.now()
  const desk = new DeskService(db)
  const context = { db, desk }
  // Connecting (the password read, TCP, SCRAM, the catalogue's version checked) apart from the look.
  await desk.withConnection(async () => undefined)
  const connectMs = performance.now() - started
  const count =
    what === 'board'
      ? (await deskBoard(context, {})).length
      : (await deskDrift(context, { show })).figures.length
  const ms = performance.now() - started
  await desk.close()
  db.close()
  console.log(JSON.stringify({ ms, count, connectMs }))
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
