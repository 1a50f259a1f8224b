/**
 * The command line's door to setting up a desk catalogue, which works on PostgreSQL alone (no library is
 * opened): `desk init` and `desk add-person`, and the words every desk verb uses for passwords.
 */
export { addPerson, DESK_ROLES, initCatalogue, PASSWORD_PLACES } from '../desk/catalogue'
