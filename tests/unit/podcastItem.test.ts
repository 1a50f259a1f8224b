import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileAddress, writePodcastItem } from '../../src/core/publish/podcastItem'
import { SOUNDBITE_MAX, SOUNDBITE_MIN, soundbites } from '../../src/core/publish/soundbites'
import type { EpisodeDocument, Highlight } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { HOSTILE } from './publishFixture'

const ENTITY = '&(?:amp|lt|gt|quot|apos);'
const TEXT = `(?:[^<>&"]|${ENTITY})*`
const ATTRIBUTE = ` [A-Za-z]+="(?:[^<>&"]|${ENTITY})*"`
/** One element of the namespace, well formed: escaped attributes and text, closed or empty. */
const ELEMENT = new RegExp(`^<podcast:([a-z]+)((?:${ATTRIBUTE})*)(?: />|>(${TEXT})</podcast:\\1>)$`)

interface Tag {
  name: string
  attributes: Record<string, string>
  text: string | null
}

const unescape = (text: string): string =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
  )

/** The feed item's lines, each checked as XML and read back. */
function tags(text: string): Tag[] {
  expect(text.endsWith('\n')).toBe(true)
  expect(text).not.toMatch(/<\?xml|<item/)
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const match = ELEMENT.exec(line)
      if (!match) throw new Error(`not a well-formed podcast element: ${line}`)
      const attributes = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/ ([A-Za-z]+)="([^"]*)"/g)].map((m) => [m[1], unescape(m[2] ?? '')]),
      )
      return { name: match[1] ?? '', attributes, text: match[3] === undefined ? null : unescape(match[3]) }
    })
}

const highlight = (id: string, time: number, title = 'A moment'): Highlight => ({
  id,
  dimension: 'guestTeaching',
  time,
  title,
  description: '',
  origin: 'human',
  status: 'accepted',
})

function withHighlights(
  highlights: Highlight[],
  changes: Partial<EpisodeDocument['episode']> = {},
): EpisodeDocument {
  const doc = machineEpisode()
  return { ...doc, episode: { ...doc.episode, ...changes }, highlights }
}

describe('the feed item tags (--format podcast-item)', () => {
  it('names the site folder’s files under the base URL, with the attributes the namespace requires', () => {
    const doc = { ...machineEpisode(), review: { ...machineEpisode().review, reviewer: 'Ada Analyst' } }
    const { text, warnings } = writePodcastItem(doc, 'https://cdn.example.com/show/ep1///')
    expect(warnings).toEqual([])
    const found = tags(text)
    expect(found.map((t) => t.name)).toEqual([
      'chapters',
      'transcript',
      'transcript',
      'soundbite',
      'person',
      'person',
      'person',
    ])
    expect(found[0]?.attributes).toEqual({
      url: 'https://cdn.example.com/show/ep1/chapters.json',
      type: 'application/json+chapters',
    })
    expect(found[1]?.attributes).toEqual({
      url: 'https://cdn.example.com/show/ep1/captions.vtt',
      type: 'text/vtt',
      rel: 'captions',
    })
    expect(found[2]?.attributes).toEqual({
      url: 'https://cdn.example.com/show/ep1/transcript.json',
      type: 'application/json',
    })
    expect(found.slice(4).map((t) => [t.text, t.attributes.group, t.attributes.role])).toEqual([
      ['Swyx', 'cast', 'host'],
      ['Will Brown', 'cast', 'guest'],
      ['Ada Analyst', 'writing', 'researcher'],
    ])
    expect(fileAddress('https://a.example/x', 'b.json')).toBe('https://a.example/x/b.json')
  })

  it('gives each highlight a soundbite of 15-120 s inside the episode, its edges on word ends', () => {
    const doc = machineEpisode()
    // The machine's transcript: words 0.4 s long every 0.5 s from 1 s and from 5 s; a cue 190-230 s.
    const [bite] = soundbites(doc)
    expect(bite?.title).toBe('Sharpest disagreement: Rewards are not the bottleneck')
    // 415 - 5 = 410 moves back to no word (none within 3 s); 415 + 25 = 440: none either.
    expect(bite).toMatchObject({ startTime: 410, duration: 30 })

    // 8 - 5 = 3 s moves back to the end of "show," (2.9 s): a word is not cut.
    const [early] = soundbites(withHighlights([highlight('h', 8)]))
    expect(early).toMatchObject({ startTime: 2.9, duration: 30.1 })
    // Where the transcript has no word times, the cue's edge: 204 + 25 = 229 moves out to 230.
    const [endsAtCue] = soundbites(withHighlights([highlight('h', 204)]))
    expect(endsAtCue).toMatchObject({ startTime: 199, duration: 31 })
    // An edge past the one it could reach (231, the cue ended at 230) is never moved inward.
    const [nearCue] = soundbites(withHighlights([highlight('h', 206)]))
    expect(nearCue).toMatchObject({ startTime: 201, duration: 30 })
    // At the episode's very end, the last 15 s.
    const [last] = soundbites(withHighlights([highlight('h', 600)]))
    expect(last).toMatchObject({ startTime: 585, duration: 15 })

    // Fitted into the episode wherever the moment is.
    for (const time of [0, 3, 598, 600]) {
      const [s] = soundbites(withHighlights([highlight('h', time)]))
      if (!s) throw new Error('a soundbite was expected')
      expect(s.startTime).toBeGreaterThanOrEqual(0)
      expect(s.duration).toBeGreaterThanOrEqual(SOUNDBITE_MIN)
      expect(s.duration).toBeLessThanOrEqual(SOUNDBITE_MAX)
      expect(s.startTime + s.duration).toBeLessThanOrEqual(600)
    }
  })

  it('gives two highlights at one moment one soundbite naming both, not the same clip twice', () => {
    const twins = withHighlights([
      highlight('h1', 300, 'Verifiers are the product'),
      { ...highlight('h2', 300, 'Rewards are not the bottleneck'), dimension: 'guestDisagreement' },
      highlight('h3', 500, 'Later'),
    ])
    const bites = tags(writePodcastItem(twins, 'https://cdn.example.com').text).filter(
      (t) => t.name === 'soundbite',
    )
    expect(bites.map((b) => [b.attributes.startTime, b.attributes.duration, b.text])).toEqual([
      [
        '295',
        '30',
        'Biggest teaching moment: Verifiers are the product · Sharpest disagreement: Rewards are not the bottleneck',
      ],
      ['495', '30', 'Biggest teaching moment: Later'],
    ])
  })

  it('cuts a title to 128 characters, escapes hostile text, and warns when the episode is too short', () => {
    const long = writePodcastItem(
      withHighlights([highlight('h', 300, 'x'.repeat(400))]),
      'https://cdn.example.com',
    )
    const bite = tags(long.text).find((t) => t.name === 'soundbite')
    expect([...(bite?.text ?? '')]).toHaveLength(128)
    expect(bite?.text?.endsWith('…')).toBe(true)

    const hostile = writePodcastItem(
      withHighlights([highlight('h', 300, HOSTILE + '\u202E]]>')]),
      "https://cdn.example.com/a&b'/",
    )
    const found = tags(hostile.text)
    expect(found.find((t) => t.name === 'soundbite')?.text).toBe(
      `Biggest teaching moment: ${HOSTILE}\u202E]]>`,
    )
    expect(found[0]?.attributes.url).toBe("https://cdn.example.com/a&b'/chapters.json")

    const short = writePodcastItem(
      withHighlights([highlight('h', 5)], { durationSeconds: 12 }),
      'https://cdn.example.com',
    )
    expect(tags(short.text).some((t) => t.name === 'soundbite')).toBe(false)
    expect(short.warnings).toContain('no <podcast:soundbite>: the episode is shorter than 15 seconds')
  })
})

describe('the base URL of the feed item’s files', () => {
  it('is refused with a query or a fragment, which the files’ names would go into', () => {
    for (const base of [
      'https://cdn.example.com/ep1/?v=2',
      'https://cdn.example.com/ep1#top',
      'https://cdn.example.com/ep1/?',
      'https://cdn.example.com#',
    ])
      expect(() => writePodcastItem(machineEpisode(), base), base).toThrow(
        `--base-url must not hold a query or a fragment ("?…", "#…"): the files' names go under its path (not "${base}")`,
      )
  })

  it('has its path percent-encoded where a URL needs it', () => {
    const { text } = writePodcastItem(machineEpisode(), 'https://cdn.example.com/my show/épisode "1"/')
    const names = ['chapters.json', 'captions.vtt', 'transcript.json']
    const urls = tags(text)
      .slice(0, 3)
      .map((t) => t.attributes.url ?? '')
    expect(urls).toEqual(
      names.map((name) => `https://cdn.example.com/my%20show/%C3%A9pisode%20%221%22/${name}`),
    )
    // Read back by a feed reader, each names the file in the folder the editor gave.
    expect(urls.map((url) => decodeURIComponent(new URL(url).pathname))).toEqual(
      names.map((name) => `/my show/épisode "1"/${name}`),
    )
  })
})

describe('episcore export --format podcast-item', () => {
  it('needs an absolute http(s) --base-url (exit 2 without it) with no query or fragment, its path encoded', () => {
    const folder = tempFolder()
    const file = path.join(folder, 'machine.json')
    fs.writeFileSync(
      file,
      JSON.stringify({ ...machineEpisode(), episode: { ...machineEpisode().episode, media: null } }),
    )
    const db = path.join(folder, 'library.sqlite')
    expect(episcore(['--db', db, 'load', file]).code).toBe(0)
    const id = machineEpisode().episode.id
    const without = episcore(['--db', db, 'export', id, '--format', 'podcast-item'])
    expect(without.code).toBe(2)
    expect(without.stderr).toContain('needs --base-url URL')
    const relative = episcore([
      '--db',
      db,
      'export',
      id,
      '--format',
      'podcast-item',
      '--base-url',
      'show/ep1',
    ])
    expect(relative.code).toBe(2)
    expect(relative.stderr).toContain('--base-url must be an absolute http(s) URL')
    const good = episcore([
      '--db',
      db,
      'export',
      id,
      '--format',
      'podcast-item',
      '--base-url',
      'https://cdn.example.com/ep1/',
    ])
    expect(good.stderr).toBe('')
    expect(good.code).toBe(0)
    expect(good.stdout.split('\n')[0]).toBe(
      '<podcast:chapters url="https://cdn.example.com/ep1/chapters.json" type="application/json+chapters" />',
    )
    const withQuery = episcore([
      '--db',
      db,
      'export',
      id,
      '--format',
      'podcast-item',
      '--base-url',
      'https://cdn.example.com/ep1/?v=2#top',
    ])
    expect(withQuery.code).toBe(1)
    expect(withQuery.stdout).toBe('')
    expect(withQuery.stderr).toBe(
      `episcore: --base-url must not hold a query or a fragment ("?…", "#…"): the files' names go under its path (not "https://cdn.example.com/ep1/?v=2#top")\n`,
    )
    const spaced = episcore([
      '--db',
      db,
      'export',
      id,
      '--format',
      'podcast-item',
      '--base-url',
      'https://cdn.example.com/my show/',
    ])
    expect(spaced.stderr).toBe('')
    expect(spaced.stdout.split('\n')[0]).toBe(
      '<podcast:chapters url="https://cdn.example.com/my%20show/chapters.json" type="application/json+chapters" />',
    )
  })
})
