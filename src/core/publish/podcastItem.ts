import type { EpisodeDocument } from '../../shared/episodeFormat'
import { UserError } from '../errors'
import { chapterListProblems } from './publishRefusal'
import { checkedWebAddress } from './site/publishingChoices'
import { soundbites, cutForFeed, SOUNDBITE_MIN } from './soundbites'

/** The namespace the channel declares as `xmlns:podcast`. */
export const PODCAST_NAMESPACE = 'https://podcastindex.org/namespace/1.0'

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/**
 * Text safe in XML content and attributes. Characters XML 1.0 cannot hold at all (most C0 controls,
 * lone surrogates, U+FFFE/FFFF) are dropped: a feed with one is rejected by every reader.
 */
export const escapeXml = (text: string): string =>
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)

/**
 * `<base>/<name>` with exactly one slash between, the path percent-encoded where a URL needs it (a space,
 * a quote, letters beyond ASCII).
 */
export function fileAddress(baseUrl: string, name: string): string {
  const url = new URL(baseUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${name}`
  return url.href
}

/**
 * The address the web page folder is served from: a web address whose path the files' names go under.
 * A query or a fragment is refused: a name put after one would be part of it, not of the path (a feed
 * would name `…?v=2/chapters.json`, or the page itself with `#…/chapters.json`).
 */
export function checkedBaseAddress(value: string): string {
  const base = checkedWebAddress(value, '--base-url')
  if (/[?#]/.test(base))
    throw new UserError(
      'invalid-input',
      `--base-url must not hold a query or a fragment ("?…", "#…"): the files' names go under its path (not "${value.slice(0, 200)}")`,
    )
  return base
}

const PERSON_ROLES = { host: 'host', guest: 'guest', other: 'guest' } as const

/**
 * The elements to paste into the episode's `<item>` in a feed whose channel declares the podcast
 * namespace: chapters, the two transcripts, a soundbite per highlight and a person per participant
 * (and the analyst), one per line. The addresses are the web page folder's files under `baseUrl`.
 */
export function writePodcastItem(
  doc: EpisodeDocument,
  baseUrl: string,
): { text: string; warnings: string[] } {
  const base = checkedBaseAddress(baseUrl)
  const url = (name: string): string => escapeXml(fileAddress(base, name))
  const warnings: string[] = []
  const lines: string[] = []
  const chapterProblems = chapterListProblems(doc, 'a chapters file')
  if (chapterProblems.length === 0)
    lines.push(`<podcast:chapters url="${url('chapters.json')}" type="application/json+chapters" />`)
  else warnings.push(`no <podcast:chapters>: ${chapterProblems.join('; ')}`)
  if ((doc.transcript?.segments.length ?? 0) > 0) {
    lines.push(`<podcast:transcript url="${url('captions.vtt')}" type="text/vtt" rel="captions" />`)
    lines.push(`<podcast:transcript url="${url('transcript.json')}" type="application/json" />`)
  } else warnings.push('no <podcast:transcript>: the episode has no transcript')
  if (doc.highlights.length > 0 && doc.episode.durationSeconds < SOUNDBITE_MIN)
    warnings.push(`no <podcast:soundbite>: the episode is shorter than ${SOUNDBITE_MIN} seconds`)
  for (const s of soundbites(doc))
    lines.push(
      `<podcast:soundbite startTime="${s.startTime}" duration="${s.duration}">${escapeXml(s.title)}</podcast:soundbite>`,
    )
  for (const p of doc.participants)
    lines.push(
      `<podcast:person role="${PERSON_ROLES[p.role]}" group="cast">${escapeXml(cutForFeed(p.name))}</podcast:person>`,
    )
  if (doc.review.reviewer)
    lines.push(
      `<podcast:person group="writing" role="researcher">${escapeXml(cutForFeed(doc.review.reviewer))}</podcast:person>`,
    )
  if (lines.length === 0) throw new UserError('invalid-input', 'the episode has nothing for a feed item')
  return { text: lines.join('\n') + '\n', warnings }
}
