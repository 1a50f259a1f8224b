import { publishFormatSchema } from '../../shared/contract'
import { str, webAddress } from '../commandArguments'
import { call, withService } from '../serviceCalls'
import { UsageError, type RunCommand } from '../usage'

/** `export ID [--format F] …`: a publishing format, or (`--format site`) the web page folder. */
export const exportCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values, positionals } = parseCommand({
    out: { type: 'string' },
    format: { type: 'string' },
    final: { type: 'boolean' },
    'base-url': { type: 'string' },
    'media-as': { type: 'string' },
    'media-url': { type: 'string' },
  })
  const [id] = positionals
  if (!id || positionals.length > 1) throw new UsageError('export needs one episode ID')
  const out = str(values.out)
  const formatName = str(values.format) ?? 'episode'
  if (formatName === 'site') {
    if (!out) throw new UsageError('export --format site needs --out DIR')
    if (values.final === true)
      throw new UsageError('--final is for the file formats: publish, then export the site')
    const mediaAs = str(values['media-as'])
    if (mediaAs !== undefined && mediaAs !== 'audio' && mediaAs !== 'video')
      throw new UsageError(`--media-as is audio or video (not "${mediaAs}")`)
    const mediaUrlGiven = str(values['media-url'])
    const mediaUrl = mediaUrlGiven === '' ? '' : webAddress(mediaUrlGiven, '--media-url')
    const site = await withService(dbPath(), (service) =>
      call(service, 'episodes.exportSite', {
        id,
        folder: service.fileToWrite(out),
        ...(mediaAs !== undefined && { mediaAs }),
        ...(mediaUrl !== undefined && { mediaUrl }),
      }),
    )
    for (const warning of site.warnings) io.err(`episcore: warning: ${warning}`)
    io.out(site.folder)
    return 0
  }
  const format = publishFormatSchema.safeParse(formatName)
  if (!format.success)
    throw new UsageError(
      `export --format is one of ${[...publishFormatSchema.options, 'site'].join('|')} (not "${formatName}")`,
    )
  for (const option of ['media-as', 'media-url'])
    if (values[option] !== undefined) throw new UsageError(`--${option} is for --format site`)
  const baseUrl = webAddress(str(values['base-url']), '--base-url')
  if (format.data === 'podcast-item' && baseUrl === undefined)
    throw new UsageError(
      'export --format podcast-item needs --base-url URL (where the site folder is served)',
    )
  if (format.data !== 'podcast-item' && baseUrl !== undefined)
    throw new UsageError('--base-url is for --format podcast-item')
  const { text, warnings } = await withService(
    dbPath(),
    (service) =>
      call(service, 'episodes.exportAs', {
        id,
        format: format.data,
        ...(values.final === true && { final: true }),
        ...(baseUrl !== undefined && { baseUrl }),
        // Written before the episode becomes final: a file that cannot be written leaves it as it was.
        ...(out && { saveTo: service.fileToWrite(out) }),
      }),
    // Only a final export, and the feed tags (their base URL is kept), write to the database.
    values.final !== true && format.data !== 'podcast-item',
  )
  for (const warning of warnings) io.err(`episcore: warning: ${warning}`)
  // `io.out` ends the line itself: only the text's last line feed is dropped (CSV keeps its CR).
  if (!out) io.out(text.endsWith('\n') ? text.slice(0, -1) : text)
  return 0
}
