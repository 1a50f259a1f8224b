import { ALPHA_BAND_WORDS, alphaBand } from '../../../shared/agreement'
import type { BoardEpisode, CalibrationResult, DriftReport } from '../../../shared/contract/deskWork'
import { call, withService } from '../../serviceCalls'
import { terminalField } from '../../terminalText'
import { UsageError } from '../../usage'
import type { RunDeskVerb } from './deskVerb'
import { jsonText } from './deskLines'

const f = terminalField
const showOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const number = (x: number | null, digits = 3): string => (x === null ? '-' : x.toFixed(digits))
const signed = (x: number | null): string => (x === null ? '-' : `${x > 0 ? '+' : ''}${x.toFixed(3)}`)

/** `desk board [--show S] [--json]`: an episode a line, the worst agreement first. */
export const boardVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  if (positionals.length > 0) throw new UsageError('desk board takes no arguments (--show S for one show)')
  const show = showOf(values.show)
  const board = await withService(dbPath(), (service) =>
    call(service, 'desk.board', show === undefined ? {} : { show }),
  )
  if (values.json === true) io.out(jsonText(board))
  else if (board.length === 0)
    io.out(show === undefined ? 'no episode is assigned' : `no episode of ${f(show)} is assigned`)
  else for (const episode of board) io.out(boardLine(episode))
  return 0
}

/** episode, title, reviewer:state… (a person gone from the desk marked), the worst alpha and its band. */
export function boardLine(e: BoardEpisode): string {
  const reviewers = e.reviewers
    .map((r) => `${f(r.reviewer)}:${r.state}${r.removed ? ' (removed from the desk)' : ''}`)
    .join(', ')
  const worst =
    e.worst === null
      ? e.agreement === null
        ? 'no agreement yet (fewer than two submitted)'
        : 'alpha - (nothing to compare)'
      : `worst alpha ${number(e.worst)} ${ALPHA_BAND_WORDS[alphaBand(e.worst)]}`
  const chosen = [
    ...(e.consensus === null ? [] : [`consensus ${f(e.consensus)}`]),
    ...(e.reference === null ? [] : [`reference ${f(e.reference)}`]),
  ]
  return [f(e.episode), f(e.title ?? ''), reviewers, worst, ...chosen].join('\t')
}

const episodeAndAnalysis = (
  verb: string,
  positionals: readonly string[],
): { episode: string; analysis: string } => {
  const [episode, analysis] = positionals
  if (episode === undefined || analysis === undefined || positionals.length > 2)
    throw new UsageError(`desk ${verb} needs EPISODE ANALYSIS (the catalogue's ids)`)
  return { episode, analysis }
}

/** `desk consensus EPISODE ANALYSIS`: the lead's choice of the episode's consensus. */
export const consensusVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const request = episodeAndAnalysis('consensus', positionals)
  const episode = await withService(dbPath(), (service) => call(service, 'desk.setConsensus', request))
  if (values.json === true) io.out(jsonText(episode))
  else {
    io.out(`consensus of ${f(episode.episode)}: ${f(episode.consensus ?? '')}`)
    io.out(boardLine(episode))
  }
  return 0
}

/** `desk reference EPISODE ANALYSIS`: the lead marks the episode's reference, for calibration. */
export const referenceVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const request = episodeAndAnalysis('reference', positionals)
  const episode = await withService(dbPath(), (service) => call(service, 'desk.setReference', request))
  if (values.json === true) io.out(jsonText(episode))
  else io.out(`reference of ${f(episode.episode)}: ${f(episode.reference ?? '')}`)
  return 0
}

/** `desk drift [--show S] [--since YYYY-MM-DD] [--json]`: who leans which way, over the whole period. */
export const driftVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  if (positionals.length > 0)
    throw new UsageError('desk drift takes no arguments (--show S, --since YYYY-MM-DD)')
  const show = showOf(values.show)
  const since = showOf(values.since)
  const report = await withService(dbPath(), (service) =>
    call(service, 'desk.drift', {
      ...(show !== undefined && { show }),
      ...(since !== undefined && { since }),
    }),
  )
  if (values.json === true) io.out(jsonText(report))
  else for (const line of driftLines(report)) io.out(line)
  return 0
}

/**
 * The whole period's figures as a table: who, dimension, n, mean, [low, high]; a person with nothing
 * scored yet is one line of n 0. The months are in --json.
 */
export function driftLines(report: DriftReport): string[] {
  const lines = ['who\tdimension\tn\tmean\t95% interval']
  for (const who of report.people) {
    const figures = report.figures.filter((x) => x.who === who && x.month === null)
    if (figures.every((x) => x.n === 0)) {
      lines.push(`${f(who)}\t-\t0\t-\t-`)
      continue
    }
    for (const x of figures)
      lines.push(
        [
          f(who),
          f(x.dimension),
          String(x.n),
          signed(x.mean),
          x.n === 0 ? '-' : `[${signed(x.low)}, ${signed(x.high)}]`,
        ].join('\t'),
      )
  }
  return lines
}

/** `desk calibration ID [--json]`: a submitted calibration analysis against its episode's reference. */
export const calibrationVerb: RunDeskVerb = async ({ values, positionals }, dbPath, io) => {
  const [id] = positionals
  if (id === undefined || positionals.length > 1)
    throw new UsageError('desk calibration needs one analysis id')
  const result = await withService(dbPath(), (service) => call(service, 'desk.calibration', { id }))
  if (values.json === true) io.out(jsonText(result))
  else for (const line of calibrationLines(id, result)) io.out(line)
  return 0
}

export function calibrationLines(id: string, result: CalibrationResult | null): string[] {
  if (result === null)
    return [
      `no calibration result for ${f(id)}: it shows once a calibration assignment is submitted and its episode has a reference`,
    ]
  return [
    `${f(result.episode)} against the reference ${f(result.reference)}`,
    'dimension\tmine\treference\tdifference',
    ...result.dimensions.map((d) =>
      [f(d.dimension), number(d.mine), number(d.reference), signed(d.difference)].join('\t'),
    ),
  ]
}
