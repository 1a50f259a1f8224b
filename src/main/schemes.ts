import type { CustomScheme } from 'electron'

/** The app's own pages: `app://episcore/index.html`, a secure origin of its own (not file://). */
export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://episcore`
/** Media and peaks by episode id: `episcore-media://media/<id>`, `episcore-media://peaks/<id>?level=`. */
export const MEDIA_SCHEME = 'episcore-media'

/**
 * Registered before the app is ready. The page fetches peaks from the media scheme, another origin:
 * since Electron 43 such a fetch is a CORS request, refused before the handler runs unless the scheme is
 * `corsEnabled` (electron/electron#51152); `<audio>`/`<video>` loads are no-cors and need `stream` to
 * seek while they play.
 */
export const PRIVILEGED_SCHEMES: CustomScheme[] = [
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
  {
    scheme: MEDIA_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true },
  },
]

/** Whether a frame's address is one of the app's own pages. */
export function isAppUrl(url: string): boolean {
  try {
    // Compared by parts: outside Chromium, WHATWG URLs give a custom scheme the opaque origin "null".
    const { protocol, host } = new URL(url)
    return `${protocol}//${host}` === APP_ORIGIN
  } catch {
    return false
  }
}
