import fs from 'node:fs'
import { addPerson, DESK_ROLES, PASSWORD_PLACES } from '../../../core/service/deskSetup'
import { str } from '../../commandArguments'
import { UsageError } from '../../usage'
import type { RunDeskVerb } from './deskVerb'
import { refusePasswordInUrl, refusePasswordOption } from './passwordArguments'

/** The new person's password from standard input: all of it, less the line break `echo` adds. */
function passwordFromStdin(): string {
  if (process.stdin.isTTY)
    throw new UsageError(
      "--password-stdin reads the new person's password from a pipe, e.g. printf '%s' \"$PW\" | episcore desk add-person ...",
    )
  return fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '')
}

/** `desk add-person NAME --role R --url ADMIN_URL --password-stdin`: a login role of the desk. */
export const addPersonVerb: RunDeskVerb = async ({ values, positionals }, _dbPath, io) => {
  refusePasswordOption(values.password, "pipe the new person's password to --password-stdin")
  const [name] = positionals
  if (name === undefined || positionals.length > 1) throw new UsageError('desk add-person needs one NAME')
  const role = str(values.role)
  if (role === undefined) throw new UsageError(`desk add-person needs --role ${DESK_ROLES.join('|')}`)
  const url = str(values.url)
  if (url === undefined)
    throw new UsageError(
      `desk add-person needs --url ADMIN_URL (the catalogue's database, as the user who ran desk init; its password from ${PASSWORD_PLACES})`,
    )
  refusePasswordInUrl(url, '--url')
  if (values['password-stdin'] !== true)
    throw new UsageError(
      "desk add-person needs --password-stdin (the new person's password on standard input)",
    )
  const added = await addPerson({
    adminUrl: url,
    name,
    role,
    password: passwordFromStdin(),
    insecure: values.insecure === true,
  })
  io.out(`${added.name} added to the desk as ${added.role}`)
  return 0
}
