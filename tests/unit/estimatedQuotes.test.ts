import { beforeAll, describe, expect, it } from 'vitest'
import { estimatedWordTimes } from '../../src/shared/estimatedWordTimes'
import { findProblems } from '../../src/shared/problems'
import { makeTemplate, openCopy, type Template } from './analysisFixture'

let template: Template
beforeAll(async () => {
  // Captions only: the interview as WebVTT cues, without word times.
  template = await makeTemplate({ transcript: 'vtt' })
})

describe('quotes from a transcript without word times', () => {
  it('shares a cue’s time among its words by their characters, the last ending with the cue', () => {
    const words = estimatedWordTimes({
      start: 5,
      end: 12,
      text: 'Multi-agent systems mostly do not work today.',
    })
    expect(words.map((w) => w.text)).toEqual([
      'Multi-agent',
      'systems',
      'mostly',
      'do',
      'not',
      'work',
      'today.',
    ])
    // 39 characters in 7 s: "Multi-agent" (11) takes 11/39 of it.
    expect(words[0]?.end).toBeCloseTo(5 + (7 * 11) / 39, 9)
    expect(words.at(-1)?.end).toBe(12)
    for (let i = 1; i < words.length; i++) expect(words[i]?.start).toBe(words[i - 1]?.end)
  })

  it('quotes the words whose estimated midpoint is inside the span, not the whole cue, and the quote passes the check', async () => {
    const s = openCopy(template)
    const inside = await s.call('statements.create', { start: 7, end: 10 })
    const made = inside.view.statements.find((x) => x.id === inside.statementId)
    expect(made?.quote).toBe('systems mostly do not')
    expect(made?.quoteProblem).toBeNull()

    // A span starting just after a cue's last word does not quote it: "everybody." ends the cue at 4 s,
    // its midpoint at 3.44 s.
    const next = await s.call('statements.create', { start: 3.9, end: 6 })
    expect(next.view.statements.find((x) => x.id === next.statementId)?.quote).toBe('Multi-agent')

    // The end is not inside: "do" (its midpoint at 9.49 s) is left out of a span from 9.5 s.
    const end = await s.call('statements.create', { start: 9.5, end: 12 })
    expect(end.view.statements.find((x) => x.id === end.statementId)?.quote).toBe('not work today.')
  })

  it('moves a filled quote with its span by the same estimate', async () => {
    const s = openCopy(template)
    const { statementId } = await s.call('statements.create', { start: 7, end: 10 })
    const { view } = await s.call('statements.update', { statementId, patch: { start: 9.5, end: 12 } })
    expect(view.statements.find((x) => x.id === statementId)?.quote).toBe('not work today.')
  })

  it('flags an estimated quote as a note (never blocking) until the editor confirms it, in one undoable step', async () => {
    const s = openCopy(template)
    const { statementId } = await s.call('statements.create', { start: 7, end: 10 })
    const shown = () => s.view().statements.find((x) => x.id === statementId)
    expect(shown()?.quoteEstimated).toBe(true)
    const note = findProblems(s.view()).find((p) => p.kind === 'quoteEstimated')
    expect(note).toMatchObject({ severity: 'note', target: { kind: 'statement', id: statementId } })
    expect(note?.message).toMatch(/quote estimated: no word times/)

    const { view } = await s.call('statements.confirmQuote', { statementId })
    expect(view.statements.find((x) => x.id === statementId)?.quoteEstimated).toBe(false)
    expect(view.history.undoLabel).toBe('Confirm quote')
    expect(findProblems(view).some((p) => p.kind === 'quoteEstimated')).toBe(false)
    // Confirmed, the quote is kept as written when the span moves, and checked against the cues it touches.
    const moved = await s.call('statements.update', { statementId, patch: { start: 6, end: 11 } })
    expect(moved.view.statements.find((x) => x.id === statementId)).toMatchObject({
      quote: 'systems mostly do not',
      quoteProblem: null,
    })
    await s.call('history.undo', {})
    await s.call('history.undo', {})
    expect(shown()?.quoteEstimated).toBe(true)
  })
})
