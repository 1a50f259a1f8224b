/**
 * One agreement through the core's door in a process of its own, as a host measures it (on the
 * agreement's thread), so its peak memory is the measure's and not the bench's: prints the time and the
 * process's peak resident memory as JSON. Arguments: the database file, then the library ids.
 */
import { measureAgreementOffThread } from '../src/core/agreement/agreementOffThread'
import { openDatabase } from '../src/core/db/openDatabase'
import { PeaksCache } from '../src/core/media/peaksCache'
import { FileRefs } from '../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../src/core/service/handlers'
import type { AgreementDetail } from '../src/shared/agreement'

async function main(): Promise<void> {
  const [databaseFile, ...ids] = process.argv.slice(2)
  const db = openDatabase(databaseFile as string)
  measureAgreementOffThread()
  const handlers = createHandlers({
    db,
    files: new FileRefs(),
    peaks: new PeaksCache(`${databaseFile}-peaks`),
  })
  const start = performance.now()
  const reply = await dispatch(handlers, 'episodes.agreement', { ids })
  const ms = performance.now() - start
  if (!reply.ok) throw new Error(`agreement refused: ${reply.error.message}`)
  const detail = reply.value as AgreementDetail
  db.close()
  // maxRSS is in kilobytes: the peak of the whole process, its threads included.
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024)
  console.log(JSON.stringify({ ms, peakMb, units: detail.units }))
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
