import { episodeSchemas, isFormatTime, type EpisodeDocument, type TranscriptWord } from './episodeFormat'
import { ITEM_LIMITS, MAX_WORD_TEXT } from './episodeLimits'
import { jsonPointer } from './jsonPointer'
import { PROTOTYPE_KEY_PROBLEM, protoKeyPaths } from './prototypeKeys'

export type EpisodeValidation = { ok: true; document: EpisodeDocument } | { ok: false; problems: string[] }

/** Checks parsed JSON against episode JSON v1; every problem comes back as `<json path>: <problem>`. */
export function validateEpisodeDocument(json: unknown): EpisodeValidation {
  const hasVersion = typeof json === 'object' && json !== null && Object.hasOwn(json, 'version')
  const version: unknown = hasVersion ? (json as { version: unknown }).version : 1
  if (version !== 1) {
    return {
      ok: false,
      problems: [
        `/version: version ${JSON.stringify(version)} is not known to this app (it reads version 1)`,
      ],
    }
  }
  const protoKeys = protoKeyPaths(json, 'extensions').map(
    (path) => `${jsonPointer(path)}: ${PROTOTYPE_KEY_PROBLEM}`,
  )
  const { rest, words } = wordsAside(json)
  const parsed = episodeSchemas().episodeDocumentSchema.safeParse(rest)
  if (parsed.success && protoKeys.length === 0) {
    const segments = parsed.data.transcript?.segments ?? []
    for (const [i, list] of words) if (segments[i]) segments[i].words = list
    return { ok: true, document: parsed.data }
  }
  // A record drops `__proto__` silently and a strict object names it as unknown: said once, as above.
  const issues = [...(parsed.error?.issues ?? []), ...pastCaps(json, parsed.error?.issues ?? [])].filter(
    (i) => !isOnlyProtoKey(i),
  )
  return { ok: false, problems: [...protoKeys, ...issues.map(describeIssue)] }
}

/** A word exactly as wordSchema takes it (its keys in its order, no other), read without copying. */
function isPlainWord(word: unknown): word is TranscriptWord {
  if (typeof word !== 'object' || word === null || Array.isArray(word)) return false
  const keys = Object.keys(word)
  const { start, end, text } = word as Record<string, unknown>
  return (
    keys.length === 3 &&
    keys[0] === 'start' &&
    keys[1] === 'end' &&
    keys[2] === 'text' &&
    isFormatTime(start) &&
    isFormatTime(end) &&
    typeof text === 'string' &&
    text.length <= MAX_WORD_TEXT
  )
}

/**
 * The document with each segment's word list taken aside where every word is plainly as the format
 * says (checked here without copying), and those lists by segment, to put back in the schema's result:
 * an hour's 10,000 words were a third of a check and most of its garbage, the schema copying each. A
 * list with anything else, or a transcript past the words' cap, stays for the schema, which names the
 * problem. The input is not changed: the path to the lists is copied.
 */
function wordsAside(json: unknown): { rest: unknown; words: Map<number, TranscriptWord[]> } {
  const words = new Map<number, TranscriptWord[]>()
  const transcript = (json as { transcript?: unknown } | null)?.transcript
  const segments = (transcript as { segments?: unknown } | null | undefined)?.segments
  if (!Array.isArray(segments)) return { rest: json, words }
  let total = 0
  const copied = segments.map((segment: unknown, i) => {
    const list = (segment as { words?: unknown } | null)?.words
    if (!Array.isArray(list) || typeof segment !== 'object' || segment === null) return segment
    total += list.length
    if (list.length > ITEM_LIMITS.words || !list.every(isPlainWord)) return segment
    words.set(i, list)
    return { ...segment, words: [] }
  })
  if (words.size === 0 || total > ITEM_LIMITS.words) return { rest: json, words: new Map() }
  return {
    rest: { ...(json as object), transcript: { ...(transcript as object), segments: copied } },
    words,
  }
}

type Issue = { code: string; path: PropertyKey[]; message: string; origin?: unknown; maximum?: unknown }

const isCapExceeded = (issue: Issue): boolean => issue.code === 'too_big' && issue.origin === 'array'

/**
 * A cap exceeded is one more problem, and the rest of the file is still checked: the schema's
 * cross-checks (ids, spans, keys) do not run once any part fails, so a file whose only problems are
 * lists over their caps is checked again with each list cut to its cap, which also keeps what lies past
 * a cap from costing anything. The problems found then are the rest of the file's.
 */
function pastCaps(json: unknown, issues: readonly Issue[]): Issue[] {
  if (issues.length === 0 || !issues.every(isCapExceeded)) return []
  let cut = json
  for (const issue of issues) cut = cutAt(cut, issue.path, Number(issue.maximum))
  const again = episodeSchemas().episodeDocumentSchema.safeParse(cut)
  return again.success ? [] : again.error.issues.filter((i) => !isCapExceeded(i))
}

/** `value` with the list at `path` cut to `length` items, copied along the path (the input is left as it was). */
function cutAt(value: unknown, path: readonly PropertyKey[], length: number): unknown {
  if (path.length === 0) return Array.isArray(value) ? value.slice(0, length) : value
  const [key, ...rest] = path
  if (Array.isArray(value) && typeof key === 'number') {
    const copy = [...value]
    copy[key] = cutAt(copy[key], rest, length)
    return copy
  }
  if (typeof value === 'object' && value !== null && (typeof key === 'string' || typeof key === 'number'))
    return { ...value, [key]: cutAt((value as Record<string, unknown>)[key], rest, length) }
  return value
}

const isOnlyProtoKey = (issue: { code: string; keys?: unknown }): boolean =>
  issue.code === 'unrecognized_keys' &&
  Array.isArray(issue.keys) &&
  issue.keys.every((key) => key === '__proto__')

/** A schema's complaint as the app words every problem in a file: `<json path>: <problem>`. */
export function describeIssue(issue: { code: string; path: PropertyKey[]; message: string }): string {
  const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message)
  return `${jsonPointer(issue.path)}: ${missing ? 'missing' : issue.message}`
}
