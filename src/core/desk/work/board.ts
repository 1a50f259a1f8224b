import type { BoardEpisode, CalibrationResult, DriftReport } from '../../../shared/contract/deskWork'
import { UserError } from '../../errors'
import type { DeskWorkContext } from './deskWorkContext'

const notYet = (what: string): UserError => new UserError('invalid-request', `${what} is not built yet`)

/** The lead's board: see the contract (desk.board). */
export function deskBoard(
  _context: DeskWorkContext,
  _request: { show?: string | undefined },
): Promise<BoardEpisode[]> {
  return Promise.reject(notYet('desk board'))
}

export function setConsensus(
  _context: DeskWorkContext,
  _request: { episode: string; analysis: string },
): Promise<BoardEpisode> {
  return Promise.reject(notYet('desk consensus'))
}

export function setReference(
  _context: DeskWorkContext,
  _request: { episode: string; analysis: string },
): Promise<BoardEpisode> {
  return Promise.reject(notYet('desk reference'))
}

export function deskDrift(
  _context: DeskWorkContext,
  _request: { show?: string | undefined; since?: string | undefined },
): Promise<DriftReport> {
  return Promise.reject(notYet('desk drift'))
}

export function calibrationResult(_context: DeskWorkContext, _id: string): Promise<CalibrationResult | null> {
  return Promise.reject(notYet('desk calibration'))
}
