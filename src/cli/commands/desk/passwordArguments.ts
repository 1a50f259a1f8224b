import { PASSWORD_PLACES } from '../../../core/service/deskSetup'
import { UsageError } from '../../usage'

/**
 * A password in a URL or on the command line is seen by the shell's history, the process list and
 * whoever reads over a shoulder: refused, saying where it goes instead. Checked before any connection.
 */
export function refusePasswordInUrl(url: string, place: string): string {
  const authority = /^[a-z]+:\/\/([^/?#]*)/i.exec(url)?.[1] ?? ''
  const userInfo = authority.includes('@') ? authority.slice(0, authority.lastIndexOf('@')) : ''
  const colonAt = userInfo.indexOf(':')
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  if ((colonAt >= 0 && userInfo.slice(colonAt + 1) !== '') || /(^|&)password=/i.test(query))
    throw new UsageError(`${place}: a password does not belong in the URL: give it in ${PASSWORD_PLACES}`)
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new UsageError(`${place} must be a postgres:// URL, like postgres://USER@HOST:PORT/DATABASE`)
  return url
}

export function refusePasswordOption(given: unknown, goesTo: string): void {
  if (given !== undefined)
    throw new UsageError(
      `--password is refused (the shell's history and the process list would keep it): ${goesTo}`,
    )
}
