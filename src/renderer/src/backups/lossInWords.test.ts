import { describe, expect, it } from 'vitest'
import type { BackupInfo } from '../../../shared/contract'
import { lossInWords } from './lossInWords'

const now = new Date(2025, 4, 10, 18, 0)
const at3pm = new Date(2025, 4, 10, 15, 0).toISOString()
const backup = (sinceThen: BackupInfo['sinceThen'], takenAt = at3pm): BackupInfo => ({
  file: 'episcore-20250510-150000.sqlite',
  kind: 'daily',
  takenAt,
  sizeBytes: 1,
  episodes: 4,
  sinceThen,
})
const time = new Date(at3pm).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })

describe('what a restore drops, in words', () => {
  it('counts episodes created and changed since the backup, and what comes back', () => {
    expect(lossInWords(backup({ created: 3, changed: 12, removed: 0 }), now)).toBe(
      `3 episodes created and 12 changed since ${time} will be lost from the library.`,
    )
    expect(lossInWords(backup({ created: 0, changed: 1, removed: 2 }), now)).toBe(
      `1 episode changed since ${time} will be lost from the library. 2 episodes removed since then come back.`,
    )
    expect(lossInWords(backup({ created: 0, changed: 0, removed: 0 }), now)).toBe(
      `Nothing was created or changed since ${time}.`,
    )
  })

  it('names the day of an older backup, and says when the current database cannot be read', () => {
    const older = new Date(2025, 4, 2, 9, 30).toISOString()
    expect(lossInWords(backup({ created: 1, changed: 0, removed: 0 }, older), now)).toMatch(
      /^1 episode created since .*2025.* will be lost from the library\.$/,
    )
    expect(lossInWords(backup(null), now)).toMatch(/cannot be read; it is kept as a backup\.$/)
  })
})
