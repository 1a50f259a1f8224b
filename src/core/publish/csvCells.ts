/** RFC 4180: a field with a comma, a quote or a line break is quoted, and its quotes doubled. */
export const csvField = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

// What a spreadsheet takes for the start of a formula (OWASP's CSV injection list, with line feed and
// the full-width signs some spreadsheets also accept): `=HYPERLINK(...)` in a machine's reasoning must
// reach the editor as text.
const FORMULA_START = /^[=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20]/

/** Text as a spreadsheet shows it, never runs it: a leading `'` makes the cell text, as OWASP advises. */
export const textCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value)
