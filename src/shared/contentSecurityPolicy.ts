/**
 * The renderer's Content-Security-Policy, sent as a response header by both shells (the desktop app's
 * `app://` protocol and the browser host). `mediaSources` names where media and peaks come from when
 * that is not the page's own origin (the desktop app's media scheme).
 */
export function rendererContentSecurityPolicy(mediaSources: readonly string[] = []): string {
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
    "frame-ancestors 'none'",
  ].join('; ')
}
