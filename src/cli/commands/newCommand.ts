import { call, withService } from '../serviceCalls'
import { str } from '../commandArguments'
import { UsageError, type RunCommand } from '../usage'

/** `new --media FILE [--transcript FILE] [--title T] [--show S] [--date YYYY-MM-DD]`: prints the id. */
export const newCommand: RunCommand = async (parseCommand, dbPath, io) => {
  const { values } = parseCommand({
    media: { type: 'string' },
    transcript: { type: 'string' },
    title: { type: 'string' },
    show: { type: 'string' },
    date: { type: 'string' },
  })
  const media = str(values.media)
  if (!media) throw new UsageError('new needs --media FILE')
  const transcript = str(values.transcript)
  const title = str(values.title)
  const show = str(values.show)
  const date = str(values.date)
  const { id, warnings } = await withService(dbPath(), (service) =>
    call(service, 'episodes.create', {
      media: service.fileToRead(media),
      ...(transcript && { transcript: service.fileToRead(transcript) }),
      ...(title && { title }),
      ...(show && { show }),
      ...(date && { publishedOn: date }),
    }),
  )
  for (const warning of warnings) io.err(`episcore: warning: ${warning}`)
  io.out(id)
  return 0
}
