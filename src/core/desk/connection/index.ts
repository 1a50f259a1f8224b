/** How a library reaches the desk catalogue: settings from a URL, and a connected client. */
export {
  DEFAULT_CONNECT_MS,
  DEFAULT_STATEMENT_MS,
  deskConnectionSettings,
  type DeskConnectionOptions,
  type DeskConnectionSettings,
  type PasswordSource,
} from './connectionSettings'
export { PASSWORD_PLACES } from './deskUrl'
export { deskFailure, DeskUnreachableError, openDeskClient, type DeskFailureReason } from './openDeskClient'
export { isLoopback, type TlsLevel } from './tlsOptions'
