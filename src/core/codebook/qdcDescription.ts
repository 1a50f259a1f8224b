/**
 * What a code's Description holds when Episcore writes it: the dimension's definition, a blank line,
 * then what another program has no field for, one per line, readable as it is and read back on
 * import:
 *
 *   Key: guestTeaching
 *   Scale: 0-10
 *   Highlight label: Teaching moment
 *   Levels:
 *   0-2: The guest only repeats the host.
 *   3-4: …
 *
 * A value running over several lines continues on lines indented by two spaces, so the only unindented
 * lines after "Key:" are these headers; the last "Key:" line after a blank line therefore starts the
 * block, whatever the definition says.
 */
import type { LevelDescriptor } from '../../shared/codebook'
import { levelScores } from '../../shared/codebook'

export interface DescriptionFields {
  definition: string
  key: string
  scale: { min: number; max: number }
  highlightLabel: string
  levels: LevelDescriptor[]
}

const INDENT = '  '
const KEY = /^Key: ([a-z][A-Za-z0-9]*)$/
const SCALE = /^Scale: (-?[0-9]{1,4})-(-?[0-9]{1,4})$/
// [^\n], not ".": a descriptor may hold a CR (kept as &#13; in the file), which "." does not match.
const LEVEL = /^(-?[0-9]{1,4})(?:-(-?[0-9]{1,4}))?: ([^\n]*)$/
const HIGHLIGHT = 'Highlight label: '

/** A header and its value; the value's further lines indented. */
const field = (head: string, value: string): string => head + value.split('\n').join(`\n${INDENT}`)

export function writeDescription(d: DescriptionFields): string {
  const lines = [`Key: ${d.key}`, `Scale: ${d.scale.min}-${d.scale.max}`]
  if (d.highlightLabel !== '') lines.push(field(HIGHLIGHT, d.highlightLabel))
  if (d.levels.length > 0) {
    lines.push('Levels:')
    for (const l of d.levels) lines.push(field(`${levelScores(l)}: `, l.text))
  }
  const block = lines.join('\n')
  return d.definition === '' ? block : `${d.definition}\n\n${block}`
}

/**
 * Reads a description back. Null when it has no such block, or the block does not read exactly as
 * written (then it is another program's text, and all of it is the definition).
 */
export function readDescription(text: string): DescriptionFields | null {
  const lines = text.split('\n')
  let start = -1
  for (let i = lines.length - 1; i >= 0; i--) {
    if (KEY.test(lines[i] as string) && (i === 0 || lines[i - 1] === '')) {
      start = i
      break
    }
  }
  if (start < 0) return null
  const key = KEY.exec(lines[start] as string)?.[1]
  const scale = SCALE.exec(lines[start + 1] ?? '')
  if (key === undefined || !scale) return null

  // Each header with its continuation lines joined back.
  const entries: string[] = []
  for (const line of lines.slice(start + 2)) {
    if (line.startsWith(INDENT) && entries.length > 0)
      entries[entries.length - 1] += `\n${line.slice(INDENT.length)}`
    else entries.push(line)
  }
  let highlightLabel = ''
  let e = 0
  if (entries[e]?.startsWith(HIGHLIGHT)) {
    highlightLabel = (entries[e] as string).slice(HIGHLIGHT.length)
    e++
  }
  const levels: LevelDescriptor[] = []
  if (entries[e] === 'Levels:') {
    for (e++; e < entries.length; e++) {
      const m = LEVEL.exec((entries[e] as string).split('\n')[0] as string)
      if (!m) return null
      const from = Number(m[1])
      const rest = (entries[e] as string).slice((entries[e] as string).indexOf(': ') + 2)
      levels.push({ from, to: m[2] === undefined ? from : Number(m[2]), text: rest })
    }
  }
  if (e !== entries.length) return null
  return {
    definition: start === 0 ? '' : lines.slice(0, start - 1).join('\n'),
    key,
    scale: { min: Number(scale[1]), max: Number(scale[2]) },
    highlightLabel,
    levels,
  }
}
