import { NEWEST_FIRST_NOTE, type SearchHit } from '../../shared/contract'
import {
  OlderSchema,
  openLocalService,
  userMessage,
  type LocalService,
} from '../../core/service/localService'
import { conversionProgress } from '../serviceCalls'
import { terminalField } from '../terminalText'
import { UsageError, type Io, type Options, type RunCommand } from '../usage'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 1000

/** `episode-id<TAB>seconds<TAB>kind<TAB>snippet`, the matches in brackets, never terminal codes. */
export const searchHitLine = (hit: SearchHit): string =>
  [
    hit.episodeId,
    String(hit.seconds),
    hit.kind,
    hit.snippet.map((p) => (p.match ? `[${p.text}]` : p.text)).join(''),
  ]
    .map(terminalField)
    .join('\t')

/** `nothing found for "orthoganal"; closest in the library: orthogonal` */
export const closestLine = (word: string, closest: readonly string[]): string =>
  terminalField(`episcore: nothing found for "${word}"; closest in the library: ${closest.join(', ')}`)

function limitOf(value: Options[string]): number {
  if (value === undefined) return DEFAULT_LIMIT
  const text = typeof value === 'string' ? value : ''
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < 1 || n > MAX_LIMIT)
    throw new UsageError(`--limit is a whole number from 1 to ${MAX_LIMIT} (not "${text}")`)
  return n
}

/**
 * The search opens the database to write: an older schema gets its index on the way. A file it may not
 * write is searched read-only when it has the index already; otherwise the refusal says how to get it.
 * A read that fails for another reason says that reason, never that the file is older.
 */
function openForSearch(dbPath: string | undefined, io: Io): LocalService | null {
  try {
    return openLocalService(dbPath, { progress: conversionProgress })
  } catch (writeError) {
    const cannotWrite = userMessage(writeError)
    if (cannotWrite === null) throw writeError
    try {
      return openLocalService(dbPath, { readOnly: true })
    } catch (readError) {
      const cannotRead = userMessage(readError)
      if (cannotRead === null) throw readError
      io.err(
        readError instanceof OlderSchema
          ? `episcore: ${terminalField(cannotWrite)} Search needs to add its index to this database once (it was written by an older Episcore): make the file writable, or open it once in the app, then search again.`
          : `episcore: ${terminalField(cannotRead)}`,
      )
      return null
    }
  }
}

/** `search QUERY [--show S] [--limit N]`: one hit a line, best first. */
export const searchCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({ show: { type: 'string' }, limit: { type: 'string' } })
  if (positionals.length === 0) throw new UsageError('search needs a QUERY')
  const limit = limitOf(values.limit)
  const show = typeof values.show === 'string' ? values.show : undefined
  const service = openForSearch(dbPath(), io)
  if (!service) return 1
  try {
    const reply = await service.call('library.search', {
      query: positionals.join(' '),
      limit,
      ...(show !== undefined && { show }),
    })
    if (!reply.ok) {
      io.err(`episcore: ${terminalField(reply.error.message)}`)
      return 1
    }
    service.refuseIfChanged()
    for (const hit of reply.value.hits) io.out(searchHitLine(hit))
    // Said beside the hits (stderr), so a script reading hits reads none: only a person is offered words.
    for (const { word, closest } of reply.value.closest) io.err(closestLine(word, closest))
    if (reply.value.newestFirst) io.err(`episcore: ${NEWEST_FIRST_NOTE}`)
    return 0
  } finally {
    service.close()
  }
}
