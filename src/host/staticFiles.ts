import fs from 'node:fs'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/** The built renderer's file for a URL path, or null; never a file outside `root`. */
export function staticFile(root: string, urlPath: string): { file: string; type: string } | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '')
  const file = path.resolve(root, relative)
  if (file !== root && !file.startsWith(root + path.sep)) return null
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return null
  return { file, type: TYPES[path.extname(file)] ?? 'application/octet-stream' }
}

/** A built asset named by its content's hash (Vite's `name-HASH.ext`): what it holds never changes. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

/**
 * How long the browser may keep a file: a hashed asset for good, so a page loaded again runs its script
 * from Chromium's cache (and V8's code cache) instead of fetching and compiling it again; the page itself
 * is asked for each time, so a new build is seen at once.
 */
export const cacheControlOf = (urlPath: string): string =>
  HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache'
