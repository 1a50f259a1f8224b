import { beforeAll, describe, expect, it } from 'vitest'
import { keyFromLabel } from '../../src/core/analysis/dimensionKey'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import type { MethodName } from '../../src/shared/contract'
import { tempFolder } from '../tempFolder'
import {
  expectFullScoreGrid,
  makeTemplate,
  openCopy,
  seedMachineAnalysis,
  snapshot,
  validExport,
  type Session,
  type Template,
} from './analysisFixture'
import path from 'node:path'

let whisperX: Template
let vtt: Template
beforeAll(async () => {
  whisperX = await makeTemplate()
  vtt = await makeTemplate({ transcript: 'vtt', media: whisperX.media })
})

/** A copy of the interview episode; `seeded` adds the machine-made analysis a pipeline leaves. */
function episode(seeded = false, template = whisperX): Session {
  const session = openCopy(template)
  if (seeded) seedMachineAnalysis(session.db, session.id)
  return session
}

const lastMillis = (s: Session): number => Math.floor(s.view().summary.durationSeconds * 1000) / 1000

/** Expects a refusal with this code and message, and that nothing at all was written. */
async function expectRefused(
  s: Session,
  method: MethodName,
  request: Record<string, unknown>,
  code: string,
  message: RegExp | string,
): Promise<void> {
  const before = snapshot(s.db, s.id)
  const history = s.view().history
  const error = await s.refusal(method, request as never)
  expect(error.code).toBe(code)
  expect(error.message).toMatch(message)
  expect(snapshot(s.db, s.id)).toEqual(before)
  expect(s.view().history).toEqual(history)
}

/** Runs an edit, then checks that undo restores the state before it exactly and redo the state after. */
async function expectUndoable(s: Session, label: string, edit: () => Promise<unknown>): Promise<void> {
  const before = snapshot(s.db, s.id)
  await edit()
  const after = snapshot(s.db, s.id)
  expect(after).not.toEqual(before)
  expect(s.view().history).toMatchObject({ canUndo: true, undoLabel: label, canRedo: false })
  validExport(s.db, s.id)
  expectFullScoreGrid(s.db, s.id)
  await s.call('history.undo', {})
  expect(snapshot(s.db, s.id)).toEqual(before)
  expect(s.view().history).toMatchObject({ canRedo: true, redoLabel: label })
  await s.call('history.redo', {})
  expect(snapshot(s.db, s.id)).toEqual(after)
  expect(s.view().history).toMatchObject({ undoLabel: label, canRedo: false })
}

/** Expects the edit to be accepted and to change nothing, not even the history. */
async function expectNoOp(s: Session, edit: () => Promise<unknown>): Promise<void> {
  const before = snapshot(s.db, s.id)
  const history = s.view().history
  await edit()
  expect(snapshot(s.db, s.id)).toEqual(before)
  expect(s.view().history).toEqual(history)
}

describe('statements', () => {
  it('adds a statement quoting the timed words of its span, said by whoever speaks longest there', async () => {
    const s = episode()
    const { view, statementId } = await s.call('statements.create', { start: 10, end: 20 })
    expect(statementId).toBe('st1')
    expect(view.statements).toEqual([
      {
        id: 'st1',
        title: '',
        quote: 'work today. Why do you say that? Because the',
        start: 10,
        end: 20,
        speakerId: 'p2',
        chapterId: null,
        origin: 'human',
        status: 'accepted',
        quoteProblem: null,
        quoteFoundAt: null,
        quoteEstimated: false,
      },
    ])
    expect(view.history.undoLabel).toBe('Add statement')
    const second = await s.call('statements.create', { start: 11, end: 18.5 })
    expect(second.statementId).toBe('st2')
    // The host speaks 3 s of this span (13-16), the guest 2.5 s (11-12, 17-18.5).
    expect(second.view.statements.find((st) => st.id === 'st2')?.speakerId).toBe('p1')
    expect(validExport(s.db, s.id).statements.map((st) => st.id)).toEqual(['st1', 'st2'])
  })

  it('quotes by estimated word times where the transcript has none, and nobody where nobody speaks', async () => {
    const s = episode(false, vtt)
    const { view } = await s.call('statements.create', { start: 10, end: 14 })
    // Each cue's time shared among its words by characters: a word is in when its midpoint is.
    expect(view.statements[0]).toMatchObject({
      quote: 'work today. Why do',
      speakerId: 'p2',
      quoteProblem: null,
    })
    const silent = await s.call('statements.create', { start: 58.5, end: 59.5 })
    expect(silent.view.statements.find((st) => st.id === silent.statementId)).toMatchObject({
      quote: '',
      speakerId: null,
    })
  })

  it('keeps the title and quote the editor typed, times rounded to the millisecond, chapter derived', async () => {
    const s = episode(true)
    const { view, statementId } = await s.call('statements.create', {
      start: 17.00049,
      end: 29.9996,
      title: '  Algorithms are missing  ',
      quote: 'the algorithms for cooperative agents do not exist',
    })
    expect(statementId).toBe('st2')
    expect(view.statements.find((st) => st.id === statementId)).toMatchObject({
      title: 'Algorithms are missing',
      quote: 'the algorithms for cooperative agents do not exist',
      start: 17,
      end: 30,
      chapterId: 'ch2',
      quoteProblem: null,
    })
  })

  it('refuses a span that ends before it starts or runs past the media, naming the times', async () => {
    const s = episode(true)
    await expectRefused(
      s,
      'statements.create',
      { start: 20, end: 10.5 },
      'invalid-input',
      'the end 0:10.500 is not after the start 0:20.000',
    )
    await expectRefused(s, 'statements.create', { start: 5, end: 5 }, 'invalid-input', /not after the start/)
    await expectRefused(
      s,
      'statements.create',
      { start: 50, end: 75.25 },
      'invalid-input',
      `the end 1:15.250 is outside the media (0:00.000 to 1:00.029)`,
    )
    await expectRefused(s, 'statements.create', { start: -1, end: 5 }, 'invalid-request', /start/)
  })

  it('moves, re-quotes and re-attributes a statement; a machine statement becomes edited', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Move statement', () =>
      s.call('statements.update', { statementId: 'st1', patch: { start: 4.9994, end: 12.5 } }),
    )
    expect(s.view().statements[0]).toMatchObject({
      start: 4.999,
      end: 12.5,
      status: 'edited',
      origin: 'machine',
    })
    await expectUndoable(s, 'Change statement speaker', () =>
      s.call('statements.update', { statementId: 'st1', patch: { speakerId: 'p1' } }),
    )
    await expectUndoable(s, 'Edit statement quote', () =>
      s.call('statements.update', { statementId: 'st1', patch: { quote: 'Something nobody said.' } }),
    )
    expect(s.view().statements[0]).toMatchObject({
      speakerId: 'p1',
      quoteProblem: 'the quote is not in the transcript',
    })
    await expectUndoable(s, 'Edit statement', () =>
      s.call('statements.update', { statementId: 'st1', patch: { title: 'Doubts', speakerId: null } }),
    )
    expect(s.view().statements[0]).toMatchObject({ title: 'Doubts', speakerId: null })
  })

  it('refuses an unknown statement or speaker and a patch that would end the statement before it starts', async () => {
    const s = episode(true)
    await expectRefused(
      s,
      'statements.update',
      { statementId: 'st9', patch: { title: 'x' } },
      'not-found',
      'statement st9 does not exist',
    )
    await expectRefused(
      s,
      'statements.update',
      { statementId: 'st1', patch: { speakerId: 'p7' } },
      'not-found',
      'participant p7 does not exist',
    )
    await expectRefused(
      s,
      'statements.update',
      { statementId: 'st1', patch: { start: 12 } },
      'invalid-input',
      'the end 0:12.000 is not after the start 0:12.000',
    )
    await expectRefused(s, 'statements.delete', { statementId: 'nope' }, 'not-found', /statement nope/)
  })

  it('records nothing for a change that changes nothing, and leaves a machine statement unreviewed', async () => {
    const s = episode(true)
    await expectNoOp(s, () =>
      s.call('statements.update', {
        statementId: 'st1',
        patch: { start: 5.0001, end: 12, title: 'Multi-agent systems fail', speakerId: 'p2' },
      }),
    )
    expect(s.view().statements[0]?.status).toBe('unreviewed')
  })

  it('deletes a statement; new ids continue after the highest one', async () => {
    const s = episode(true)
    await s.call('statements.create', { start: 20, end: 25 })
    await expectUndoable(s, 'Delete statement', () => s.call('statements.delete', { statementId: 'st1' }))
    const { statementId } = await s.call('statements.create', { start: 30, end: 35 })
    expect(statementId).toBe('st3')
    expect(s.view().statements.map((st) => st.id)).toEqual(['st2', 'st3'])
  })
})

describe('chapters', () => {
  const scoresOf = (s: Session, id: string): Record<string, { value: number | null; reasoning: string }> =>
    s.view().chapters.find((c) => c.id === id)?.scores ?? {}
  const unscored = {
    hostsInformedPeer: { value: null, reasoning: '' },
    guestTeaching: { value: null, reasoning: '' },
    guestDisagreement: { value: null, reasoning: '' },
    hostsPushingBack: { value: null, reasoning: '' },
  }
  const spans = (s: Session): [string, number, number][] =>
    s.view().chapters.map((c) => [c.id, c.start, c.end])

  it('makes two bands covering the media at the first split, the right one new', async () => {
    const s = episode()
    let chapterId = ''
    await expectUndoable(s, 'Add chapters', async () => {
      chapterId = (await s.call('chapters.split', { at: 20.0004 })).chapterId
    })
    expect(chapterId).toBe('ch2')
    const { chapters } = s.view()
    expect(chapters.map((c) => [c.id, c.start, c.end, c.title, c.why, c.origin, c.status])).toEqual([
      ['ch1', 0, 20, '', '', 'human', 'accepted'],
      ['ch2', 20, lastMillis(s), '', '', 'human', 'accepted'],
    ])
    expect(chapters[0]?.scores).toEqual(unscored)
    expect(validExport(s.db, s.id).scoreSummary).toEqual({
      hostsInformedPeer: null,
      guestTeaching: null,
      guestDisagreement: null,
      hostsPushingBack: null,
    })
  })

  it('makes one chapter covering the media when the first split is at an end', async () => {
    for (const at of [0.4, 59.6]) {
      const s = episode()
      const { chapterId } = await s.call('chapters.split', { at })
      expect(chapterId).toBe('ch1')
      expect(spans(s)).toEqual([['ch1', 0, lastMillis(s)]])
      expect(s.view().history.undoLabel).toBe('Add chapter')
    }
    await expectRefused(
      episode(),
      'chapters.split',
      { at: 61 },
      'invalid-input',
      'the split point 1:01.000 is outside the media (0:00.000 to 1:00.029)',
    )
  })

  it('splits the chapter under the point: the left part keeps title, reasoning and scores', async () => {
    const s = episode(true)
    const before = s.view().chapters[1]
    let chapterId = ''
    await expectUndoable(s, 'Split chapter', async () => {
      chapterId = (await s.call('chapters.split', { at: 30 })).chapterId
    })
    expect(chapterId).toBe('ch4')
    expect(spans(s)).toEqual([
      ['ch1', 0, 12.5],
      ['ch2', 12.5, 30],
      ['ch4', 30, 40],
      ['ch3', 40, lastMillis(s)],
    ])
    const [, left, right] = s.view().chapters
    expect(left).toEqual({ ...before, end: 30, status: 'edited' })
    expect(right).toEqual({
      id: 'ch4',
      title: '',
      start: 30,
      end: 40,
      why: '',
      scores: unscored,
      machineScores: null,
      reasoningToConfirm: [],
      scoreReview: null,
      origin: 'human',
      status: 'accepted',
    })
  })

  it('refuses to split in a gap, close to a chapter edge or past the media', async () => {
    const s = episode(true)
    await s.call('chapters.delete', { chapterId: 'ch2' })
    await expectRefused(
      s,
      'chapters.split',
      { at: 20 },
      'invalid-input',
      '0:20.000 is between chapters; there is no chapter to split',
    )
    await expectRefused(
      s,
      'chapters.split',
      { at: 12.2 },
      'invalid-input',
      '0:12.200 is too close to an edge of chapter "Welcome": each part must be at least 0.5 s long',
    )
    await expectRefused(s, 'chapters.split', { at: 40.3 }, 'invalid-input', /too close to an edge/)
    await expectRefused(s, 'chapters.split', { at: 60.5 }, 'invalid-input', /outside the media/)
  })

  it('moves a shared boundary with both chapters, stopping 0.5 s short of their other edges', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Move chapter boundary', () =>
      s.call('chapters.moveBoundary', { chapterId: 'ch2', edge: 'start', at: 8.0004 }),
    )
    expect(spans(s)).toEqual([
      ['ch1', 0, 8],
      ['ch2', 8, 40],
      ['ch3', 40, lastMillis(s)],
    ])
    expect(s.view().chapters.map((c) => c.status)).toEqual(['edited', 'edited', 'unreviewed'])
    await s.call('chapters.moveBoundary', { chapterId: 'ch1', edge: 'end', at: 45 })
    expect(spans(s)[0]).toEqual(['ch1', 0, 39.5])
    await s.call('chapters.moveBoundary', { chapterId: 'ch2', edge: 'start', at: 0 })
    expect(spans(s).slice(0, 2)).toEqual([
      ['ch1', 0, 0.5],
      ['ch2', 0.5, 40],
    ])
    await s.call('chapters.moveBoundary', { chapterId: 'ch3', edge: 'end', at: 30 })
    expect(spans(s)[2]).toEqual(['ch3', 40, 40.5])
    validExport(s.db, s.id)
  })

  it('moves an outer edge up to the media ends and an edge across a gap up to the next chapter', async () => {
    const s = episode(true)
    await s.call('chapters.delete', { chapterId: 'ch2' })
    await s.call('chapters.moveBoundary', { chapterId: 'ch3', edge: 'start', at: 5 })
    expect(spans(s)).toEqual([
      ['ch1', 0, 12.5],
      ['ch3', 12.5, lastMillis(s)],
    ])
    await s.call('history.undo', {})
    await s.call('chapters.moveBoundary', { chapterId: 'ch1', edge: 'end', at: 50 })
    expect(spans(s)).toEqual([
      ['ch1', 0, 40],
      ['ch3', 40, lastMillis(s)],
    ])
    await s.call('chapters.moveBoundary', { chapterId: 'ch1', edge: 'start', at: 3 })
    await s.call('chapters.moveBoundary', { chapterId: 'ch1', edge: 'start', at: 0 })
    await s.call('chapters.moveBoundary', { chapterId: 'ch3', edge: 'end', at: 55 })
    await s.call('chapters.moveBoundary', { chapterId: 'ch3', edge: 'end', at: 1000 })
    expect(spans(s)).toEqual([
      ['ch1', 0, 40],
      ['ch3', 40, lastMillis(s)],
    ])
    await expectNoOp(s, () => s.call('chapters.moveBoundary', { chapterId: 'ch3', edge: 'end', at: 999 }))
    await expectRefused(
      s,
      'chapters.moveBoundary',
      { chapterId: 'ch2', edge: 'end', at: 3 },
      'not-found',
      'chapter ch2 does not exist',
    )
  })

  it('merges a chapter with the next: first title and scores win, the second fills gaps, reasonings join', async () => {
    const s = episode(true)
    await s.call('chapters.update', { chapterId: 'ch2', patch: { title: '' } })
    await s.call('scores.set', { chapterId: 'ch2', dimension: 'guestTeaching', value: null, reasoning: '' })
    const [, second, third] = s.view().chapters
    await expectUndoable(s, 'Merge chapters', () => s.call('chapters.mergeNext', { chapterId: 'ch2' }))
    const merged = s.view().chapters
    expect(merged.map((c) => c.id)).toEqual(['ch1', 'ch2'])
    expect(merged[1]).toMatchObject({
      id: 'ch2',
      title: 'What to build',
      start: 12.5,
      end: lastMillis(s),
      why: 'The guest doubts group chats of agents.',
      status: 'edited',
    })
    expect(merged[1]?.scores).toEqual({
      hostsInformedPeer: {
        value: second?.scores.hostsInformedPeer?.value,
        reasoning: 'Multi-agent doubts on hostsInformedPeer\n\nWhat to build on hostsInformedPeer',
      },
      guestTeaching: {
        value: third?.scores.guestTeaching?.value,
        reasoning: 'What to build on guestTeaching',
      },
      guestDisagreement: {
        value: second?.scores.guestDisagreement?.value,
        reasoning: 'Multi-agent doubts on guestDisagreement\n\nWhat to build on guestDisagreement',
      },
      hostsPushingBack: {
        value: second?.scores.hostsPushingBack?.value,
        reasoning: 'Multi-agent doubts on hostsPushingBack\n\nWhat to build on hostsPushingBack',
      },
    })
    await s.call('chapters.update', { chapterId: 'ch2', patch: { why: 'Doubts, then a plan.' } })
    await s.call('chapters.mergeNext', { chapterId: 'ch1' })
    expect(s.view().chapters[0]).toMatchObject({
      title: 'Welcome',
      why: 'An opening.\n\nDoubts, then a plan.',
      start: 0,
      end: lastMillis(s),
    })
    expect(validExport(s.db, s.id).statements[0]?.chapterId).toBe('ch1')
  })

  it('refuses to merge the last chapter', async () => {
    const s = episode(true)
    await expectRefused(
      s,
      'chapters.mergeNext',
      { chapterId: 'ch3' },
      'invalid-input',
      'chapter "What to build" is the last chapter; there is none after it to merge',
    )
  })

  it('renames and explains a chapter', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Rename chapter', () =>
      s.call('chapters.update', { chapterId: 'ch1', patch: { title: '  Cold open ' } }),
    )
    await expectUndoable(s, 'Edit chapter reasoning', () =>
      s.call('chapters.update', { chapterId: 'ch1', patch: { why: 'Greetings only.' } }),
    )
    await expectUndoable(s, 'Edit chapter', () =>
      s.call('chapters.update', { chapterId: 'ch1', patch: { why: 'Hello.', title: 'Hi' } }),
    )
    expect(s.view().chapters[0]).toMatchObject({ title: 'Hi', why: 'Hello.', status: 'edited' })
    await expectNoOp(s, () => s.call('chapters.update', { chapterId: 'ch1', patch: { title: 'Hi' } }))
  })

  it('deletes a chapter with its scores and leaves a gap; statements in it lose their chapter', async () => {
    const s = episode(true)
    await s.call('statements.create', { start: 20, end: 25 })
    await expectUndoable(s, 'Delete chapter', () => s.call('chapters.delete', { chapterId: 'ch2' }))
    const doc = validExport(s.db, s.id)
    expect(doc.chapters.map((c) => c.id)).toEqual(['ch1', 'ch3'])
    expect(doc.statements.map((st) => [st.id, st.chapterId])).toEqual([
      ['st1', 'ch1'],
      ['st2', null],
    ])
    expect(
      s.db.prepare(`SELECT count(*) AS n FROM scores WHERE episode_id = ? AND chapter_id = 'ch2'`).get(s.id),
    ).toEqual({ n: 0 })
    expect(scoresOf(s, 'ch3')).toHaveProperty('guestTeaching')
  })
})

describe('scores', () => {
  it('scores a chapter on a dimension and the summary follows; a machine chapter’s score becomes edited, the chapter stays unreviewed', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Score Guest teaching', () =>
      s.call('scores.set', {
        chapterId: 'ch3',
        dimension: 'guestTeaching',
        value: 10,
        reasoning: 'A clear plan.',
      }),
    )
    const view = s.view()
    expect(view.chapters[2]).toMatchObject({
      status: 'unreviewed',
      scores: { guestTeaching: { value: 10, reasoning: 'A clear plan.' } },
      scoreReview: { guestTeaching: 'edited', guestDisagreement: 'unreviewed' },
    })
    // Seeded guestTeaching values are 1, 2 and now 10.
    expect(view.scoreSummary.guestTeaching).toBe(4.3)
    await expectUndoable(s, 'Score Guest teaching', () =>
      s.call('scores.set', { chapterId: 'ch3', dimension: 'guestTeaching', value: null }),
    )
    expect(s.view().chapters[2]?.scores.guestTeaching).toEqual({ value: null, reasoning: 'A clear plan.' })
    expect(s.view().scoreSummary.guestTeaching).toBe(1.5)
    await expectNoOp(s, () =>
      s.call('scores.set', { chapterId: 'ch3', dimension: 'guestTeaching', reasoning: 'A clear plan.' }),
    )
    expect(validExport(s.db, s.id).scoreSummary.guestTeaching).toBe(1.5)
  })

  it('refuses a score off the scale, an unknown dimension and an unknown chapter', async () => {
    const s = episode(true)
    await expectRefused(
      s,
      'scores.set',
      { chapterId: 'ch1', dimension: 'guestTeaching', value: 11 },
      'invalid-input',
      'score 11 is outside the scale 0-10',
    )
    await expectRefused(
      s,
      'scores.set',
      { chapterId: 'ch1', dimension: 'guestTeaching', value: -1 },
      'invalid-input',
      'score -1 is outside the scale 0-10',
    )
    await expectRefused(
      s,
      'scores.set',
      { chapterId: 'ch1', dimension: 'guestTeaching', value: 2.5 },
      'invalid-request',
      /value/,
    )
    await expectRefused(
      s,
      'scores.set',
      { chapterId: 'ch1', dimension: 'hostHumour', value: 1 },
      'not-found',
      'rubric dimension hostHumour does not exist',
    )
    await expectRefused(
      s,
      'scores.set',
      { chapterId: 'ch7', dimension: 'guestTeaching', value: 1 },
      'not-found',
      'chapter ch7 does not exist',
    )
  })
})

describe('rubric', () => {
  it('adds a dimension with a key made from its label, last, unscored on every chapter', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Add dimension Host humour', () => s.call('rubric.add', { label: 'Host humour' }))
    await s.call('rubric.add', {
      label: 'Host wit',
      description: 'Jokes that land.',
      highlightLabel: 'Best joke',
    })
    const view = s.view()
    expect(view.rubric.dimensions.slice(4)).toEqual([
      { key: 'hostHumour', label: 'Host humour', description: '', highlightLabel: 'Host humour' },
      {
        key: 'hostWit',
        label: 'Host wit',
        description: 'Jokes that land.',
        highlightLabel: 'Best joke',
      },
    ])
    for (const chapter of view.chapters)
      expect(chapter.scores.hostWit).toEqual({ value: null, reasoning: '' })
    expect(validExport(s.db, s.id).scoreSummary).toMatchObject({ hostHumour: null, hostWit: null })
    expectFullScoreGrid(s.db, s.id)
    await s.call('rubric.add', { label: 'Anything', key: 'custom1' })
    expect(s.view().rubric.dimensions.at(-1)?.key).toBe('custom1')
  })

  it('makes keys camelCase ASCII, and unique', () => {
    const none = new Set<string>()
    expect(keyFromLabel('Host humour', none)).toBe('hostHumour')
    expect(keyFromLabel('The hosts as informed peer', none)).toBe('theHostsAsInformedPeer')
    expect(keyFromLabel('AI safety, really?', none)).toBe('aiSafetyReally')
    expect(keyFromLabel('Émotion réelle', none)).toBe('emotionReelle')
    expect(keyFromLabel('3D teaching', none)).toBe('dimension3dTeaching')
    expect(keyFromLabel('???', none)).toBe('dimension')
    expect(keyFromLabel('x'.repeat(100), none)).toHaveLength(60)
    expect(keyFromLabel('Host humour', new Set(['hostHumour', 'hostHumour2']))).toBe('hostHumour3')
  })

  it('refuses a key the rubric already has or one that is not camelCase', async () => {
    const s = episode(true)
    await expectRefused(
      s,
      'rubric.add',
      { label: 'Teaching', key: 'guestTeaching' },
      'invalid-input',
      'the rubric already has a dimension with the key "guestTeaching"',
    )
    await expectRefused(
      s,
      'rubric.add',
      { label: 'Teaching', key: 'Guest-teaching' },
      'invalid-request',
      /key/,
    )
    await expectRefused(s, 'rubric.add', { label: '   ' }, 'invalid-request', 'a dimension needs a label')
  })

  it('renames and describes a dimension; its key stays', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Rename dimension Guest teaching', () =>
      s.call('rubric.update', { key: 'guestTeaching', patch: { label: 'Guest as teacher' } }),
    )
    await expectUndoable(s, 'Edit dimension Guest as teacher', () =>
      s.call('rubric.update', {
        key: 'guestTeaching',
        patch: { description: 'How much the guest explains.', highlightLabel: 'Best lesson' },
      }),
    )
    expect(s.view().rubric.dimensions[1]).toEqual({
      key: 'guestTeaching',
      label: 'Guest as teacher',
      description: 'How much the guest explains.',
      highlightLabel: 'Best lesson',
    })
    await expectNoOp(s, () =>
      s.call('rubric.update', { key: 'guestTeaching', patch: { label: 'Guest as teacher' } }),
    )
    await expectRefused(s, 'rubric.update', { key: 'nope', patch: { label: 'x' } }, 'not-found', /nope/)
  })

  it('reorders dimensions', async () => {
    const s = episode(true)
    const keys = (): string[] => s.view().rubric.dimensions.map((d) => d.key)
    await expectUndoable(s, 'Move dimension Guest disagreement', () =>
      s.call('rubric.move', { key: 'guestDisagreement', to: 0 }),
    )
    expect(keys()).toEqual(['guestDisagreement', 'hostsInformedPeer', 'guestTeaching', 'hostsPushingBack'])
    await s.call('rubric.move', { key: 'guestDisagreement', to: 99 })
    expect(keys()).toEqual(['hostsInformedPeer', 'guestTeaching', 'hostsPushingBack', 'guestDisagreement'])
    await s.call('rubric.move', { key: 'hostsInformedPeer', to: 2 })
    expect(keys()).toEqual(['guestTeaching', 'hostsPushingBack', 'hostsInformedPeer', 'guestDisagreement'])
    await expectNoOp(s, () => s.call('rubric.move', { key: 'hostsInformedPeer', to: 2 }))
    expect(Object.keys(validExport(s.db, s.id).scoreSummary)).toEqual(keys())
  })

  it('removes a dimension with every score on it and its highlight; undo brings all of it back', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Remove dimension Guest disagreement', () =>
      s.call('rubric.remove', { key: 'guestDisagreement' }),
    )
    const view = s.view()
    expect(view.rubric.dimensions.map((d) => d.key)).not.toContain('guestDisagreement')
    expect(view.highlights).toEqual([])
    for (const chapter of view.chapters) expect(chapter.scores).not.toHaveProperty('guestDisagreement')
    expect(validExport(s.db, s.id).scoreSummary).not.toHaveProperty('guestDisagreement')
  })

  it('saves the rubric as the one new episodes start with, outside the episode history', async () => {
    const s = episode(true)
    await s.call('rubric.add', { label: 'Host humour', highlightLabel: 'Best joke' })
    await s.call('rubric.remove', { key: 'hostsPushingBack' })
    await s.call('rubric.move', { key: 'hostHumour', to: 0 })
    s.db.prepare(`UPDATE episodes SET scale_min = 1, scale_max = 5 WHERE id = ?`).run(s.id)
    const history = s.view().history
    expect(await s.call('rubric.saveDefault', {})).toEqual({ dimensions: 4 })
    expect(s.view().history).toEqual(history)
    const id = await createEpisode(s.db, { mediaPath: whisperX.media, title: 'Next episode' })
    const next = episodeView(s.db, id)
    expect(next.rubric).toEqual(s.view().rubric)
    expect(next.rubric.scale).toEqual({ min: 1, max: 5 })
    expect(next.rubric.dimensions[0]).toMatchObject({ key: 'hostHumour', highlightLabel: 'Best joke' })
    // Saved again after a change, the newest rubric wins.
    await s.call('rubric.remove', { key: 'hostHumour' })
    expect(await s.call('rubric.saveDefault', {})).toEqual({ dimensions: 3 })
    const other = openDatabase(path.join(tempFolder(), 'other.sqlite'))
    const fresh = await createEpisode(other, { mediaPath: whisperX.media })
    expect(episodeView(other, fresh).rubric.dimensions).toHaveLength(4)
    const third = await createEpisode(s.db, { mediaPath: whisperX.media })
    expect(episodeView(s.db, third).rubric.dimensions.map((d) => d.key)).toEqual([
      'hostsInformedPeer',
      'guestTeaching',
      'guestDisagreement',
    ])
  })
})

describe('highlights', () => {
  it('keeps one highlight per dimension: set creates it, set again moves and retitles it', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Set highlight Biggest teaching moment', () =>
      s.call('highlights.set', { dimension: 'guestTeaching', time: 25.0005, title: 'Algorithms explained' }),
    )
    expect(s.view().highlights).toEqual([
      {
        id: 'hl1',
        dimension: 'guestDisagreement',
        time: 6.5,
        title: 'Group chats do not work',
        description: '',
        origin: 'machine',
        status: 'unreviewed',
      },
      {
        id: 'hl2',
        dimension: 'guestTeaching',
        time: 25.001,
        title: 'Algorithms explained',
        description: '',
        origin: 'human',
        status: 'accepted',
      },
    ])
    await expectUndoable(s, 'Set highlight Sharpest disagreement', () =>
      s.call('highlights.set', { dimension: 'guestDisagreement', time: 30, description: 'Blunt.' }),
    )
    expect(s.view().highlights.map((h) => [h.id, h.time, h.title, h.description, h.status])).toEqual([
      ['hl2', 25.001, 'Algorithms explained', '', 'accepted'],
      ['hl1', 30, 'Group chats do not work', 'Blunt.', 'edited'],
    ])
    await expectNoOp(s, () => s.call('highlights.set', { dimension: 'guestDisagreement', time: 30 }))
  })

  it('refuses an unknown dimension and a time past the media', async () => {
    const s = episode(true)
    await expectRefused(
      s,
      'highlights.set',
      { dimension: 'hostHumour', time: 3 },
      'not-found',
      'rubric dimension hostHumour does not exist',
    )
    await expectRefused(
      s,
      'highlights.set',
      { dimension: 'guestTeaching', time: 61 },
      'invalid-input',
      'the highlight time 1:01.000 is outside the media (0:00.000 to 1:00.029)',
    )
    await expectRefused(
      s,
      'highlights.update',
      { highlightId: 'hl1', patch: { time: 70 } },
      'invalid-input',
      /outside the media/,
    )
    await expectRefused(
      s,
      'highlights.delete',
      { highlightId: 'hl5' },
      'not-found',
      'highlight hl5 does not exist',
    )
  })

  it('moves, retitles and deletes a highlight', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Move highlight', () =>
      s.call('highlights.update', { highlightId: 'hl1', patch: { time: 8 } }),
    )
    await expectUndoable(s, 'Rename highlight', () =>
      s.call('highlights.update', { highlightId: 'hl1', patch: { title: 'Silly group chats' } }),
    )
    await expectUndoable(s, 'Edit highlight', () =>
      s.call('highlights.update', { highlightId: 'hl1', patch: { title: 'Chats', description: 'Crew AI.' } }),
    )
    expect(s.view().highlights[0]).toMatchObject({
      time: 8,
      title: 'Chats',
      description: 'Crew AI.',
      status: 'edited',
    })
    await expectUndoable(s, 'Delete highlight', () => s.call('highlights.delete', { highlightId: 'hl1' }))
    expect(validExport(s.db, s.id).highlights).toEqual([])
  })
})

describe('participants', () => {
  it('adds a participant last, with role and affiliation', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Add participant', () =>
      s.call('participants.add', { name: 'Will Brown', role: 'guest', affiliation: 'Prime Intellect' }),
    )
    await s.call('participants.add', { name: 'Event host', role: 'host', affiliation: '' })
    expect(s.view().participants.map((p) => [p.id, p.name, p.role, p.affiliation, p.segmentCount])).toEqual([
      ['p1', 'SPEAKER_00', 'other', null, 3],
      ['p2', 'SPEAKER_01', 'other', null, 3],
      ['p3', 'Will Brown', 'guest', 'Prime Intellect', 0],
      ['p4', 'Event host', 'host', null, 0],
    ])
    expect(validExport(s.db, s.id).participants.at(-1)).toEqual({
      id: 'p4',
      name: 'Event host',
      role: 'host',
      affiliation: null,
    })
  })

  it('renames a participant, changes their role and affiliation; speaking balance follows the role', async () => {
    const s = episode(true)
    expect(s.view().speakingBalance?.bins[0]?.guestSeconds).toBe(0)
    await expectUndoable(s, 'Change participant role', () =>
      s.call('participants.update', { participantId: 'p2', patch: { role: 'guest' } }),
    )
    expect(s.view().speakingBalance?.bins[0]?.guestSeconds).toBe(32)
    await expectUndoable(s, 'Edit participant', () =>
      s.call('participants.update', {
        participantId: 'p2',
        patch: { name: 'Will Brown', affiliation: 'Prime Intellect' },
      }),
    )
    await expectUndoable(s, 'Change affiliation', () =>
      s.call('participants.update', { participantId: 'p2', patch: { affiliation: null } }),
    )
    expect(s.view().participants[1]).toMatchObject({ name: 'Will Brown', role: 'guest', affiliation: null })
    await expectNoOp(s, () =>
      s.call('participants.update', { participantId: 'p2', patch: { affiliation: '' } }),
    )
    await expectRefused(
      s,
      'participants.update',
      { participantId: 'p9', patch: { name: 'X' } },
      'not-found',
      'participant p9 does not exist',
    )
  })

  it('removes a participant; what they said stays, by an unknown speaker', async () => {
    const s = episode(true)
    const rev = s.view().transcript.rev
    await expectUndoable(s, 'Remove participant', () =>
      s.call('participants.remove', { participantId: 'p2' }),
    )
    const view = s.view()
    expect(view.participants.map((p) => p.id)).toEqual(['p1'])
    expect(view.statements[0]?.speakerId).toBeNull()
    expect(view.transcript.rev).not.toBe(rev)
    const transcript = await s.call('transcript.get', {})
    expect(transcript.segments.map((seg) => seg.speakerId)).toEqual(['p1', null, 'p1', null, 'p1', null])
    await s.call('history.undo', {})
    expect(s.view().transcript.rev).toBe(rev)
  })
})

describe('episode details', () => {
  it('still edits the source URL and summary', async () => {
    const s = episode(true)
    await expectUndoable(s, 'Edit episode details', () =>
      s.call('episodes.update', {
        patch: { sourceUrl: 'https://www.youtube.com/watch?v=abc', summary: 'Will Brown on agentic RL.' },
      }),
    )
    expect(validExport(s.db, s.id).episode).toMatchObject({
      sourceUrl: 'https://www.youtube.com/watch?v=abc',
      summary: 'Will Brown on agentic RL.',
    })
  })
})

describe('undo and redo', () => {
  const edits: [string, (s: Session) => Promise<unknown>][] = [
    ['Add statement', (s) => s.call('statements.create', { start: 10, end: 20 })],
    ['Move statement', (s) => s.call('statements.update', { statementId: 'st1', patch: { end: 14 } })],
    ['Delete statement', (s) => s.call('statements.delete', { statementId: 'st1' })],
    ['Split chapter', (s) => s.call('chapters.split', { at: 33.3 })],
    [
      'Move chapter boundary',
      (s) => s.call('chapters.moveBoundary', { chapterId: 'ch2', edge: 'end', at: 44 }),
    ],
    ['Merge chapters', (s) => s.call('chapters.mergeNext', { chapterId: 'ch1' })],
    ['Rename chapter', (s) => s.call('chapters.update', { chapterId: 'ch3', patch: { title: 'Plans' } })],
    ['Delete chapter', (s) => s.call('chapters.delete', { chapterId: 'ch1' })],
    [
      'Score Guest disagreement',
      (s) => s.call('scores.set', { chapterId: 'ch1', dimension: 'guestDisagreement', value: 7 }),
    ],
    ['Add dimension Host humour', (s) => s.call('rubric.add', { label: 'Host humour' })],
    [
      'Rename dimension Guest teaching',
      (s) => s.call('rubric.update', { key: 'guestTeaching', patch: { label: 'Teaching' } }),
    ],
    ['Move dimension Guest teaching', (s) => s.call('rubric.move', { key: 'guestTeaching', to: 3 })],
    ['Remove dimension Guest teaching', (s) => s.call('rubric.remove', { key: 'guestTeaching' })],
    [
      'Set highlight The host holds their own',
      (s) => s.call('highlights.set', { dimension: 'hostsInformedPeer', time: 14 }),
    ],
    ['Move highlight', (s) => s.call('highlights.update', { highlightId: 'hl1', patch: { time: 50 } })],
    ['Delete highlight', (s) => s.call('highlights.delete', { highlightId: 'hl1' })],
    ['Add participant', (s) => s.call('participants.add', { name: 'Guest', role: 'guest' })],
    [
      'Rename participant',
      (s) => s.call('participants.update', { participantId: 'p1', patch: { name: 'Host' } }),
    ],
    ['Remove participant', (s) => s.call('participants.remove', { participantId: 'p1' })],
    ['Edit summary', (s) => s.call('episodes.update', { patch: { summary: 'A talk.' } })],
  ]

  it.each(edits)('undoes and redoes "%s" exactly', async (label, edit) => {
    const s = episode(true)
    await expectUndoable(s, label, () => edit(s))
  })
})
