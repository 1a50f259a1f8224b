import type { QueueItem } from '../../../shared/contract/deskWork'
import { call, withService } from '../../serviceCalls'
import { terminalField } from '../../terminalText'
import { UsageError } from '../../usage'
import type { RunDeskVerb } from './deskVerb'
import { jsonText } from './deskLines'

const stringOption = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** `--calibration 10%` or `0.1`: a share from 0 to 1. */
function calibrationShare(text: string): number {
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text)
  const share = percent ? Number(percent[1]) / 100 : /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : NaN
  if (!(share >= 0 && share <= 1))
    throw new UsageError(`--calibration takes a share such as 10% or 0.1 (0 to 100%); "${text}" given`)
  return share
}

/**
 * `desk assign ID...|--show S --reviewers a,b,c --overlap N [--calibration 10%] [--due YYYY-MM-DD]
 * [--blind] [--json]`: the lead's; each option checked here, naming it, before the desk is asked.
 */
export const assignVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const show = stringOption(values.show)
  if ((show === undefined) === (positionals.length === 0))
    throw new UsageError('desk assign needs episode ids or --show S (not both)')
  const reviewersText = stringOption(values.reviewers)
  if (reviewersText === undefined) throw new UsageError('desk assign needs --reviewers a,b,c')
  const reviewers = reviewersText.split(',').map((r) => r.trim())
  const badReviewer = reviewers.find((r) => !/^[a-z_][a-z0-9_]{0,62}$/.test(r))
  if (badReviewer !== undefined)
    throw new UsageError(
      `--reviewers: "${badReviewer}" is not a desk person's name (a-z or _ first, then a-z, 0-9 or _)`,
    )
  const overlapText = stringOption(values.overlap)
  if (overlapText === undefined) throw new UsageError('desk assign needs --overlap N')
  if (!/^[1-9]\d{0,3}$/.test(overlapText))
    throw new UsageError(
      `--overlap takes a whole number of reviewers per episode (1 or more); "${overlapText}" given`,
    )
  const due = stringOption(values.due)
  if (due !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(due))
    throw new UsageError(`--due takes a date as YYYY-MM-DD; "${due}" given`)
  const calibration = stringOption(values.calibration)
  const request = {
    ...(show === undefined ? { ids: positionals } : { show }),
    reviewers,
    overlap: Number(overlapText),
    ...(calibration !== undefined && { calibration: calibrationShare(calibration) }),
    ...(due !== undefined && { due }),
    ...(values.blind === true && { blind: true }),
  }
  const outcome = await withService(dbPath(), (service) => call(service, 'desk.assign', request))
  if (values.json === true) io.out(jsonText(outcome))
  else {
    const episodes = new Set(outcome.assigned.map((a) => a.episode)).size
    io.out(
      `assigned ${episodes} episode${episodes === 1 ? '' : 's'} (${outcome.assigned.length} assignments, ${outcome.calibration.length} for calibration)`,
    )
    for (const a of outcome.assigned)
      io.out([a.episode, a.reviewer, a.analysis].map(terminalField).join('\t'))
  }
  return 0
}

const queueLine = (q: QueueItem): string =>
  [
    q.episode,
    q.analysis,
    q.state,
    q.due ?? '',
    q.blind ? 'blind' : '',
    q.here ?? 'not here yet',
    q.note ?? '',
  ]
    .map(terminalField)
    .join('\t')

/** `desk queue [--json]`: one's own assignments, from the library when the desk cannot be reached. */
export const queueVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  if (positionals.length > 0) throw new UsageError('desk queue takes no arguments')
  const queue = await withService(dbPath(), (service) => call(service, 'desk.queue', {}))
  if (values.json === true) io.out(jsonText(queue))
  else if (queue.length === 0) io.out('nothing assigned to you')
  else for (const q of queue) io.out(queueLine(q))
  return 0
}

/** `desk submit ID`: the analysis pushed and its assignment submitted. */
export const submitVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const [id] = positionals
  if (id === undefined || positionals.length > 1) throw new UsageError('desk submit needs one analysis id')
  const item = await withService(dbPath(), (service) => call(service, 'desk.submit', { id }))
  if (values.json === true) io.out(jsonText(item))
  else io.out(`submitted ${terminalField(id)} (${terminalField(item.analysis)}) to the desk`)
  return 0
}

/** `desk send-back EPISODE REVIEWER --note TEXT`: the lead's. */
export const sendBackVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const [episode, reviewer] = positionals
  if (episode === undefined || reviewer === undefined || positionals.length > 2)
    throw new UsageError('desk send-back needs EPISODE REVIEWER --note TEXT')
  const note = stringOption(values.note)
  if (note === undefined || note.trim() === '')
    throw new UsageError('desk send-back needs --note TEXT: what the reviewer should change')
  const sent = await withService(dbPath(), (service) =>
    call(service, 'desk.sendBack', { episode, reviewer, note }),
  )
  if (values.json === true) io.out(jsonText(sent))
  else io.out(`sent ${terminalField(sent.analysis)} back to ${terminalField(sent.reviewer)}`)
  return 0
}
