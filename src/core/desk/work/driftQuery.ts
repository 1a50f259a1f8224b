import type { ClientBase } from 'pg'
import type { DriftReport } from '../../../shared/contract/deskWork'
import type { DeskService } from '../deskService'
import { driftRows } from './driftRows'

export const MACHINE = 'machine'

/** Who drifts: every reviewer of the show and the machine; the figures come with drift.ts. */
export async function driftReport(
  client: ClientBase,
  _desk: DeskService,
  request: { show?: string | undefined; since?: string | undefined },
): Promise<DriftReport> {
  const rows = await driftRows(client, request.show)
  return {
    show: request.show ?? null,
    since: request.since ?? null,
    people: [...rows.reviewers.filter((r) => r !== MACHINE), MACHINE],
    dimensions: [],
    figures: [],
  }
}
