import type { DeskStatus, SyncReport } from '../../../shared/contract/desk'
import { terminalField } from '../../terminalText'

/** A sync as a person reads it: one summary line, then a line for each conflict and each analysis kept. */
export function syncLines(report: SyncReport): string[] {
  return [
    `pushed ${report.pushed.length}, pulled ${report.pulled.length}, conflicts ${report.conflicts.length}, waiting ${report.waiting}`,
    ...report.conflicts.map(
      (c) =>
        `conflict: ${terminalField(c.analysisId)} changed in the desk meanwhile; your change was kept as ${terminalField(c.keptAs)} (both are in the library)`,
    ),
    ...report.kept.map((k) => `kept here: ${terminalField(k.episodeId)}: ${terminalField(k.reason)}`),
  ]
}

/** Where the library stands with its desk, a fact a line. */
export function statusLines(status: DeskStatus): string[] {
  if (!status.connected) return ['not connected to a desk']
  return [
    `desk: ${terminalField(status.url ?? '')}${status.insecure ? ' (without TLS)' : ''}`,
    `user: ${terminalField(status.user ?? '')}`,
    `waiting: ${status.waiting}`,
    `last sync: ${status.lastSyncAt ?? 'never'}`,
    ...(status.lastError === null ? [] : [`last error: ${terminalField(status.lastError)}`]),
  ]
}

/** JSON for scripts, one document. */
export const jsonText = (value: unknown): string => JSON.stringify(value, null, 2)
