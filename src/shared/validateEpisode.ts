import { episodeDocumentSchema, type EpisodeDocument } from './episodeFormat'
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
  const parsed = episodeDocumentSchema.safeParse(json)
  if (parsed.success && protoKeys.length === 0) return { ok: true, document: parsed.data }
  // A record drops `__proto__` silently and a strict object names it as unknown: said once, as above.
  const issues = parsed.error?.issues.filter((i) => !isOnlyProtoKey(i)) ?? []
  return { ok: false, problems: [...protoKeys, ...issues.map(describeIssue)] }
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
