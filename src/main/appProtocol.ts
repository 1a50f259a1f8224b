import fs from 'node:fs'
import { staticFile } from '../host/staticFiles'
import { rendererContentSecurityPolicy } from '../shared/contentSecurityPolicy'
import { MEDIA_SCHEME } from './schemes'

const CONTENT_SECURITY_POLICY = rendererContentSecurityPolicy([`${MEDIA_SCHEME}:`])

/**
 * Answers `app://episcore/<path>` from the built renderer, with the CSP as a response header (a header
 * also governs what a `<meta>` cannot, such as frame-ancestors). Any path that is not a file of the
 * renderer is the page itself, and nothing outside its folder can be named.
 */
export function answerAppRequest(rendererDir: string, request: Request): Response {
  const url = new URL(request.url)
  const found = staticFile(rendererDir, url.pathname) ?? staticFile(rendererDir, '/')
  if (!found) return new Response('the renderer is not built: run npm run build', { status: 404 })
  return new Response(fs.readFileSync(found.file), {
    headers: {
      'content-type': found.type,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
    },
  })
}
