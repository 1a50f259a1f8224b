import { describe, expect, it } from 'vitest'
import type { ChapterView, EpisodeView, MethodName, RequestOf, StatementView } from '../../../shared/contract'
import { optimisticPatch, type ViewPatch } from './optimisticPatch'
import { answered, EMPTY, keepShown, received, refused, sent, type OptimisticView } from './optimisticView'

const chapter = (id: string, score: number | null): ChapterView =>
  ({
    id,
    title: `Chapter ${id}`,
    start: 0,
    end: 10,
    why: '',
    scores: { teaching: { value: score, reasoning: '' } },
    machineScores: null,
    scoreReview: null,
    reasoningToConfirm: [],
    origin: 'human',
    status: 'accepted',
  }) as ChapterView

const statement = (id: string): StatementView => ({ id, title: `Statement ${id}` }) as StatementView

const VIEW = {
  summary: { reviewStatus: 'draft' },
  chapters: [chapter('c1', 3), chapter('c2', null)],
  statements: [statement('s1'), statement('s2')],
  highlights: [],
  participants: [],
  scoreSummary: { teaching: 3 },
  // Just opened after an undo: nothing left to undo, the undone step to redo.
  history: { canUndo: false, canRedo: true, undoLabel: null, redoLabel: 'Score Teaching' },
} as unknown as EpisodeView

/** The core's answer to an edit: the view after it, built afresh as a reply would be. */
const core = (view: EpisodeView, ...patches: ViewPatch[]): EpisodeView =>
  patches.reduce((v, p) => p(v), structuredClone(view))

const patchOf = <K extends MethodName>(method: K, request: RequestOf<K>): ViewPatch => {
  const patch = optimisticPatch(method, request)
  if (!patch) throw new Error(`${method} has no patch`)
  return patch
}

const setScore = (chapterId: string, value: number | null, amend = false): ViewPatch =>
  patchOf('scores.set', { id: 'e', chapterId, dimension: 'teaching', value, ...(amend && { amend }) })
const chapterTitle = (chapterId: string, title: string): ViewPatch =>
  patchOf('chapters.update', { id: 'e', chapterId, patch: { title } })
const statementTitle = (statementId: string, title: string): ViewPatch =>
  patchOf('statements.update', { id: 'e', statementId, patch: { title } })

const open = (): OptimisticView => received(EMPTY, VIEW)
const score = (state: OptimisticView, chapterId: string): number | null | undefined =>
  state.shown?.chapters.find((c) => c.id === chapterId)?.scores.teaching?.value

describe('an edit shown before the core answers', () => {
  it('can be undone at once, and drops the redo, as the core will record it; refused, the history is back', () => {
    const state = sent(open(), 1, setScore('c2', 7))
    expect(state.shown?.history).toMatchObject({ canUndo: true, canRedo: false, redoLabel: null })
    expect(refused(state, 1).shown?.history).toEqual(VIEW.history)
  })

  it('is applied to the view shown at once: a score, a chapter title, a statement title', () => {
    let state = sent(open(), 1, setScore('c2', 7))
    state = sent(state, 2, chapterTitle('c1', 'Opening'))
    state = sent(state, 3, statementTitle('s2', 'A claim'))
    expect(score(state, 'c2')).toBe(7)
    expect(state.shown?.chapters[0]?.title).toBe('Opening')
    expect(state.shown?.statements[1]?.title).toBe('A claim')
    // The core's view is untouched until it answers, and only the changed items are new objects.
    expect(state.confirmed).toBe(VIEW)
    expect(state.shown?.statements[0]).toBe(VIEW.statements[0])
    expect(state.pending.map((p) => p.seq)).toEqual([1, 2, 3])
  })

  it('confirmed by an equal answer, keeps the objects shown: nothing is drawn again', () => {
    const patch = setScore('c2', 7)
    const before = sent(open(), 1, patch)
    const after = answered(before, 1, core(VIEW, patch))
    expect(after.pending).toEqual([])
    expect(after.shown).toBe(before.shown)
    expect(after.confirmed).not.toBe(VIEW)
  })

  it('shows what the core answered when it differs (a derived mean, a title it cleaned)', () => {
    const state = answered(sent(open(), 1, setScore('c2', 7)), 1, {
      ...core(VIEW, setScore('c2', 7)),
      scoreSummary: { teaching: 5 },
    })
    expect(state.shown?.scoreSummary).toEqual({ teaching: 5 })
    expect(state.shown?.chapters[0]).toBe(VIEW.chapters[0])
  })

  it('refused, rolls back to the core’s view', () => {
    const state = refused(sent(open(), 1, chapterTitle('c1', 'Refused')), 1)
    expect(state.shown).toBe(VIEW)
    expect(state.pending).toEqual([])
  })

  it('two pending in order: the first confirmed, the second stays laid over the answer', () => {
    const first = setScore('c1', 5)
    const second = setScore('c1', 6)
    let state = sent(sent(open(), 1, first), 2, second)
    expect(score(state, 'c1')).toBe(6)
    state = answered(state, 1, core(VIEW, first))
    expect(score(state, 'c1')).toBe(6)
    expect(state.confirmed?.chapters[0]?.scores.teaching?.value).toBe(5)
    state = answered(state, 2, core(VIEW, first, second))
    expect(score(state, 'c1')).toBe(6)
    expect(state.pending).toEqual([])
  })

  it('a refused first edit leaves the second shown over the core’s view', () => {
    let state = sent(sent(open(), 1, chapterTitle('c1', 'No')), 2, setScore('c2', 4))
    state = refused(state, 1)
    expect(state.shown?.chapters[0]?.title).toBe('Chapter c1')
    expect(score(state, 'c2')).toBe(4)
  })

  it('an older answer arriving after a newer one is not shown', () => {
    const first = chapterTitle('c1', 'First')
    const second = chapterTitle('c1', 'Second')
    let state = sent(sent(open(), 1, first), 2, second)
    state = answered(state, 2, core(VIEW, first, second))
    state = answered(state, 1, core(VIEW, first))
    expect(state.shown?.chapters[0]?.title).toBe('Second')
    expect(state.pending).toEqual([])
  })

  it('amend: `1` then `0` shows 1 then 10, and 10 once both are answered', () => {
    let state = sent(open(), 1, setScore('c2', 1))
    expect(score(state, 'c2')).toBe(1)
    state = sent(state, 2, setScore('c2', 10, true))
    expect(score(state, 'c2')).toBe(10)
    state = answered(state, 1, core(VIEW, setScore('c2', 1)))
    expect(score(state, 'c2')).toBe(10)
    // The amended edit refused: back to the 1 the core holds.
    expect(score(refused(state, 2), 'c2')).toBe(1)
    state = answered(state, 2, core(VIEW, setScore('c2', 10)))
    expect(score(state, 'c2')).toBe(10)
  })

  it('an undo answered after a pending edit shows the core’s view with the edit still laid over it', () => {
    const state = answered(sent(open(), 1, setScore('c1', 9)), 0, core(VIEW))
    expect(score(state, 'c1')).toBe(9)
    expect(score(answered(state, 1, core(VIEW, setScore('c1', 9))), 'c1')).toBe(9)
  })

  it('only edits whose outcome the window knows are shown early', () => {
    expect(optimisticPatch('chapters.split', { id: 'e', at: 5 })).toBeNull()
    expect(
      optimisticPatch('statements.update', { id: 'e', statementId: 's1', patch: { start: 1 } }),
    ).toBeNull()
    const state = sent(open(), 1, null)
    expect(state.shown).toBe(VIEW)
    expect(state.pending).toEqual([])
  })

  it('a machine score the reviewer changes reads as edited, so scoring blind shows it', () => {
    const machine = {
      ...VIEW,
      chapters: [{ ...chapter('c1', 3), scoreReview: { teaching: 'unreviewed' } }],
    } as EpisodeView
    const shown = setScore('c1', 8)(machine).chapters[0]
    expect(shown?.scoreReview).toEqual({ teaching: 'edited' })
    expect(keepShown(machine, structuredClone(machine))).toBe(machine)
  })
})
