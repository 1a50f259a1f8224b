import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fixture as fixturePath } from '../../../tests/fixtureFiles'
import { codebookContentSchema, type CodebookDimension, type CodebookVersion } from '../../shared/codebook'
import { codebookFromQdc, codebookToQdc, MAX_QDC_BYTES, QDC_NAMESPACE } from './qdc'
import { childElements, ownText, parseXml, type XmlElement } from './qdcXml'

const fixture = (name: string): string => readFileSync(fixturePath('qdc', name), 'utf8')

const dimension = (over: Partial<CodebookDimension> & { key: string; label: string }): CodebookDimension => ({
  definition: '',
  highlightLabel: '',
  levels: [],
  anchors: [],
  ...over,
})

const version: CodebookVersion = {
  show: 'Late & Early <Show>',
  version: 3,
  state: 'published',
  scale: { min: 0, max: 10 },
  dimensions: [
    dimension({
      key: 'guestTeaching',
      label: 'Guest teaching "& <learning>"',
      definition:
        'Does the guest teach?\nTabs\there, CR\r\nand ]]> and <b>tags</b> & ampersands.\n\nKey: notTheKey\nScale: 1-2\n\n' +
        'Ends with ☃ and 𝄞 and עברית.',
      highlightLabel: 'Teaching\nmoment',
      levels: [
        { from: 0, to: 2, text: 'Nothing taught.' },
        { from: 3, to: 6, text: 'Some teaching:\n  - an example\n\n  - a source' },
        { from: 7, to: 7, text: 'Corrects the host with a source "quoted" & <marked>.' },
        { from: 8, to: 10, text: "Teaches the listener something they'll keep." },
      ],
      anchors: [{ id: 'a1', target: { kind: 'range', episodeId: 'e1', start: 1, end: 2 }, note: 'a 7' }],
    }),
    dimension({ key: 'humour', label: 'Humour', definition: '' }),
    dimension({
      key: 'pace',
      label: 'Pace',
      definition: 'How fast.',
      levels: [{ from: 0, to: 10, text: 'Any.' }],
    }),
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  publishedAt: '2026-01-02T00:00:00.000Z',
  used: true,
}

const refusal = (text: string): string => {
  try {
    codebookFromQdc(text, 'Show')
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the .qdc was read, not refused')
}

const qdc = (codes: string, root = `<CodeBook xmlns="${QDC_NAMESPACE}" origin="Test">`): string =>
  `<?xml version="1.0" encoding="utf-8"?>\n${root}\n<Codes>\n${codes}\n</Codes>\n</CodeBook>\n`

let guidCounter = 0
const guid = (): string => `00000000-0000-4000-8000-${String(++guidCounter).padStart(12, '0')}`
const code = (name: string, inner = '', attrs = ''): string =>
  `<Code guid="${guid()}" name="${name}" isCodable="true"${attrs}>${inner}</Code>`

describe('writing a codebook as a REFI-QDA .qdc', () => {
  const text = codebookToQdc(version)
  const root = parseXml(text)

  it('has a CodeBook root in the REFI-QDA namespace, with Episcore as its origin', () => {
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n')).toBe(true)
    expect(root).toMatchObject({ local: 'CodeBook', ns: QDC_NAMESPACE })
    expect(root.attrs.get('origin')).toBe('Episcore 0.1.0')
    expect(childElements(root).map((e) => e.local)).toEqual(['Codes'])
  })

  it('writes a codable Code per dimension with a stable UUID, the label, a colour and a Description', () => {
    const codes = childElements(childElements(root)[0] as XmlElement)
    expect(codes).toHaveLength(3)
    for (const c of codes) {
      expect(c.local).toBe('Code')
      expect(c.ns).toBe(QDC_NAMESPACE)
      expect(c.attrs.get('guid')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      expect(c.attrs.get('isCodable')).toBe('true')
      expect(c.attrs.get('color')).toMatch(/^#[0-9A-F]{6}$/)
      expect(childElements(c).map((e) => e.local)).toEqual(['Description'])
    }
    expect(codes.map((c) => c.attrs.get('name'))).toEqual(['Guest teaching "& <learning>"', 'Humour', 'Pace'])
    expect(new Set(codes.map((c) => c.attrs.get('guid'))).size).toBe(3)
    expect(ownText(childElements(codes[2] as XmlElement)[0] as XmlElement)).toBe(
      'How fast.\n\nKey: pace\nScale: 0-10\nLevels:\n0-10: Any.',
    )
  })

  it('gives the same file when exported twice, and other guids for another show or version', () => {
    expect(codebookToQdc(structuredClone(version))).toBe(text)
    expect(codebookToQdc({ ...version, version: 4 })).not.toBe(text)
    const guids = (v: CodebookVersion): string[] =>
      [...codebookToQdc(v).matchAll(/guid="([^"]+)"/g)].map((m) => m[1] as string)
    expect(guids({ ...version, show: 'Other' })).not.toContain(guids(version)[0])
  })

  it('drops the control characters XML cannot carry, and keeps names on one line', () => {
    const odd = codebookToQdc({
      ...version,
      dimensions: [dimension({ key: 'x', label: 'A\u0001B\tC', definition: 'bell\u0007 kept\ttab' })],
    })
    const c = childElements(childElements(parseXml(odd))[0] as XmlElement)[0] as XmlElement
    expect(c.attrs.get('name')).toBe('ABC')
    expect(ownText(childElements(c)[0] as XmlElement)).toMatch(/^bell kept\ttab\n\n/)
  })
})

describe('reading a .qdc', () => {
  it('reads back what Episcore wrote: keys, labels, definitions, highlight labels, levels and the scale', () => {
    const { content, notes } = codebookFromQdc(codebookToQdc(version), 'Late & Early <Show>')
    expect(content.scale).toEqual(version.scale)
    expect(content.dimensions).toEqual(
      version.dimensions.map((d) => ({ ...d, anchors: [], definition: d.definition.trim() })),
    )
    expect(notes).toEqual([
      'Read 3 dimensions for “Late & Early <Show>” from a .qdc made by “Episcore 0.1.0”.',
    ])
  })

  it('reads back a negative scale and single-score levels', () => {
    const v: CodebookVersion = {
      ...version,
      scale: { min: -3, max: 3 },
      dimensions: [
        dimension({
          key: 'tone',
          label: 'Tone',
          levels: [
            { from: -3, to: -1, text: 'Hostile.' },
            { from: 0, to: 0, text: 'Neutral.' },
            { from: 1, to: 3, text: 'Warm.' },
          ],
        }),
      ],
    }
    const { content } = codebookFromQdc(codebookToQdc(v), 'Show')
    expect(content).toEqual({ scale: v.scale, dimensions: v.dimensions })
  })

  it('reads a QualCoder codebook: categories and nested codes flattened into labelled dimensions', () => {
    const { content, notes } = codebookFromQdc(fixture('qualcoder.qdc'), 'Show')
    expect(content.scale).toEqual({ min: 0, max: 10 })
    expect(content.dimensions.map((d) => [d.key, d.label, d.definition])).toEqual([
      ['humour', 'Humour', ''],
      ['evidence', 'Evidence', 'The guest backs a claim with something checkable.'],
      ['evidenceStatistics', 'Evidence > Statistics', ''],
      [
        'interviewTopicChanges',
        'Interview > Topic changes',
        'The host moves to a new subject & says so.\nA second line of the memo.',
      ],
      [
        'interviewGuestsSources',
        "Interview > Guest's sources",
        'Books, papers or people the guest names: "as X said".',
      ],
      ['interviewFollowUpProbingPressing', 'Interview > Follow-up > Probing & pressing', ''],
    ])
    expect(content.dimensions.every((d) => d.levels.length === 0 && d.highlightLabel === '')).toBe(true)
    expect(notes[0]).toBe('Read 6 dimensions for “Show” from a .qdc made by “QualCoder”.')
    expect(notes).toContain(
      'The hierarchy is flattened: 4 codes nested in other codes; 2 codes marked not codable (categories) are not ' +
        'dimensions themselves; each dimension is labelled by its path, as “Parent > Child”.',
    )
    expect(notes).toContain(
      'The file gives no scale: every dimension takes the default 0-10, with no level descriptors yet.',
    )
    expect(notes.some((n) => n.startsWith('Keys made from the names: “Humour” → humour,'))).toBe(true)
    expect(notes).toContain('Code colours are not kept: a dimension has none.')
  })

  it('reads a Taguette codebook: flat codes, dotted names kept as labels, sets not read', () => {
    const { content, notes } = codebookFromQdc(fixture('taguette.qdc'), 'Show')
    expect(content.dimensions.map((d) => [d.key, d.label, d.definition])).toEqual([
      ['interesting', 'interesting', ''],
      ['people', 'people', ''],
      ['interestingPlaces', 'interesting.places', ''],
    ])
    expect(notes[0]).toBe('Read 3 dimensions for “Show” from a .qdc made by “Taguette 1.4.1”.')
    expect(notes).toContain('The file’s sets of codes are not read: a dimension belongs to no set.')
    expect(notes.some((n) => n.startsWith('The hierarchy'))).toBe(false)
  })

  it('makes unique camelCase keys from any name', () => {
    const { content } = codebookFromQdc(
      qdc(
        [
          code('Ökonomie der Aufmerksamkeit'),
          code('2nd opinion'),
          code('议题'),
          code('话题'),
          code('constructor'),
          code('Humour!'),
          code('humour?'),
        ].join('\n'),
      ),
      'Show',
    )
    expect(content.dimensions.map((d) => d.key)).toEqual([
      'okonomieDerAufmerksamkeit',
      'code2ndOpinion',
      'code',
      'code2',
      'constructor2',
      'humour',
      'humour2',
    ])
  })

  it('takes a description as the definition, trimmed and cut at 10,000 characters with a note', () => {
    const long = 'x'.repeat(10_050)
    const { content, notes } = codebookFromQdc(
      qdc(
        `${code('A', '<Description>  spaced  </Description>')}\n${code('B', `<Description>${long}</Description>`)}`,
      ),
      'Show',
    )
    expect(content.dimensions.map((d) => d.definition.length)).toEqual([6, 10_000])
    expect(notes).toContain('Descriptions over 10,000 characters were cut to that length: “B”.')
  })
})

describe('refusing a bad .qdc, naming the place, returning nothing', () => {
  it('refuses XML that is not well-formed', () => {
    expect(refusal(qdc('<Code guid="x" name="A">'))).toBe(
      'line 5:1: </Codes> does not close <Code> (opened at line 4:1)',
    )
  })

  it('refuses another root or namespace', () => {
    expect(refusal('<?xml version="1.0"?>\n<Project xmlns="urn:QDA-XML:project:1.0"/>')).toBe(
      'line 2:1: the root element is <Project> in namespace urn:QDA-XML:project:1.0; ' +
        `a REFI-QDA codebook's root is <CodeBook> in namespace ${QDC_NAMESPACE}`,
    )
    expect(refusal('<CodeBook><Codes/></CodeBook>')).toMatch(
      /^line 1:1: the root element is <CodeBook> in no namespace/,
    )
    expect(refusal(qdc(code('A'), '<CodeBook xmlns="urn:QDA-XML:codebook:1:0">'))).toMatch(
      /in namespace urn:QDA-XML:codebook:1:0;/,
    )
  })

  it('refuses a DOCTYPE: billion laughs and external entities', () => {
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE CodeBook [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n]>\n' +
      `<CodeBook xmlns="${QDC_NAMESPACE}"><Codes><Code guid="${guid()}" name="&c;" isCodable="true"/></Codes></CodeBook>`
    expect(refusal(laughs)).toMatch(/^line 2:1: a DOCTYPE is refused/)
    const external =
      '<?xml version="1.0"?>\n<!DOCTYPE CodeBook [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n' +
      `<CodeBook xmlns="${QDC_NAMESPACE}"><Codes><Code guid="${guid()}" name="A" isCodable="true">` +
      '<Description>&secret;</Description></Code></Codes></CodeBook>'
    expect(refusal(external)).toMatch(/^line 2:1: a DOCTYPE is refused/)
    // Without the DOCTYPE the reference names nothing.
    expect(refusal(qdc(code('A', '<Description>&secret;</Description>')))).toMatch(
      /^line 4:\d+: the entity &secret; is not defined/,
    )
  })

  it('refuses two codes with one guid, naming both', () => {
    const g = guid()
    expect(
      refusal(
        qdc(
          `<Code guid="${g}" name="A" isCodable="true"/>\n<Code guid="{${g.toUpperCase()}}" name="B" isCodable="true"/>`,
        ),
      ),
    ).toBe(
      `the code “B” (line 5:1) has the guid {${g.toUpperCase()}} of the code “A” (line 4:1); each code’s guid is its own`,
    )
  })

  it('refuses a missing or malformed guid', () => {
    expect(refusal(qdc('<Code name="A" isCodable="true"/>'))).toBe('the code “A” (line 4:1) has no guid')
    expect(refusal(qdc('<Code guid="42" name="A" isCodable="true"/>'))).toBe(
      'the code “A” (line 4:1): its guid “42” is not a UUID',
    )
  })

  it('refuses two codes that would be dimensions with one label, as the rubric does', () => {
    expect(refusal(qdc(`${code('Humour')}\n${code(' humour ')}`))).toBe(
      'the code “humour” (line 5:1) has the label of the code “Humour” (line 4:1); ' +
        'dimension labels must differ in more than case and spaces',
    )
  })

  it('refuses names with control characters or over 200 characters, and nameless codes', () => {
    expect(refusal(qdc(code('Tab&#9;bed')))).toMatch(
      /^line 4:1: the name of a code \(guid [^)]+\) holds the control character U\+0009; names with control characters are refused$/,
    )
    expect(refusal(qdc(code('Evil\u202Egnp.exe')))).toMatch(/control character U\+202E/)
    expect(refusal(qdc(code('n'.repeat(201))))).toMatch(
      /^line 4:1: the name of a code \(guid [^)]+\) is 201 characters; names over 200 are refused$/,
    )
    expect(codebookFromQdc(qdc(code('n'.repeat(200))), 'Show').content.dimensions[0]?.label).toHaveLength(200)
    expect(refusal(qdc(code('  ')))).toMatch(/^line 4:1: a code \(guid [^)]+\) has no name$/)
    const deep = `<Code guid="${guid()}" name="${'p'.repeat(150)}" isCodable="false">${code('q'.repeat(60))}</Code>`
    expect(refusal(qdc(deep))).toMatch(
      /its label with the codes above it is 213 characters; labels over 200 are refused$/,
    )
  })

  it('refuses more than 100 codes, naming the cap', () => {
    const codes = Array.from({ length: 10_000 }, (_, i) => code(`Code ${i}`)).join('\n')
    expect(refusal(qdc(codes))).toBe(
      'the code “Code 100” (line 104:1) is code 101: a codebook holds at most 100 dimensions, so a file with more codes is refused',
    )
    expect(
      codebookFromQdc(qdc(Array.from({ length: 100 }, (_, i) => code(`C ${i}`)).join('\n')), 'Show').content
        .dimensions,
    ).toHaveLength(100)
  })

  it('refuses a file over 5 MB before reading it', () => {
    const big = qdc(code('A', `<Description>${'x'.repeat(MAX_QDC_BYTES)}</Description>`))
    expect(refusal(big)).toBe('the .qdc file is 5.0 MB; files over 5 MB are refused')
  })

  it('refuses what a REFI-QDA codebook does not hold', () => {
    expect(refusal(qdc(code('A'), `<CodeBook xmlns="${QDC_NAMESPACE}"><Project/>`))).toMatch(
      /^line 2:\d+: <Project> is not part of a REFI-QDA codebook$/,
    )
    expect(refusal(qdc('stray words'))).toBe('line 3:8: text is not expected inside <Codes>')
    expect(refusal(qdc(code('A', '<Description>a</Description><Description>b</Description>')))).toMatch(
      /^line 4:\d+: the code “A” \(line 4:1\) has a second <Description>$/,
    )
    expect(refusal(qdc(code('A', '', ' isCodable="maybe"').replace(' isCodable="true"', '')))).toBe(
      'the code “A” (line 4:1): isCodable is “maybe”, not true or false',
    )
    expect(refusal(qdc(''))).toBe('line 3:1: the codebook has no codable codes')
    expect(refusal(`<CodeBook xmlns="${QDC_NAMESPACE}"/>`)).toBe('line 1:1: the codebook has no <Codes>')
  })

  it('refuses Episcore descriptors that leave a gap or overlap, naming the scores', () => {
    const text = codebookToQdc(version).replace('3-6: Some', '4-6: Some')
    expect(refusal(text)).toMatch(
      /^the code “Guest teaching "& <learning>"” \(line 4:5\): its levels do not fit: no level covers 3$/,
    )
    const overlap = codebookToQdc(version).replace('0-10: Any.', '0-10: Any.\n5-6: Again.')
    expect(refusal(overlap)).toMatch(/“Pace” \(line \d+:5\): its levels do not fit: levels overlap at 5-6$/)
  })

  it('refuses Episcore codes that disagree on the scale or share a key', () => {
    const scales = codebookToQdc(version).replace('Key: humour\nScale: 0-10', 'Key: humour\nScale: 0-5')
    expect(refusal(scales)).toMatch(
      /^the code “Humour” \(line \d+:5\) has the scale 0-5 but the code “Guest teaching/,
    )
    const keys = codebookToQdc(version).replace('Key: humour', 'Key: pace')
    expect(refusal(keys)).toMatch(/^the code “Pace” \(line \d+:5\) has the key pace of the code “Humour”/)
  })
})

describe('the round trip for any codebook', () => {
  // What a saved codebook may hold: no control characters but tabs and line breaks in the longer texts.
  const noControls = (s: string): string =>
    // eslint-disable-next-line no-control-regex
    s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g, '')
  const line = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
    .map((s) => noControls(s).replace(/[\t\n\r\u2028\u2029\u202A-\u202E\u2066-\u2069]/g, ' '))
  const text = fc
    .array(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.constantFrom(
          '\n',
          '\n\n',
          '\r\n',
          '  ',
          'Key: x',
          'Scale: 0-1',
          'Levels:',
          '0-2: y',
          '&<>"\'',
          ']]>',
        ),
      ),
      { maxLength: 8 },
    )
    .map((parts) => noControls(parts.join('')))

  it('reads back every dimension as written', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(line, { minLength: 1, maxLength: 6, selector: (l) => l.trim().toLocaleLowerCase() }),
        fc.array(fc.tuple(text, text, text, text), { minLength: 6, maxLength: 6 }),
        (labels, texts) => {
          const dims = labels.map((label, i) => {
            const [definition, highlight, low, high] = texts[i] as [string, string, string, string]
            return dimension({
              key: `d${i}`,
              label,
              definition,
              highlightLabel: highlight.slice(0, 200),
              levels: [
                { from: 0, to: 4, text: `low ${low}` },
                { from: 5, to: 10, text: `high ${high}` },
              ],
            })
          })
          const stored = codebookContentSchema.safeParse({ scale: { min: 0, max: 10 }, dimensions: dims })
          fc.pre(stored.success && stored.data.dimensions.every((d) => d.label !== ''))
          if (!stored.success) return
          const saved: CodebookVersion = { ...version, dimensions: stored.data.dimensions }
          const { content } = codebookFromQdc(codebookToQdc(saved), 'Show')
          expect(content.dimensions).toEqual(
            saved.dimensions.map((d) => ({
              ...d,
              definition: d.definition.trim(),
              highlightLabel: d.highlightLabel.trim(),
            })),
          )
        },
      ),
      { numRuns: 300 },
    )
  })
})
