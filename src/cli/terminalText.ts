const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\u001b': '\\e' }

/**
 * A field of line-oriented output (`list`, `report`, `validate`) as a terminal and `cut -f` can take
 * it: a tab, a line break or an escape code in a title would forge a column or a row, or reach the
 * terminal raw. Tab, CR, LF and ESC become `\t` `\r` `\n` `\e`; any other control character `\xHH`
 * (`\u2028` for the line separators).
 */
export function terminalField(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const named = NAMED[c]
    if (named !== undefined) return named
    const code = c.charCodeAt(0)
    return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, '0')}`
  })
}

/**
 * Makes a closed stdout (`episcore list | head -1`) end the command quietly, as `cat` does: the
 * reader has what it wanted, so neither a stack nor an error code is due.
 */
export function endQuietlyOnClosedOutput(stream: NodeJS.WriteStream, exit: () => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') exit()
    else throw error
  })
}
