import { UsageError } from '../../usage'
import { call, withService } from '../../serviceCalls'
import { terminalField } from '../../terminalText'
import type { RunDeskVerb } from './deskVerb'
import { jsonText, statusLines, syncLines } from './deskLines'

const noArguments = (verb: string, positionals: readonly string[]): void => {
  if (positionals.length > 0) throw new UsageError(`desk ${verb} takes no arguments`)
}

/** `desk sync [--json]`: pushes the outbox, pulls what is new; exits 1 when the desk cannot be reached. */
export const syncVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  noArguments('sync', positionals)
  const report = await withService(dbPath(), (service) => call(service, 'desk.sync', {}))
  if (values.json === true) io.out(jsonText(report))
  else for (const line of syncLines(report)) io.out(line)
  return 0
}

/** `desk status [--json]`: the URL without secrets, the user, whether connected, waiting, last sync. */
export const statusVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  noArguments('status', positionals)
  const status = await withService(dbPath(), (service) => call(service, 'desk.status', {}), true)
  if (values.json === true) {
    const { arrivals: _arrivals, online: _online, ...shown } = status
    io.out(jsonText(shown))
  } else for (const line of statusLines(status)) io.out(line)
  return 0
}

/** `desk list [--json]`: the catalogue's analyses, without their documents, and whether each is here. */
export const listVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  noArguments('list', positionals)
  const listed = await withService(dbPath(), (service) => call(service, 'desk.list', {}))
  if (values.json === true) io.out(jsonText(listed))
  else
    for (const a of listed)
      io.out(
        [a.id, a.show ?? '', a.title, a.owner, a.status, String(a.revision), a.here ?? 'not here']
          .map(terminalField)
          .join('\t'),
      )
  return 0
}

/** `desk get ID... | --show S`: brings analyses from the catalogue into the library. */
export const getVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const show = typeof values.show === 'string' ? values.show : undefined
  if ((show === undefined) === (positionals.length === 0))
    throw new UsageError('desk get needs analysis ids or --show S (not both)')
  const request = show === undefined ? { ids: positionals } : { show }
  const report = await withService(dbPath(), (service) => call(service, 'desk.get', request))
  if (values.json === true) io.out(jsonText(report))
  else {
    for (const line of syncLines(report)) io.out(line)
    for (const p of report.pulled)
      io.out(
        `got ${terminalField(p.analysisId)} (${terminalField(p.owner)}, revision ${p.revision}) as ${terminalField(p.episodeId)}`,
      )
  }
  return 0
}

/** `desk history ID [--json]`: who changed an analysis and when, oldest first. */
export const historyVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const [id] = positionals
  if (id === undefined || positionals.length > 1) throw new UsageError('desk history needs one analysis id')
  const entries = await withService(dbPath(), (service) => call(service, 'desk.history', { id }))
  if (values.json === true) io.out(jsonText(entries))
  else
    for (const e of entries)
      io.out([String(e.revision), e.madeAt, e.owner, e.status, e.title].map(terminalField).join('\t'))
  return 0
}

/** `desk verify [--json]`: each synced analysis against the catalogue's latest; exits 1 on a difference. */
export const verifyVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  noArguments('verify', positionals)
  const differences = await withService(dbPath(), (service) => call(service, 'desk.verify', {}))
  if (values.json === true) io.out(jsonText(differences))
  else if (differences.length === 0) io.out('every synced analysis is the desk’s latest revision')
  else
    for (const d of differences) io.out([d.episodeId, d.analysisId, d.problem].map(terminalField).join('\t'))
  return differences.length === 0 ? 0 : 1
}
