import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../../../tests/machineEpisode'
import { documentRows } from './documentRows'
import { packRows, unpackRows } from './wordColumns'

describe('a document’s rows between threads', () => {
  it('arrive as they left, every word with its times', () => {
    const rows = documentRows(machineEpisode(), '2026-01-02T03:04:05.000Z')
    expect(rows.transcript_words.length).toBeGreaterThan(0)
    expect(unpackRows(structuredClone(packRows(rows)))).toEqual(rows)
  })
})
