/**
 * The renderer's Content-Security-Policy, sent as a response header by both shells (the desktop app's
 * `app://` protocol and the browser host) and written into the built page as a `<meta>` too, which holds
 * wherever the page is loaded without the header. `mediaSources` names where media and peaks come from
 * when that is not the page's own origin (the desktop app's media scheme). A `<meta>` policy cannot carry
 * frame-ancestors (browsers ignore it there, with a warning), so `forMeta` leaves it out.
 */
export function rendererContentSecurityPolicy(
  mediaSources: readonly string[] = [],
  options: { forMeta?: boolean } = {},
): string {
  const media = ["'self'", ...mediaSources].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    // wavesurfer.js styles its shadow DOM with a <style> element.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `media-src ${media} blob:`,
    `connect-src ${media}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    ...(options.forMeta ? [] : ["frame-ancestors 'none'"]),
  ].join('; ')
}
