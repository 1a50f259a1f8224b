/**
 * The codebook as a REFI-QDA Codebook (.qdc), the file MAXQDA, ATLAS.ti, NVivo, QualCoder and Taguette
 * exchange codebooks in (issue 45). Written: one code per dimension, named by its label, with the
 * definition and the level descriptors in its Description (see qdcDescription.ts). Read: Episcore's own
 * files back exactly; another program's hierarchy of codes as dimensions on the default scale.
 */
import {
  codebookContentSchema,
  levelsProblems,
  type CodebookDimension,
  type CodebookVersion,
} from '../../shared/codebook'
import { dimensionKeySchema } from '../../shared/episodeFormat'
import { sameLabel } from '../../shared/labelIdentity'
import { UserError } from '../errors'
import { GENERATOR } from '../export/exportEpisode'
import { readDescription, writeDescription } from './qdcDescription'
import { codeGuid, GUID, guidIdentity, keyFromName } from './qdcNames'
import { childElements, ownText, parseXml, type XmlElement } from './qdcXml'
import { escapeAttr, escapeText, HOSTILE_IN_NAME, nameText } from './qdcXmlWrite'

export const QDC_NAMESPACE = 'urn:QDA-XML:codebook:1.0'
/** Larger than any codebook of 100 dimensions; read whole into memory, so bounded first. */
export const MAX_QDC_BYTES = 5 * 1024 * 1024
/** The contract's cap on a version's dimensions. */
export const MAX_QDC_DIMENSIONS = 100
export const MAX_NAME_LENGTH = 200
const MAX_DEFINITION = 10_000
/** Another program's file gives no scale: its codes take this one. */
export const DEFAULT_SCALE = { min: 0, max: 10 } as const
/** Path separator of flattened labels: "Interview > Topic". */
const PATH_SEPARATOR = ' > '

// A fixed palette (Tableau 10) so other programs show the codes apart; the colour carries no meaning.
const PALETTE = [
  '#4E79A7',
  '#F28E2B',
  '#E15759',
  '#76B7B2',
  '#59A14F',
  '#EDC948',
  '#B07AA1',
  '#FF9DA7',
  '#9C755F',
  '#BAB0AC',
]

export function codebookToQdc(version: CodebookVersion): string {
  const codes = version.dimensions.map((d, i) => {
    const description = writeDescription({
      definition: d.definition,
      key: d.key,
      scale: version.scale,
      highlightLabel: d.highlightLabel,
      levels: d.levels,
    })
    return (
      `    <Code guid="${codeGuid(version.show, version.version, d.key)}" name="${escapeAttr(nameText(d.label))}"` +
      ` isCodable="true" color="${PALETTE[i % PALETTE.length] as string}">\n` +
      `      <Description>${escapeText(description)}</Description>\n` +
      `    </Code>\n`
    )
  })
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<CodeBook xmlns="${QDC_NAMESPACE}" origin="${escapeAttr(GENERATOR)}">\n` +
    '  <Codes>\n' +
    codes.join('') +
    '  </Codes>\n' +
    '</CodeBook>\n'
  )
}

export interface QdcImport {
  content: { scale: { min: number; max: number }; dimensions: CodebookDimension[] }
  notes: string[]
}

const refuse = (message: string): never => {
  throw new UserError('invalid-input', message)
}

/** A code as read, before it becomes a dimension. */
interface ReadCode {
  path: string[]
  guid: string
  description: string
  line: number
  column: number
}

const at = (el: XmlElement): string => `line ${el.line}:${el.column}`
const quoted = (path: readonly string[]): string => `“${path.join(PATH_SEPARATOR)}”`

/**
 * Reads a .qdc as the content of a show's next codebook version, with notes saying what the reading
 * decided. Refuses, naming the place, anything not well-formed, not a REFI-QDA codebook, or unsafe.
 */
export function codebookFromQdc(text: string, show: string): QdcImport {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > MAX_QDC_BYTES)
    refuse(`the .qdc file is ${(bytes / 1024 / 1024).toFixed(1)} MB; files over 5 MB are refused`)
  const root = parseXml(text)
  if (root.local !== 'CodeBook' || root.ns !== QDC_NAMESPACE)
    refuse(
      `${at(root)}: the root element is <${root.name}>${root.ns === null ? ' in no namespace' : ` in namespace ${root.ns}`}; ` +
        `a REFI-QDA codebook's root is <CodeBook> in namespace ${QDC_NAMESPACE}`,
    )
  const origin = root.attrs.get('origin')?.trim() ?? ''
  const notes: string[] = []

  let codesEl: XmlElement | null = null
  for (const child of root.children) {
    if (child.kind === 'text') {
      if (child.text.trim() !== '')
        refuse(`line ${child.line}:${child.column}: text is not expected inside <CodeBook>`)
      continue
    }
    if (child.ns !== QDC_NAMESPACE) continue
    if (child.local === 'Codes') {
      if (codesEl) refuse(`${at(child)}: a second <Codes> (a codebook has one)`)
      codesEl = child
    } else if (child.local === 'Sets')
      notes.push('The file’s sets of codes are not read: a dimension belongs to no set.')
    else refuse(`${at(child)}: <${child.name}> is not part of a REFI-QDA codebook`)
  }
  if (!codesEl) return refuse(`${at(root)}: the codebook has no <Codes>`)

  const codes: ReadCode[] = []
  const guids = new Map<string, { path: string[]; el: XmlElement }>()
  let categories = 0
  let nested = 0
  let colours = 0
  const walk = (parent: XmlElement, path: readonly string[]): void => {
    for (const child of parent.children) {
      if (child.kind === 'text') {
        if (child.text.trim() !== '')
          refuse(`line ${child.line}:${child.column}: text is not expected inside <${parent.name}>`)
        continue
      }
      if (child.ns !== QDC_NAMESPACE) continue
      if (child.local === 'Code') readCode(child, path)
      else if (parent !== codesEl && (child.local === 'Description' || child.local === 'NoteRef')) continue
      else refuse(`${at(child)}: <${child.name}> is not expected inside <${parent.name}>`)
    }
  }
  const readCode = (el: XmlElement, parentPath: readonly string[]): void => {
    const rawName = el.attrs.get('name')
    const guid = el.attrs.get('guid')
    const where = (p: readonly string[]): string => `the code ${quoted(p)} (${at(el)})`
    if (rawName === undefined || rawName.trim() === '')
      refuse(`${at(el)}: a code${guid === undefined ? '' : ` (guid ${guid})`} has no name`)
    const name = (rawName as string).trim()
    const path = [...parentPath, name]
    const hostile = HOSTILE_IN_NAME.exec(name)
    if (hostile)
      refuse(
        `${at(el)}: the name of a code${guid === undefined ? '' : ` (guid ${guid})`} holds the control character ` +
          `U+${(hostile[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}; names with control characters are refused`,
      )
    if (name.length > MAX_NAME_LENGTH)
      refuse(
        `${at(el)}: the name of a code${guid === undefined ? '' : ` (guid ${guid})`} is ${name.length} characters; ` +
          `names over ${MAX_NAME_LENGTH} are refused`,
      )
    if (guid === undefined) return refuse(`${where(path)} has no guid`)
    if (!GUID.test(guid)) refuse(`${where(path)}: its guid “${guid.slice(0, 60)}” is not a UUID`)
    const same = guids.get(guidIdentity(guid))
    if (same)
      refuse(
        `${where(path)} has the guid ${guid} of the code ${quoted(same.path)} (${at(same.el)}); each code’s guid is its own`,
      )
    guids.set(guidIdentity(guid), { path, el })
    const codable = el.attrs.get('isCodable')
    if (codable !== undefined && !['true', 'false', '1', '0'].includes(codable))
      refuse(`${where(path)}: isCodable is “${codable.slice(0, 20)}”, not true or false`)
    if (el.attrs.has('color')) colours++

    const descriptions = childElements(el).filter((c) => c.ns === QDC_NAMESPACE && c.local === 'Description')
    if (descriptions.length > 1)
      refuse(`${at(descriptions[1] as XmlElement)}: ${where(path)} has a second <Description>`)
    const description = descriptions[0] ? ownText(descriptions[0]).trim() : ''

    if (codable === 'false' || codable === '0') categories++
    else {
      if (parentPath.length > 0) nested++
      if (codes.length === MAX_QDC_DIMENSIONS)
        refuse(
          `${where(path)} is code ${MAX_QDC_DIMENSIONS + 1}: a codebook holds at most ${MAX_QDC_DIMENSIONS} dimensions, ` +
            `so a file with more codes is refused`,
        )
      const label = path.join(PATH_SEPARATOR)
      if (label.length > MAX_NAME_LENGTH)
        refuse(
          `${where(path)}: its label with the codes above it is ${label.length} characters; labels over ${MAX_NAME_LENGTH} are refused`,
        )
      codes.push({ path, guid, description, line: el.line, column: el.column })
    }
    walk(el, path)
  }
  walk(codesEl, [])

  if (codes.length === 0)
    refuse(
      `${at(codesEl)}: the codebook has no codable codes${categories > 0 ? ` (its ${categories} codes are all marked not codable)` : ''}`,
    )
  codes.forEach((c, i) => {
    const label = c.path.join(PATH_SEPARATOR)
    const first = codes.findIndex((o) => sameLabel(o.path.join(PATH_SEPARATOR), label))
    if (first < i) {
      const other = codes[first] as ReadCode
      refuse(
        `the code ${quoted(c.path)} (line ${c.line}:${c.column}) has the label of the code ${quoted(other.path)} ` +
          `(line ${other.line}:${other.column}); dimension labels must differ in more than case and spaces`,
      )
    }
  })

  const dims = buildDimensions(codes, notes)
  if (nested > 0 || categories > 0) {
    const parts = [
      nested > 0 ? `${nested} code${nested === 1 ? '' : 's'} nested in other codes` : '',
      categories > 0
        ? `${categories} code${categories === 1 ? '' : 's'} marked not codable (categories) are not dimensions themselves`
        : '',
    ].filter((p) => p !== '')
    notes.unshift(
      `The hierarchy is flattened: ${parts.join('; ')}; each dimension is labelled by its path, as “Parent > Child”.`,
    )
  }
  if (colours > 0 && !origin.startsWith('Episcore'))
    notes.push('Code colours are not kept: a dimension has none.')
  notes.unshift(
    `Read ${dims.dimensions.length} dimension${dims.dimensions.length === 1 ? '' : 's'} for “${show}” from a .qdc ` +
      `made by ${origin === '' ? 'an unnamed program' : `“${origin.slice(0, 100)}”`}.`,
  )

  const checked = codebookContentSchema.safeParse(dims)
  if (!checked.success) {
    // Checked above piece by piece; this is the last guard, so whatever slips through is still named.
    const issue = checked.error.issues[0]
    const index = typeof issue?.path[1] === 'number' ? issue.path[1] : -1
    const code = codes[index]
    return refuse(
      `${code ? `the code ${quoted(code.path)} (line ${code.line}:${code.column})` : 'the codebook'}: ` +
        `${issue?.path.slice(2).join('.') ?? ''} ${issue?.message ?? 'is not valid'}`.trim(),
    )
  }
  return { content: checked.data, notes }
}

/** Dimensions from the codes: Episcore's own fields where its description block is there, else made. */
function buildDimensions(codes: readonly ReadCode[], notes: string[]): QdcImport['content'] {
  const fields = codes.map((c) => readDescription(c.description))
  let scale: { min: number; max: number } | null = null
  let scaleFrom: ReadCode | null = null
  const ownKeys = new Map<string, ReadCode>()
  codes.forEach((c, i) => {
    const f = fields[i]
    if (!f) return
    if (!dimensionKeySchema.safeParse(f.key).success)
      refuse(
        `the code ${quoted(c.path)} (line ${c.line}:${c.column}): “Key: ${f.key}” is not a key Episcore takes`,
      )
    const other = ownKeys.get(f.key)
    if (other)
      refuse(
        `the code ${quoted(c.path)} (line ${c.line}:${c.column}) has the key ${f.key} of the code ${quoted(other.path)} ` +
          `(line ${other.line}:${other.column})`,
      )
    ownKeys.set(f.key, c)
    if (f.scale.min >= f.scale.max)
      refuse(
        `the code ${quoted(c.path)} (line ${c.line}:${c.column}): the scale ${f.scale.min}-${f.scale.max} does not rise`,
      )
    if (scale && scaleFrom && (scale.min !== f.scale.min || scale.max !== f.scale.max))
      refuse(
        `the code ${quoted(c.path)} (line ${c.line}:${c.column}) has the scale ${f.scale.min}-${f.scale.max} but the code ` +
          `${quoted(scaleFrom.path)} has ${scale.min}-${scale.max}; a codebook version has one scale`,
      )
    scale ??= f.scale
    scaleFrom ??= c
  })
  const theScale = scale ?? { ...DEFAULT_SCALE }
  if (!scale)
    notes.push(
      `The file gives no scale: every dimension takes the default ${theScale.min}-${theScale.max}, with no level descriptors yet.`,
    )

  const taken = new Set(ownKeys.keys())
  const made: string[] = []
  const cut: string[] = []
  const dimensions = codes.map((c, i): CodebookDimension => {
    const f = fields[i]
    const label = c.path.join(PATH_SEPARATOR)
    let definition = f ? f.definition.trim() : c.description
    if (definition.length > MAX_DEFINITION) {
      definition = definition.slice(0, MAX_DEFINITION)
      cut.push(quoted(c.path))
    }
    if (f) {
      const problems = levelsProblems(f.levels, theScale)
      if (problems.length > 0)
        refuse(
          `the code ${quoted(c.path)} (line ${c.line}:${c.column}): its levels do not fit: ${problems.join('; ')}`,
        )
      return {
        key: f.key,
        label,
        definition,
        highlightLabel: f.highlightLabel.trim(),
        levels: f.levels,
        anchors: [],
      }
    }
    const key = keyFromName(label, taken)
    taken.add(key)
    made.push(`${quoted(c.path)} → ${key}`)
    return { key, label, definition, highlightLabel: '', levels: [], anchors: [] }
  })
  if (made.length > 0)
    notes.push(
      `Keys made from the names: ${made.slice(0, 10).join(', ')}${made.length > 10 ? `, and ${made.length - 10} more` : ''}.`,
    )
  if (cut.length > 0)
    notes.push(
      `Descriptions over ${MAX_DEFINITION.toLocaleString('en')} characters were cut to that length: ${cut.join(', ')}.`,
    )
  return { scale: theScale, dimensions }
}
