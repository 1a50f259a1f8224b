import type { LibraryEpisode } from '../../shared/contract'
import { call, withService } from '../serviceCalls'
import { terminalField } from '../terminalText'
import { UsageError, type RunCommand } from '../usage'

/**
 * `list [--trash | --episodes]`: one analysis a line, tab-separated, the episode it is of last (scripts
 * read the first columns as they always were); `--episodes`, one episode a line. Only reads the database.
 */
export const listCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values } = parseCommand({ trash: { type: 'boolean' }, episodes: { type: 'boolean' } })
  if (values.trash === true && values.episodes === true)
    throw new UsageError('list takes --trash or --episodes, not both')
  if (values.trash === true) {
    const trashed = await withService(dbPath(), (service) => call(service, 'episodes.listTrash', {}), true)
    for (const e of trashed)
      io.out([e.id, e.title, e.trashedAt, e.emptiedAfter].map(terminalField).join('\t'))
    return 0
  }
  const analyses = await withService(dbPath(), (service) => call(service, 'episodes.list', {}), true)
  if (values.episodes === true) {
    for (const line of episodeLines(analyses)) io.out(line)
    return 0
  }
  for (const a of analyses) io.out([a.id, a.title, a.reviewStatus, a.episode].map(terminalField).join('\t'))
  return 0
}

/**
 * One line per episode, where its newest analysis stands in the list: the episode's id, the title of
 * the analysis it counts through, how many analyses it has (a number), and that analysis's id and name.
 */
function episodeLines(analyses: readonly LibraryEpisode[]): string[] {
  const episodes = new Map<string, { count: number; counted?: LibraryEpisode }>()
  for (const a of analyses) {
    const episode = episodes.get(a.episode) ?? { count: 0 }
    episode.count += 1
    if (a.counted) episode.counted = a
    episodes.set(a.episode, episode)
  }
  return [...episodes].flatMap(([id, { count, counted }]) =>
    counted
      ? [[id, counted.title, String(count), counted.id, counted.analysis.name].map(terminalField).join('\t')]
      : [],
  )
}
