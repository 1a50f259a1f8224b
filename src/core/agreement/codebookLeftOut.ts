/** Why a dimension's scores cannot be compared across the codebook versions the analyses were scored under. */
import type { EpisodeDocument } from '../../shared/episodeFormat'

/**
 * Scores given under different codebook versions are compared only where the versions read the dimension
 * the same way (its definition and level descriptors; the scale is checked apart). Analyses without a
 * stamp are compared as before. Answers the reason it is left out, or null.
 */
export function codebookLeftOut(
  documents: readonly EpisodeDocument[],
  sources: readonly { source: string }[],
  having: readonly number[],
  key: string,
): string | null {
  const stamped = having.filter((i) => documents[i]?.rubric.codebook !== undefined)
  const versionOf = (i: number): string => {
    const named = documents[i]?.rubric.codebook
    return named ? `${named.show} v${named.version}` : ''
  }
  if (new Set(stamped.map(versionOf)).size < 2) return null
  const readingOf = (i: number): string => {
    const d = documents[i]?.rubric.dimensions.find((x) => x.key === key)
    return JSON.stringify([d?.description ?? '', (d?.levels ?? []).map((l) => [l.from, l.to, l.text])])
  }
  if (new Set(stamped.map(readingOf)).size < 2) return null
  return `it was scored under codebook versions that define or describe it differently (${stamped
    .map((i) => `${versionOf(i)} in ${sources[i]?.source}`)
    .join(', ')})`
}
