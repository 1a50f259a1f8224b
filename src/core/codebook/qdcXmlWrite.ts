/**
 * Escaping for the .qdc writer. XML 1.0 cannot carry most control characters at all, not even as
 * character references, so those are dropped rather than refused: the codebook was checked when it
 * was saved, and an export should not fail over an invisible character.
 */

// Not XML 1.0 characters: C0 controls but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
/**
 * What a name may not hold, as the reader refuses and the writer drops: controls (tab and newline too,
 * a name is one line), the Unicode line separators, and the characters that reorder what follows them
 * on screen (a name could pass for another).
 */
// eslint-disable-next-line no-control-regex
export const HOSTILE_IN_NAME = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/
const HOSTILE_ALL = new RegExp(HOSTILE_IN_NAME.source, 'g')

/** Text content: CR kept as a reference, because a parser reads a literal CR as LF. */
export const escapeText = (text: string): string =>
  text
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')

/** An attribute value in double quotes: tabs and newlines as references, as a parser turns literal ones into spaces. */
export const escapeAttr = (value: string): string =>
  escapeText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;')

/** A code's name as the reader accepts it. */
export const nameText = (name: string): string => name.replace(HOSTILE_ALL, '')
