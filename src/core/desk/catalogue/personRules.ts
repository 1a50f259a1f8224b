import { UserError } from '../../errors'

export const DESK_ROLES = ['reviewer', 'lead', 'pipeline'] as const
export type DeskRole = (typeof DESK_ROLES)[number]

const NAME_RULE = /^[a-z_][a-z0-9_]{0,62}$/
// PostgreSQL keeps these for itself (CREATE ROLE refuses them even quoted) or for the desk's groups.
const RESERVED_NAMES = new Set(['public', 'none', 'current_user', 'session_user', 'current_role'])

/** A person's name as the login role it becomes: a plain identifier, so it needs no quoting anywhere. */
export function checkPersonName(name: unknown): string {
  if (typeof name !== 'string' || !NAME_RULE.test(name))
    throw new UserError(
      'invalid-input',
      `person name "${String(name).slice(0, 80)}": a plain identifier is needed (a-z or _ first, then a-z, 0-9 or _, at most 63)`,
    )
  if (name.startsWith('pg_') || RESERVED_NAMES.has(name))
    throw new UserError('invalid-input', `person name "${name}" is reserved by PostgreSQL`)
  if (name.startsWith('episcore_'))
    throw new UserError('invalid-input', `person name "${name}": episcore_ names are the desk's group roles`)
  return name
}

export function checkDeskRole(role: unknown): DeskRole {
  if (!(DESK_ROLES as readonly unknown[]).includes(role))
    throw new UserError(
      'invalid-input',
      `role "${String(role).slice(0, 40)}" is not a desk role: ${DESK_ROLES.join(', ')}`,
    )
  return role as DeskRole
}

/** The new person's password: something to type, one line, never empty. */
export function checkPersonPassword(password: unknown): string {
  if (typeof password !== 'string' || password === '')
    throw new UserError('invalid-input', 'the new person needs a password (it was empty)')
  if (/[\0\r\n]/.test(password))
    throw new UserError('invalid-input', "the new person's password must be one line (no line breaks or NUL)")
  if (password.length > 1000)
    throw new UserError('invalid-input', "the new person's password is over 1000 characters")
  return password
}
