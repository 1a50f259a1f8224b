import { validateEpisodeFile } from '../../core/service/localService'
import { listedProblems } from '../../shared/episodeLimits'
import { terminalField } from '../terminalText'
import { UsageError, type RunCommand } from '../usage'

/** `validate FILE.json`: "valid", or one `<json path>: <problem>` a line and exit 1. */
export const validateCommand: RunCommand = async (parseCommand, _dbPath, io) => {
  const { positionals } = parseCommand({})
  const [file] = positionals
  if (!file || positionals.length > 1) throw new UsageError('validate needs one FILE.json')
  const problems = validateEpisodeFile(file)
  if (problems.length === 0) {
    io.out('valid')
    return 0
  }
  for (const p of listedProblems(problems)) io.out(terminalField(p))
  return 1
}
