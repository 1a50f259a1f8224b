import type { EpisodeView } from '../../shared/contract'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { publishingProblems, subjectOfDocument } from '../../shared/problems'

/**
 * Why the analysis cannot be published as final yet (docs/episode-format.md, `review`), each as
 * `<json path>: <what is wrong>` in the order of the document; empty when it can. The rules are the
 * Problems panel's (src/shared/problems.ts): the ones that block publishing. The view, read with the
 * document, has what the document alone does not: the quote checks (of statements and of quoted words) and the machine's scores.
 */
export function finalExportProblems(
  doc: EpisodeDocument,
  view?: Pick<EpisodeView, 'chapters' | 'statements' | 'quoteFindings' | 'rules'>,
): string[] {
  return publishingProblems(subjectOfDocument(doc, view)).map((p) => `${p.path}: ${p.detail}`)
}
