/**
 * Escaping for the .qdc writer. XML 1.0 cannot carry most control characters at all, not even as
 * character references, so those are dropped rather than refused: the codebook was checked when it
 * was saved, and an export should not fail over an invisible character.
 */

// Not XML 1.0 characters: C0 controls but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
// Names are one line: every C0 and C1 control (tab and newlines too) goes, as the reader refuses them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g

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

/** A code's name: one line with no control characters, as the reader accepts it. */
export const nameText = (name: string): string => name.replace(CONTROL, '')
