import type { Assignment, AssignOutcome, QueueItem } from '../../../shared/contract/deskWork'
import { UserError } from '../../errors'
import type { DeskWorkContext } from './deskWorkContext'

const notYet = (what: string): UserError => new UserError('invalid-request', `${what} is not built yet`)

/** `desk assign`: see the contract (desk.assign). */
export function assignEpisodes(
  _context: DeskWorkContext,
  _request: {
    ids?: string[] | undefined
    show?: string | undefined
    reviewers: string[]
    overlap: number
    calibration?: number | undefined
    due?: string | undefined
    blind?: boolean | undefined
  },
): Promise<AssignOutcome> {
  return Promise.reject(notYet('desk assign'))
}

/** `desk queue`: one's own assignments. */
export function deskQueue(_context: DeskWorkContext): Promise<QueueItem[]> {
  return Promise.reject(notYet('desk queue'))
}

/** `desk submit ID`. */
export function submitAnalysis(_context: DeskWorkContext, _id: string): Promise<QueueItem> {
  return Promise.reject(notYet('desk submit'))
}

/** The lead sends a submitted analysis back with a note. */
export function sendBack(
  _context: DeskWorkContext,
  _request: { episode: string; reviewer: string; note: string },
): Promise<Assignment> {
  return Promise.reject(notYet('desk send-back'))
}
