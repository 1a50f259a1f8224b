// A Map: a reference like `&constructor;` must find nothing, not Object.prototype's member.
const ENTITIES = new Map<string, string>(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    nbsp: '\u00a0',
    lrm: '\u200e',
    rlm: '\u200f',
    quot: '"',
    apos: "'",
    hellip: '\u2026',
    mdash: '\u2014',
    ndash: '\u2013',
    lsquo: '\u2018',
    rsquo: '\u2019',
    ldquo: '\u201c',
    rdquo: '\u201d',
    laquo: '\u00ab',
    raquo: '\u00bb',
  }),
)

// A tag opens with a letter or `/` (`<i>`, `</font>`, `<v Bob>`, `<c.loud>`) or is a WebVTT timestamp
// (`<00:01.500>`); anything else keeps its `<` as text, so subtitles like "less than <5" survive.
const TAG = /<(?:\/?[A-Za-z][^<>]*|\d[\d:.]*)>/g
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi

function decodeEntity(whole: string, name: string): string {
  if (name[0] !== '#') return ENTITIES.get(name.toLowerCase()) ?? whole
  const hex = name[1] === 'x' || name[1] === 'X'
  const code = hex ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
  // Surrogate halves and NUL are not characters; leaving the reference as written keeps the text readable.
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
  return valid ? String.fromCodePoint(code) : whole
}

export function decodeEntities(text: string): string {
  return text.replace(ENTITY, decodeEntity)
}

// HTML's legacy references that are decoded without their `;` (of those this reader knows), and
// numeric ones, which HTML decodes without it too: `&lt` and `&nbsp` are text in the wild.
const LEGACY_ENTITY = /&(?:(#x[0-9a-f]+|#\d+);?|(amp|lt|gt|quot|nbsp|laquo|raquo);?|([a-z]+);)/gi

/** Character references as an HTML (and so a WebVTT) reader decodes them, with or without `;`. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(LEGACY_ENTITY, (whole, numeric?: string, legacy?: string, named?: string) =>
    decodeEntity(whole, numeric ?? legacy ?? named ?? ''),
  )
}

/**
 * WebVTT cue text as the W3C cue text tokenizer reads it (https://w3c.github.io/webvtt/#cue-text-parsing-rules):
 * every `<` opens a tag that runs to the next `>` or, unclosed, to the end of the text, and is not
 * shown; character references are decoded as HTML does. Whitespace runs are collapsed.
 */
export function webVttCueText(raw: string): string {
  let text = ''
  let at = 0
  while (at < raw.length) {
    const open = raw.indexOf('<', at)
    if (open < 0) {
      text += raw.slice(at)
      break
    }
    text += raw.slice(at, open)
    const close = raw.indexOf('>', open + 1)
    if (close < 0) break
    at = close + 1
  }
  return decodeHtmlEntities(text).replace(/\s+/g, ' ').trim()
}

/** Cue text as a reader sees it: tags removed, entities decoded, whitespace runs collapsed. */
export function plainCueText(raw: string): string {
  return decodeEntities(raw.replace(TAG, '')).replace(/\s+/g, ' ').trim()
}

// `<v Name>` or `<v.class Name>`. Character classes that cannot overlap or run past `<` keep a long
// unclosed tag from being rescanned over and over (quadratic time on hostile input).
const VOICE_TAG = /<v(?:\.[^\s<>]*)?[ \t\n\f]+([^\s<>][^<>]*)>/
/** Splits cue text just before each voice span (no capture group, so `split` adds no pieces). */
export const VOICE_START = /(?=<v(?:\.[^\s<>]*)?[ \t\n\f]+[^\s<>][^<>]*>)/

/** The annotation of the first `<v Name>` voice span, if the cue has one. */
export function voiceOf(raw: string): string | null {
  const match = VOICE_TAG.exec(raw)
  return match ? plainCueText(match[1] ?? '') || null : null
}

// Up to four words, each starting with a capital or a digit ("Dr. Smith", "SPEAKER 2", "Q"): a sentence
// that happens to contain a colon ("Here's the thing: ...") is not taken for a name.
const TITLE_CASE_NAME =
  /^[\p{Lu}\p{N}][\p{L}\p{M}\p{N}.'’_-]*(?: [\p{Lu}\p{N}][\p{L}\p{M}\p{N}.'’_-]*){0,3}$/u
const ANY_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}.'’_-]*(?: [\p{L}\p{N}][\p{L}\p{M}\p{N}.'’_-]*){0,3}$/u
const NAME_PREFIX = /^([^:]{1,40}):(?:\s+|$)([\s\S]*)$/

/**
 * Splits `Name: text` into its speaker and text. A name in title case is always taken; any other
 * short name only when the caller has seen it as a prefix on several lines (`knownNames`).
 */
export function splitSpeakerPrefix(
  text: string,
  knownNames?: ReadonlySet<string>,
): { speaker: string; rest: string } | null {
  const match = NAME_PREFIX.exec(text)
  const name = match?.[1]?.trim() ?? ''
  if (!match || !ANY_NAME.test(name)) return null
  if (!TITLE_CASE_NAME.test(name) && !knownNames?.has(name)) return null
  return { speaker: name, rest: match[2] ?? '' }
}

/** The name part of a `name: text` line, however it is written; used to find names repeated in a file. */
export function speakerPrefixCandidate(text: string): string | null {
  const name = NAME_PREFIX.exec(text)?.[1]?.trim() ?? ''
  return ANY_NAME.test(name) ? name : null
}
