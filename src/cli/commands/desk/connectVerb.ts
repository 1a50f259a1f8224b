import { UsageError } from '../../usage'
import { call, withService } from '../../serviceCalls'
import type { RunDeskVerb } from './deskVerb'
import { statusLines, syncLines } from './deskLines'
import { refusePasswordInUrl, refusePasswordOption } from './passwordArguments'
import { PASSWORD_PLACES } from '../../../core/service/deskSetup'

/** `desk connect URL [--insecure]`: joins the library to the catalogue and syncs once. */
export const connectVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  refusePasswordOption(values.password, `give it in ${PASSWORD_PLACES}`)
  const [url] = positionals
  if (url === undefined || positionals.length > 1) throw new UsageError('desk connect needs one URL')
  const request = { url: refusePasswordInUrl(url, 'the URL'), insecure: values.insecure === true }
  const { status, sync } = await withService(dbPath(), (service) => call(service, 'desk.connect', request))
  for (const line of statusLines(status)) io.out(line)
  if (sync) for (const line of syncLines(sync)) io.out(line)
  return 0
}

/** `desk disconnect`: leaves the catalogue; what the library holds stays. */
export const disconnectVerb: RunDeskVerb = async ({ positionals }, dbPath, io) => {
  if (positionals.length > 0) throw new UsageError('desk disconnect takes no arguments')
  const before = await withService(dbPath(), async (service) => {
    const status = await call(service, 'desk.status', {})
    await call(service, 'desk.disconnect', {})
    return status
  })
  io.out(before.connected ? `disconnected from ${before.url ?? ''}` : 'not connected to a desk')
  return 0
}
