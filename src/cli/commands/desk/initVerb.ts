import { initCatalogue, PASSWORD_PLACES } from '../../../core/service/deskSetup'
import { UsageError } from '../../usage'
import type { RunDeskVerb } from './deskVerb'
import { refusePasswordInUrl, refusePasswordOption } from './passwordArguments'

/** `desk init URL`: creates or upgrades the catalogue in the URL's database; says which it did. */
export const initVerb: RunDeskVerb = async ({ values, positionals }, _dbPath, io) => {
  refusePasswordOption(values.password, `give the password of the URL's user in ${PASSWORD_PLACES}`)
  const [url] = positionals
  if (url === undefined || positionals.length > 1) throw new UsageError('desk init needs one URL')
  const outcome = await initCatalogue(refusePasswordInUrl(url, 'the URL'), {
    insecure: values.insecure === true,
  })
  io.out(
    outcome.created
      ? `desk catalogue created (schema ${outcome.version})`
      : outcome.from === outcome.version
        ? `desk catalogue already at schema ${outcome.version}: nothing changed`
        : `desk catalogue upgraded from schema ${outcome.from} to ${outcome.version}`,
  )
  return 0
}
