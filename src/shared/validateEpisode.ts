import { episodeDocumentSchema, type EpisodeDocument } from './episodeFormat'
import { jsonPointer } from './jsonPointer'

export type EpisodeValidation = { ok: true; document: EpisodeDocument } | { ok: false; problems: string[] }

/** Checks parsed JSON against episode JSON v1; every problem comes back as `<json path>: <problem>`. */
export function validateEpisodeDocument(json: unknown): EpisodeValidation {
  if (typeof json === 'object' && json !== null && 'version' in json && json.version !== 1) {
    const version = JSON.stringify((json as { version: unknown }).version)
    return {
      ok: false,
      problems: [`/version: version ${version} is not known to this app (it reads version 1)`],
    }
  }
  const parsed = episodeDocumentSchema.safeParse(json)
  if (parsed.success) return { ok: true, document: parsed.data }
  return { ok: false, problems: parsed.error.issues.map(describeIssue) }
}

/** A schema's complaint as the app words every problem in a file: `<json path>: <problem>`. */
export function describeIssue(issue: { code: string; path: PropertyKey[]; message: string }): string {
  const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message)
  return `${jsonPointer(issue.path)}: ${missing ? 'missing' : issue.message}`
}
