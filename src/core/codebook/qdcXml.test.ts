import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { childElements, MAX_XML_DEPTH, ownText, parseXml, type XmlElement } from './qdcXml'
import { escapeAttr, escapeText } from './qdcXmlWrite'

const refusal = (xml: string): string => {
  try {
    parseXml(xml)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the XML was read, not refused')
}

describe('the strict XML reader', () => {
  it('reads elements, attributes, namespaces, text, CDATA, comments and processing instructions', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<!-- head -->\n<?app say hi?>\n' +
        '<a:Root xmlns:a="urn:one" xmlns="urn:two" x=\'1\' y="tab\there&#9;kept">\n' +
        '  <Child>one &amp; <![CDATA[<two> & ]]>three&#x1F600;</Child><!-- c --><?pi x?>\n' +
        '  <Empty xmlns=""/>\n</a:Root>\n<!-- tail -->\n',
    )
    expect(root).toMatchObject({ local: 'Root', ns: 'urn:one', line: 4, column: 1 })
    expect(root.attrs.get('x')).toBe('1')
    expect(root.attrs.get('y')).toBe('tab here\tkept')
    const [child, empty] = childElements(root) as [XmlElement, XmlElement]
    expect(child).toMatchObject({ local: 'Child', ns: 'urn:two', line: 5, column: 3 })
    expect(ownText(child)).toBe('one & <two> & three😀')
    expect(empty).toMatchObject({ local: 'Empty', ns: null })
  })

  it('reads a CR or CRLF as a line feed', () => {
    expect(ownText(parseXml('<a>x\r\ny\rz</a>'))).toBe('x\ny\nz')
  })

  it('refuses any DOCTYPE, so entities can neither expand (billion laughs) nor fetch a file', () => {
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' +
      ' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n' +
      ' <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">\n]>\n<lolz>&lol3;</lolz>'
    expect(refusal(laughs)).toMatch(/^line 2:1: a DOCTYPE is refused/)
    const external =
      '<?xml version="1.0"?>\n<!DOCTYPE CodeBook [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n<CodeBook>&xxe;</CodeBook>'
    expect(refusal(external)).toMatch(/^line 2:1: a DOCTYPE is refused/)
    expect(refusal('<a><!DOCTYPE a></a>')).toMatch(/^line 1:4: a DOCTYPE is refused/)
  })

  it('refuses an entity no DTD defined, naming where', () => {
    expect(refusal('<a>\n  &xxe;</a>')).toBe(
      'line 2:3: the entity &xxe; is not defined (a .qdc has no DTD to define entities)',
    )
    expect(refusal('<a b="&lol;"/>')).toMatch(/^line 1:7: the entity &lol; is not defined/)
  })

  it.each([
    ['<a>', /^line 1:4: the file ends inside <a>/],
    ['<a></b>', /^line 1:4: <\/b> does not close <a> \(opened at line 1:1\)/],
    ['<a x="1" x="2"/>', /^line 1:10: the attribute x is given twice/],
    ['<a x=1/>', /the value of x must be in quotes/],
    ['<a x="<"/>', /^line 1:7: “<” inside the value of x/],
    ['<a>a & b</a>', /^line 1:6: a bare “&”/],
    ['<a>&#1;</a>', /&#1; names a character XML does not allow/],
    ['<a>\u0001</a>', /^line 1:4: the character U\+0001 is not allowed in XML/],
    ['<a>]]></a>', /“]]>” in text/],
    ['<a/><b/>', /a second root element/],
    ['text<a/>', /^line 1:1: text before the root element/],
    ['<a/>tail', /after the root element/],
    ['', /the file has no root element/],
    ['<p:a/>', /the prefix p of p:a is not declared/],
    ['<a>\n<?xml version="1.0"?></a>', /^line 2:1: an XML declaration is only allowed at the very start/],
    ['<?xml version="2"?><a/>', /the XML declaration is malformed/],
    ['<a><!-- x -- y --></a>', /a comment holds “--”/],
    ['<a><!-- open</a>', /a comment is not closed/],
    ['<a><![CDATA[ open</a>', /a CDATA section is not closed/],
    ['<a><!ELEMENT a ANY></a>', /is not allowed here/],
  ])('refuses %j', (xml, message) => {
    expect(refusal(xml)).toMatch(message)
  })

  it('refuses nesting deeper than its cap without using the stack', () => {
    const deep = '<a>'.repeat(MAX_XML_DEPTH + 1) + '</a>'.repeat(MAX_XML_DEPTH + 1)
    expect(refusal(deep)).toMatch(`elements nest deeper than ${MAX_XML_DEPTH} levels`)
    const fine = '<a>'.repeat(MAX_XML_DEPTH) + '</a>'.repeat(MAX_XML_DEPTH)
    expect(parseXml(fine).local).toBe('a')
  })

  it('reads back any text and attribute value the writer escapes (XML characters kept, the rest dropped)', () => {
    const xmlChar = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]$/u
    const kept = (s: string): string => [...s].filter((ch) => xmlChar.test(ch)).join('')
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (text, value) => {
        const root = parseXml(`<r v="${escapeAttr(value)}">${escapeText(text)}</r>`)
        expect(ownText(root)).toBe(kept(text))
        expect(root.attrs.get('v')).toBe(kept(value))
      }),
      { numRuns: 500 },
    )
  })
})
