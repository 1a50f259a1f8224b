import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../../../tests/machineEpisode'
import { tempFolder } from '../../../tests/tempFolder'
import { SEED_DIMENSIONS } from '../../shared/rubric'
import { openDatabase, type Db } from '../db/openDatabase'
import { loadEpisodeDocument } from '../load/loadEpisode'
import { addAnchor } from './codebookAnchors'
import { codebookVersions, getCodebook, publishCodebook } from './codebookVersions'

const ID = 'agentic-rl-2025-05-09'
const KEY = SEED_DIMENSIONS[0]?.key ?? ''

function library(): Db {
  const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
  loadEpisodeDocument(db, machineEpisode())
  return db
}

const changes = (db: Db): number => db.prepare('SELECT total_changes()').pluck().get() as number

describe('an anchor added from an episode', () => {
  it('goes into the show’s draft, made from the rubric when the show has no codebook, and is published with it', () => {
    const db = library()
    const first = addAnchor(db, {
      dimension: KEY,
      target: { kind: 'chapterScore', episodeId: ID, chapterId: 'c1' },
      note: '  a 7: corrected with a source ',
    })
    expect(first.draft.state).toBe('draft')
    expect(first.anchor).toEqual({
      id: 'a1',
      target: { kind: 'chapterScore', episodeId: ID, chapterId: 'c1' },
      note: 'a 7: corrected with a source',
    })
    const second = addAnchor(db, {
      dimension: KEY,
      target: { kind: 'range', episodeId: ID, start: 5, end: 12 },
      note: '',
    })
    expect(second.draft.version).toBe(first.draft.version)
    expect(second.draft.dimensions.find((d) => d.key === KEY)?.anchors.map((a) => a.id)).toEqual(['a1', 'a2'])
    expect(codebookVersions(db, 'latent-space')).toHaveLength(1)
    publishCodebook(db, 'latent-space')
    // Once published, the next anchor makes the next version's draft from it, anchors and all.
    const third = addAnchor(db, {
      dimension: KEY,
      target: { kind: 'statement', episodeId: ID, statementId: 's1' },
      note: 'the claim itself',
    })
    expect(third.draft.version).toBe(first.draft.version + 1)
    expect(third.draft.dimensions.find((d) => d.key === KEY)?.anchors.map((a) => a.id)).toEqual([
      'a1',
      'a2',
      'a3',
    ])
    expect(getCodebook(db, 'latent-space')?.dimensions.find((d) => d.key === KEY)?.anchors).toHaveLength(2)
    db.close()
  })

  it('is refused, naming why, with nothing written: an unknown item, dimension or episode, a show-less episode', () => {
    const db = library()
    const refusals: [Parameters<typeof addAnchor>[1], RegExp][] = [
      [
        { dimension: KEY, target: { kind: 'statement', episodeId: ID, statementId: 'nope' }, note: '' },
        /nope/,
      ],
      [
        { dimension: 'humour', target: { kind: 'chapterScore', episodeId: ID, chapterId: 'c1' }, note: '' },
        /no dimension humour/,
      ],
      [
        { dimension: KEY, target: { kind: 'range', episodeId: ID, start: 9, end: 3 }, note: '' },
        /does not run forwards/,
      ],
      [
        { dimension: KEY, target: { kind: 'range', episodeId: 'elsewhere', start: 0, end: 3 }, note: '' },
        /elsewhere/,
      ],
    ]
    for (const [request, why] of refusals) {
      const before = changes(db)
      expect(() => addAnchor(db, request)).toThrow(why)
      expect(changes(db)).toBe(before)
    }
    db.prepare(`UPDATE episodes SET show = '' WHERE id = ?`).run(ID)
    expect(() =>
      addAnchor(db, {
        dimension: KEY,
        target: { kind: 'chapterScore', episodeId: ID, chapterId: 'c1' },
        note: '',
      }),
    ).toThrow(/has no show/)
    expect(codebookVersions(db, 'latent-space')).toHaveLength(0)
    db.close()
  })
})
