import { episodeFileView } from '../../core/service/episodeFileView'
import { checkedEpisodeFile } from '../../core/service/localService'
import type { EpisodeView } from '../../shared/contract'
import { listedProblems, MAX_LISTED_PROBLEMS } from '../../shared/episodeLimits'
import { findProblems, type Severity } from '../../shared/problems'
import { isFile } from '../commandArguments'
import { call, withService } from '../serviceCalls'
import { terminalField } from '../terminalText'
import { UsageError, type RunCommand } from '../usage'

/** The view with the evidence rule the command line asks for, over the library's or the file's own. */
const requiringEvidence = (view: EpisodeView, requireEvidence: boolean): EpisodeView =>
  requireEvidence ? { ...view, rules: { ...view.rules, requireEvidence: true } } : view

/**
 * `problems ID|FILE.json [--json]`: every problem, as the Problems panel finds them, of an episode of
 * the library or of a file (an existing path; the library is not opened then). A file is read as its
 * load would leave it (episodeFileView), so one episode has one set of problems, file or library. A
 * file that is not episode JSON gives its load problems as errors. Exit 1 while an error is left.
 */
export const problemsCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({
    json: { type: 'boolean' },
    'require-evidence': { type: 'boolean' },
  })
  const [source] = positionals
  const requireEvidence = values['require-evidence'] === true
  if (!source || positionals.length > 1) throw new UsageError('problems needs one episode ID or FILE.json')
  let problems: { severity: Severity; path: string; message: string }[]
  let more: string | null = null
  if (isFile(source)) {
    const { document, problems: invalid } = checkedEpisodeFile(source)
    if (document) problems = findProblems(requiringEvidence(episodeFileView(document), requireEvidence))
    else {
      // A file of 600,000 problems is not printed whole: the first 100, then how many more (validate's rule).
      const listed = listedProblems(invalid)
      more = listed.length > MAX_LISTED_PROBLEMS ? (listed.pop() ?? null) : null
      problems = listed.map((line) => {
        const at = line.indexOf(': ')
        return { severity: 'error', path: line.slice(0, at), message: line.slice(at + 2) }
      })
    }
  } else
    problems = findProblems(
      requiringEvidence(
        await withService(dbPath(), (service) => call(service, 'episodes.open', { id: source }), true),
        requireEvidence,
      ),
    )
  const listed = problems.map(({ severity, path: at, message }) => ({ severity, path: at, message }))
  if (values.json === true)
    io.out(
      JSON.stringify(more === null ? listed : [...listed, { severity: 'error', path: '', message: more }]),
    )
  else {
    for (const p of problems) io.out([p.severity, p.path, p.message].map(terminalField).join('\t'))
    if (more !== null) io.out(more)
  }
  return problems.some((p) => p.severity === 'error') ? 1 : 0
}
