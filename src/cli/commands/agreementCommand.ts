import { agreement, agreementSummary, checkedEpisodeFile } from '../../core/service/localService'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { listedProblems } from '../../shared/episodeLimits'
import { agreementLines } from '../agreementLines'
import { isFile } from '../commandArguments'
import { call, Refused, withService } from '../serviceCalls'
import { UsageError, type RunCommand } from '../usage'

/** `agreement SOURCE SOURCE… [--json]`: files are read alone; ids come from the library, read-only. */
export const agreementCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({ json: { type: 'boolean' } })
  if (positionals.length < 2)
    throw new UsageError('agreement needs two SOURCEs or more (episode JSON files or library ids)')
  const fromFiles = positionals.map((source) => {
    if (!isFile(source)) return null
    const { document, problems } = checkedEpisodeFile(source)
    if (!document)
      throw new Refused(`${source} is not episode JSON v1:\n${listedProblems(problems).join('\n')}`)
    return document
  })
  const ids = positionals.filter((_, i) => fromFiles[i] === null)
  const fromLibrary =
    ids.length === 0
      ? []
      : await withService(
          dbPath(),
          (service) =>
            Promise.all(
              ids.map(
                async (id) =>
                  JSON.parse((await call(service, 'episodes.export', { id })).json) as EpisodeDocument,
              ),
            ),
          true,
        )
  let next = 0
  const detail = agreement(
    positionals.map((source, i) => ({
      source,
      document: fromFiles[i] ?? (fromLibrary[next++] as EpisodeDocument),
    })),
  )
  const result = agreementSummary(detail)
  if (values.json === true) io.out(JSON.stringify(result))
  else for (const line of agreementLines(result, detail.labels)) io.out(line)
  return 0
}
