import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { applyEdit } from '../../src/core/history/editHistory'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { MethodName } from '../../src/shared/contract'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import { makeTemplate, openCopy, seedMachineAnalysis, type Session, type Template } from './analysisFixture'

/*
 * After an edit through the app's connection, the core reads again only the rows that edit wrote (see
 * src/core/history/lastChange.ts). Whatever else changed meanwhile, the view must be the one a
 * connection that kept nothing reads.
 */

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

const OTHER = 'other-episode'

function setUp(): {
  s: Session
  other: (method: MethodName, request: Record<string, unknown>) => Promise<void>
} {
  const s = openCopy(template)
  seedMachineAnalysis(s.db, s.id)
  loadEpisodeDocument(s.db, machineEpisode(OTHER))
  const handlers = createHandlers({ db: s.db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
  const other = async (method: MethodName, request: Record<string, unknown>): Promise<void> => {
    const reply = await dispatch(handlers, method, { ...request, id: OTHER })
    if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`)
  }
  return { s, other }
}

function expectFresh(s: Session, where: string): void {
  const fresh = openDatabase(s.db.name)
  try {
    expect(s.view(), where).toEqual(episodeView(fresh, s.id))
    expect(episodeView(s.db, OTHER), `${where}, the other episode`).toEqual(episodeView(fresh, OTHER))
  } finally {
    fresh.close()
  }
}

describe('the view after an edit, read again only where the edit wrote', () => {
  it('is the fresh view when another episode in the database is edited in between', async () => {
    const { s, other } = setUp()
    try {
      s.view()
      await s.call('statements.update', { statementId: 'st1', patch: { title: 'Renamed here' } })
      await other('statements.update', { statementId: 's1', patch: { title: 'Renamed there' } })
      await other('scores.set', { chapterId: 'c1', dimension: 'guestDisagreement', value: 9 })
      expectFresh(s, 'after edits of the other episode')
      await other('statements.delete', { statementId: 's1' })
      await s.call('scores.set', { chapterId: 'ch2', dimension: 'guestDisagreement', value: 7 })
      expectFresh(s, 'after a delete there and a score here')
      expect(s.view().statements.map((st) => st.title)).toEqual(['Renamed here'])
    } finally {
      s.db.close()
    }
  })

  it('is the fresh view after a delete that cascades to rows the edit did not write itself', async () => {
    const { s } = setUp()
    try {
      const before = s.view()
      expect(before.chapters[0]?.scores.guestDisagreement).toBeDefined()
      // SQLite deletes the dimension's scores by itself (ON DELETE CASCADE): the edit never wrote them.
      applyEdit(s.db, s.id, 'Remove a dimension bluntly', (w) =>
        w.delete('rubric_dimensions', { episode_id: s.id, key: 'guestDisagreement' }),
      )
      const after = s.view()
      expect(after.chapters[0]?.scores.guestDisagreement).toBeUndefined()
      expectFresh(s, 'after the cascade')
      applyEdit(s.db, s.id, 'Delete a chapter bluntly', (w) =>
        w.delete('chapters', { episode_id: s.id, id: 'ch2' }),
      )
      expectFresh(s, 'after a chapter deleted with its scores left to the cascade')
    } finally {
      s.db.close()
    }
  })

  it('is the fresh view after several edits with no view read between them, and after undo and redo', async () => {
    const { s } = setUp()
    try {
      s.view()
      applyEdit(s.db, s.id, 'Rename', (w) =>
        w.update('statements', { episode_id: s.id, id: 'st1' }, { title: 'First' }),
      )
      applyEdit(s.db, s.id, 'Requote', (w) =>
        w.update('statements', { episode_id: s.id, id: 'st1' }, { quote: 'Something else entirely' }),
      )
      applyEdit(s.db, s.id, 'Score', (w) =>
        w.update(
          'scores',
          { episode_id: s.id, chapter_id: 'ch1', dimension_key: 'guestTeaching' },
          { value: 5 },
        ),
      )
      expectFresh(s, 'after three edits')
      expect(s.view().statements[0]?.quoteProblem).not.toBeNull()
      await s.call('history.undo', {})
      expectFresh(s, 'after an undo')
      await s.call('history.undo', {})
      await s.call('history.redo', {})
      expectFresh(s, 'after undo and redo')
    } finally {
      s.db.close()
    }
  })

  it('is the fresh view after an edit inside a transaction that commits, and one that rolls back', () => {
    const { s } = setUp()
    try {
      s.view()
      s.db.transaction(() =>
        applyEdit(s.db, s.id, 'Inside', (w) =>
          w.update('statements', { episode_id: s.id, id: 'st1' }, { title: 'Committed' }),
        ),
      )()
      expectFresh(s, 'after the committed one')
      s.view()
      const score = { episode_id: s.id, dimension_key: 'guestTeaching' }
      expect(() =>
        s.db.transaction(() => {
          applyEdit(s.db, s.id, 'Inside', (w) =>
            w.update('scores', { ...score, chapter_id: 'ch1' }, { value: 9 }),
          )
          throw new Error('changed my mind')
        })(),
      ).toThrow('changed my mind')
      // Another process then changes another chapter's score, as many rows as the rolled-back edit did.
      const cli = openDatabase(s.db.name)
      try {
        cli
          .prepare(
            `UPDATE scores SET value = 8 WHERE episode_id = ? AND chapter_id = 'ch2' AND dimension_key = 'guestTeaching'`,
          )
          .run(s.id)
      } finally {
        cli.close()
      }
      expect(s.view().statements[0]?.title).toBe('Committed')
      expect(s.view().chapters[1]?.scores.guestTeaching?.value).toBe(8)
      expectFresh(s, 'after the rolled back one')
    } finally {
      s.db.close()
    }
  })

  it('is the fresh view after the transcript under the statements is edited', async () => {
    const { s } = setUp()
    try {
      s.view()
      const segment = (await s.call('transcript.get', {})).segments[0]
      if (!segment) throw new Error('the template has no transcript')
      await s.call('statements.update', { statementId: 'st1', patch: { title: 'Before the words change' } })
      await s.call('transcript.editSegment', { segmentId: segment.id, text: 'Entirely different words now.' })
      expectFresh(s, 'after the transcript edit')
      await s.call('statements.update', { statementId: 'st1', patch: { title: 'After the words changed' } })
      expectFresh(s, 'after a statement edit on the new words')
    } finally {
      s.db.close()
    }
  })
})
