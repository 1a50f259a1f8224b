/** Names for the .qdc: a code's guid from the show, version and key; a dimension key from a code's name. */
import { createHash } from 'node:crypto'
import { PROTOTYPE_NAMES } from '../../shared/prototypeKeys'

// Episcore's own namespace for name-based (version 5) UUIDs; any fixed UUID would do, this one is ours.
const EPISCORE_CODEBOOK_NAMESPACE = '6f1c2b0e-8a4d-4c3e-9b7a-52e0d4a1f9c3'

/**
 * A version-5 UUID (RFC 9562, SHA-1 of a namespace and a name): the same show, version and key give
 * the same guid, so exporting twice gives the same file and another program sees the same code.
 */
export function codeGuid(show: string, version: number, key: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(EPISCORE_CODEBOOK_NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(`${show}\u0000${version}\u0000${key}`, 'utf8')
    .digest()
  const b = hash.subarray(0, 16)
  b[6] = ((b[6] as number) & 0x0f) | 0x50
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** REFI-QDA's GUIDType: a UUID, optionally in braces, either case. */
export const GUID =
  /^(\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/

/** A guid as compared: no braces, lower case ("{ABC…}" and "abc…" are one code). */
export const guidIdentity = (guid: string): string => guid.replace(/[{}]/g, '').toLowerCase()

const MAX_KEY = 64

/**
 * A camelCase key (^[a-z][A-Za-z0-9]*$) from a label: accents dropped, words joined ("Interview >
 * Topic" → interviewTopic); "code" when nothing of the name is a Latin letter or digit, or before a
 * leading digit. A number is added when the key is taken or names a member of every object.
 */
export function keyFromName(label: string, taken: ReadonlySet<string>): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // "Guest's sources" is guestsSources, not guestSSources.
    .replace(/['\u2019]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
  let key = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() : w.charAt(0).toUpperCase()) + w.slice(1))
    .join('')
  if (key === '') key = 'code'
  else if (!/^[a-z]/.test(key)) key = `code${key.charAt(0).toUpperCase()}${key.slice(1)}`
  key = key.slice(0, MAX_KEY)
  if (!taken.has(key) && !PROTOTYPE_NAMES.has(key)) return key
  for (let n = 2; ; n++) {
    const numbered = `${key.slice(0, MAX_KEY - String(n).length)}${n}`
    if (!taken.has(numbered) && !PROTOTYPE_NAMES.has(numbered)) return numbered
  }
}
