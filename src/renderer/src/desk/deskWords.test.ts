import { describe, expect, it } from 'vitest'
import type { DeskStatus } from '../../../shared/contract/desk'
import { deskLine, fromTheDesk } from './deskWords'

const connected = {
  connected: true,
  url: 'postgres://alice@desk.example:5432/desk',
  user: 'alice',
  online: true,
  waiting: 0,
  lastSyncAt: new Date(2026, 0, 5, 9, 7).toISOString(),
  lastError: null,
  insecure: false,
  arrivals: 0,
  notable: null,
} satisfies DeskStatus

describe('the library header’s desk line', () => {
  it('says when the library last synced, in local hours and minutes', () => {
    expect(deskLine(connected)).toBe('Desk: synced 09:07')
  })
  it('says offline with the changes waiting, one or several', () => {
    expect(deskLine({ ...connected, online: false, waiting: 1 })).toBe('Desk: offline: 1 change waiting')
    expect(deskLine({ ...connected, online: false, waiting: 3 })).toBe('Desk: offline: 3 changes waiting')
  })
  it('says what is on its way while online, and a link never synced yet', () => {
    expect(deskLine({ ...connected, waiting: 2 })).toBe('Desk: syncing, 2 changes waiting')
    expect(deskLine({ ...connected, lastSyncAt: null })).toBe('Desk: connected, not synced yet')
  })
  it('says a change kept apart as a conflict until a later sync has nothing to say', () => {
    const conflict = { episodeId: 'ep', analysisId: 'ep', keptAs: 'ep-conflict' }
    const notable = { pushed: [], pulled: [], conflicts: [conflict], kept: [], waiting: 0 }
    expect(deskLine({ ...connected, notable })).toBe('Desk: 1 change kept apart as a conflict')
  })
  it('marks a pulled analysis with its owner’s name', () => {
    expect(fromTheDesk('bob')).toBe('Bob’s, from the desk')
  })
})
