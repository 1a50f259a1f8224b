import type { DesktopApi } from '../../preload/api'

declare global {
  interface Window {
    /** Present in the Electron app only (set by the preload). */
    episcore?: DesktopApi
  }
}
