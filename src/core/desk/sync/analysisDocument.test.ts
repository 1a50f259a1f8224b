import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/openDatabase'
import { loadEpisodeDocument } from '../../load/loadEpisode'
import { machineEpisode } from '../../../../tests/machineEpisode'
import { analysisDocument, contentHash, textAndHash } from './analysisDocument'

describe('an analysis as it travels', () => {
  it('hashes what its text says, whenever it was exported', () => {
    const db = openDatabase(':memory:')
    loadEpisodeDocument(db, machineEpisode('ep-1'))
    const first = analysisDocument(db, 'ep-1', 'ep-1')
    const doc = JSON.parse(first.text)
    expect(first.hash).toBe(contentHash(doc))
    // Exported again at another moment: the same content, the same hash, another text.
    const again = textAndHash({ ...doc, exportedAt: '2031-02-03T04:05:06.789Z' })
    expect(again.hash).toBe(first.hash)
    expect(again.text).not.toBe(first.text)
    // Under the catalogue's id: another content.
    const renamed = analysisDocument(db, 'ep-1', 'ep-1-conflict')
    expect(renamed.hash).toBe(contentHash(JSON.parse(renamed.text)))
    expect(renamed.hash).not.toBe(first.hash)
    db.close()
  })

  it('hashes a document laid out otherwise the long way, to the same hash', () => {
    const doc = machineEpisode('ep-2')
    const { format, version, exportedAt, ...rest } = doc
    const reordered = { exportedAt, format, version, ...rest }
    expect(textAndHash(reordered).hash).toBe(contentHash(doc))
    expect(textAndHash(doc).hash).toBe(contentHash(doc))
  })
})
