import type { EpisodeDocument } from '../../shared/episodeFormat'
import { publishingProblems, subjectOfDocument } from '../../shared/problems'

/**
 * Why the analysis cannot be published as final yet (shared/episode-format.md, `review`), each as
 * `<json path>: <what is wrong>` in the order of the document; empty when it can. The rules are the
 * Problems panel's (src/shared/problems.ts): the ones that block publishing.
 */
export function finalExportProblems(doc: EpisodeDocument): string[] {
  return publishingProblems(subjectOfDocument(doc)).map((p) => `${p.path}: ${p.detail}`)
}
