/**
 * A small strict XML 1.0 reader for REFI-QDA codebooks (.qdc): elements, attributes, namespaces, text,
 * CDATA, comments and processing instructions. It is non-validating and refuses any DOCTYPE: with no DTD
 * there is no entity to expand ("billion laughs") and no external entity to fetch, so the only
 * references it knows are XML's five and numeric character references. Hand-written rather than a
 * package because none of the XML packages in node_modules is a direct dependency, and this subset
 * is small enough to test whole. Every refusal names the line and column.
 */
import { UserError } from '../errors'

export interface XmlElement {
  kind: 'element'
  /** The name as written, with its prefix. */
  name: string
  local: string
  /** The namespace the prefix (or the default namespace) stands for; null when none. */
  ns: string | null
  /** Attributes by the name as written; namespace declarations included. */
  attrs: ReadonlyMap<string, string>
  children: XmlNode[]
  line: number
  column: number
}

export interface XmlText {
  kind: 'text'
  text: string
  line: number
  column: number
}

export type XmlNode = XmlElement | XmlText

/** Deeper than any codebook nests; it keeps hostile nesting from costing memory or stack. */
export const MAX_XML_DEPTH = 200

// XML 1.0's Char production: anything else may not appear, not even as a character reference.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u
const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD'
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`
// eslint-disable-next-line no-misleading-character-class -- XML's NameChar lists the combining marks as a range
const NAME = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, 'y')
const SPACE = /[ \t\n]+/y
const XML_DECL =
  /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.[0-9]+\1([ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?([ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(yes|no)\5)?[ \t\n]*\?>/y
const REFERENCE = /&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z_:][-A-Za-z0-9_.:]*);/y
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const XML_NS = 'http://www.w3.org/XML/1998/namespace'

const isXmlCodePoint = (c: number): boolean =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff)

const hex = (c: number): string => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`

/** Parses a whole document; throws a UserError naming line:column at the first thing not well-formed. */
export function parseXml(input: string): XmlElement {
  // XML 2.11: every CRLF and lone CR reads as LF; lines are counted the same either way.
  const s = input.replace(/\r\n?/g, '\n')
  const lineStarts = [0]
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const where = (at: number): { line: number; column: number } => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((lineStarts[mid] as number) <= at) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: at - (lineStarts[lo] as number) + 1 }
  }
  const fail = (at: number, message: string): never => {
    const { line, column } = where(at)
    throw new UserError('invalid-input', `line ${line}:${column}: ${message}`)
  }

  const bad = NOT_XML_CHAR.exec(s)
  if (bad) fail(bad.index, `the character ${hex(bad[0].codePointAt(0) ?? 0)} is not allowed in XML`)

  let pos = 0
  const name = (): string => {
    NAME.lastIndex = pos
    const m = NAME.exec(s)
    if (!m) return fail(pos, `a name was expected, not ${describe(pos)}`)
    pos += m[0].length
    return m[0]
  }
  const space = (): boolean => {
    SPACE.lastIndex = pos
    const m = SPACE.exec(s)
    if (m) pos += m[0].length
    return m !== null
  }
  const describe = (at: number): string =>
    at >= s.length ? 'the end of the file' : `“${s.slice(at, at + 12).split('\n')[0] ?? ''}”`
  const until = (close: string, what: string): number => {
    const end = s.indexOf(close, pos)
    if (end < 0) fail(pos, `${what} is not closed with “${close}”`)
    return end
  }

  /** Decodes the references of text or an attribute value; `at` is where `raw` starts. */
  const decode = (raw: string, at: number): string => {
    if (!raw.includes('&')) return raw
    let out = ''
    let i = 0
    for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', i)) {
      out += raw.slice(i, amp)
      REFERENCE.lastIndex = amp
      const m = REFERENCE.exec(raw)
      if (!m) return fail(at + amp, 'a bare “&” (write &amp;)')
      const ref = m[1] as string
      if (ref.startsWith('#')) {
        const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
        if (!isXmlCodePoint(code)) fail(at + amp, `&${ref}; names a character XML does not allow`)
        out += String.fromCodePoint(code)
      } else {
        const value = Object.hasOwn(PREDEFINED, ref) ? PREDEFINED[ref] : undefined
        if (value === undefined)
          fail(at + amp, `the entity &${ref}; is not defined (a .qdc has no DTD to define entities)`)
        out += value
      }
      i = amp + m[0].length
    }
    return out + raw.slice(i)
  }

  /** Comments, processing instructions and refusals shared by the prolog, content and epilogue. */
  const markup = (): boolean => {
    if (s.startsWith('<!--', pos)) {
      const end = until('-->', 'a comment')
      if (s.slice(pos + 4, end).includes('--') || s[end - 1] === '-') fail(pos, 'a comment holds “--”')
      pos = end + 3
      return true
    }
    if (s.startsWith('<!DOCTYPE', pos))
      fail(
        pos,
        'a DOCTYPE is refused: a .qdc needs none, and one could define entities that expand or fetch files',
      )
    if (s.startsWith('<?', pos)) {
      const start = pos
      pos += 2
      const target = name()
      if (target.toLowerCase() === 'xml') fail(start, 'an XML declaration is only allowed at the very start')
      if (!s.startsWith('?>', pos) && !space())
        fail(pos, 'a processing instruction needs a space after its name')
      pos = until('?>', 'a processing instruction') + 2
      return true
    }
    return false
  }

  interface Open {
    el: XmlElement
    scope: ReadonlyMap<string, string | null>
    at: number
  }

  const startTag = (scope: ReadonlyMap<string, string | null>): { open: Open; empty: boolean } => {
    const at = pos
    pos += 1
    const tag = name()
    const raw = new Map<string, { value: string; at: number }>()
    for (;;) {
      const spaced = space()
      if (s.startsWith('/>', pos) || s.startsWith('>', pos)) break
      if (!spaced) fail(pos, `a space or the end of the tag <${tag}> was expected, not ${describe(pos)}`)
      const attrAt = pos
      const attr = name()
      space()
      if (s[pos] !== '=') fail(pos, `the attribute ${attr} needs “=” and a quoted value`)
      pos += 1
      space()
      const quote = s[pos]
      if (quote !== '"' && quote !== "'") return fail(pos, `the value of ${attr} must be in quotes`)
      const end = s.indexOf(quote, pos + 1)
      if (end < 0) fail(pos, `the value of ${attr} is not closed`)
      const value = s.slice(pos + 1, end)
      const lt = value.indexOf('<')
      if (lt >= 0) fail(pos + 1 + lt, `“<” inside the value of ${attr} (write &lt;)`)
      if (raw.has(attr)) fail(attrAt, `the attribute ${attr} is given twice`)
      // Attribute-value normalisation (XML 3.3.3): literal tabs and newlines read as spaces; character
      // references to them stay what they name.
      raw.set(attr, { value: decode(value.replace(/[\t\n]/g, ' '), pos + 1), at: attrAt })
      pos = end + 1
    }
    const empty = s.startsWith('/>', pos)
    pos += empty ? 2 : 1

    let inner: Map<string, string | null> | null = null
    for (const [attr, { value, at: attrAt }] of raw) {
      if (attr === 'xmlns' || attr.startsWith('xmlns:')) {
        const prefix = attr === 'xmlns' ? '' : attr.slice(6)
        if (prefix !== '' && value === '') fail(attrAt, `the prefix ${prefix} cannot be undeclared`)
        inner ??= new Map(scope)
        inner.set(prefix, value === '' ? null : value)
      }
    }
    const names = inner ?? scope
    const resolve = (
      qname: string,
      isElement: boolean,
      nameAt: number,
    ): { local: string; ns: string | null } => {
      const colon = qname.indexOf(':')
      if (colon < 0) return { local: qname, ns: isElement ? (names.get('') ?? null) : null }
      const prefix = qname.slice(0, colon)
      const local = qname.slice(colon + 1)
      if (local === '' || local.includes(':'))
        return fail(nameAt, `${qname} is not a namespace-qualified name`)
      if (prefix === 'xml') return { local, ns: XML_NS }
      if (prefix === 'xmlns') return { local, ns: null }
      if (!names.has(prefix)) return fail(nameAt, `the prefix ${prefix} of ${qname} is not declared`)
      return { local, ns: names.get(prefix) ?? null }
    }
    const { local, ns } = resolve(tag, true, at + 1)
    const attrs = new Map<string, string>()
    for (const [attr, { value, at: attrAt }] of raw) {
      resolve(attr, false, attrAt)
      attrs.set(attr, value)
    }
    const el: XmlElement = { kind: 'element', name: tag, local, ns, attrs, children: [], ...where(at) }
    return { open: { el, scope: names, at }, empty }
  }

  // The prolog: the declaration, then comments, processing instructions and spaces.
  if (s.startsWith('\uFEFF')) pos = 1
  if (s.startsWith('<?xml', pos) && /[ \t\n]/.test(s[pos + 5] ?? '')) {
    XML_DECL.lastIndex = pos
    const m = XML_DECL.exec(s)
    if (!m) fail(pos, 'the XML declaration is malformed (expected <?xml version="1.0" encoding="utf-8"?>)')
    else pos += m[0].length
  }
  for (;;) {
    space()
    if (pos >= s.length) fail(pos, 'the file has no root element')
    if (markup()) continue
    if (s[pos] === '<' && s[pos + 1] !== '!' && s[pos + 1] !== '/') break
    if (s.startsWith('<!', pos)) fail(pos, `${describe(pos)} is not allowed here`)
    fail(pos, `text before the root element: ${describe(pos)}`)
  }

  const rootTag = startTag(new Map())
  const root = rootTag.open.el
  const stack: Open[] = rootTag.empty ? [] : [rootTag.open]
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Open
    if (pos >= s.length)
      fail(pos, `the file ends inside <${top.el.name}> (opened at line ${top.el.line}:${top.el.column})`)
    if (s[pos] !== '<') {
      const end = s.indexOf('<', pos)
      const stop = end < 0 ? s.length : end
      const raw = s.slice(pos, stop)
      const cdataEnd = raw.indexOf(']]>')
      if (cdataEnd >= 0) fail(pos + cdataEnd, '“]]>” in text (write ]]&gt;)')
      top.el.children.push({ kind: 'text', text: decode(raw, pos), ...where(pos) })
      pos = stop
      continue
    }
    if (s.startsWith('</', pos)) {
      const at = pos
      pos += 2
      const closing = name()
      space()
      if (s[pos] !== '>') fail(pos, `the end tag </${closing}> is not closed with “>”`)
      pos += 1
      if (closing !== top.el.name)
        fail(
          at,
          `</${closing}> does not close <${top.el.name}> (opened at line ${top.el.line}:${top.el.column})`,
        )
      stack.pop()
      continue
    }
    if (s.startsWith('<![CDATA[', pos)) {
      const at = pos
      pos += 9
      const end = until(']]>', 'a CDATA section')
      top.el.children.push({ kind: 'text', text: s.slice(pos, end), ...where(at) })
      pos = end + 3
      continue
    }
    if (markup()) continue
    if (s.startsWith('<!', pos)) fail(pos, `${describe(pos)} is not allowed here`)
    if (stack.length >= MAX_XML_DEPTH) fail(pos, `elements nest deeper than ${MAX_XML_DEPTH} levels`)
    const { open, empty } = startTag(top.scope)
    top.el.children.push(open.el)
    if (!empty) stack.push(open)
  }

  for (;;) {
    space()
    if (pos >= s.length) return root
    if (markup()) continue
    if (s[pos] === '<' && NAME_START_TEST.test(s[pos + 1] ?? ''))
      fail(pos, 'a second root element (an XML file has one)')
    fail(pos, `${describe(pos)} after the root element`)
  }
}

const NAME_START_TEST = new RegExp(`[${NAME_START}]`)

/** The elements among an element's children. */
export const childElements = (el: XmlElement): XmlElement[] =>
  el.children.filter((c): c is XmlElement => c.kind === 'element')

/** The text of an element's direct text and CDATA children, joined. */
export const ownText = (el: XmlElement): string =>
  el.children.map((c) => (c.kind === 'text' ? c.text : '')).join('')
