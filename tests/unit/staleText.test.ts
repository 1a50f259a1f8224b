import { beforeAll, describe, expect, it } from 'vitest'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { findProblems } from '../../src/shared/problems'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { machineEpisode } from '../machineEpisode'
import { makeTemplate, openCopy, seedMachineAnalysis, type Session, type Template } from './analysisFixture'
import { reviewEverything } from './publishFixture'

/*
 * No stale text published: a statement's quote is what its span says (filled quotes follow the span,
 * typed ones are kept and flagged), and a machine's reasoning left beside a changed score blocks
 * publishing until it is rewritten or kept.
 */

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

const statementOf = (s: Session, id: string) => {
  const found = s.view().statements.find((x) => x.id === id)
  if (!found) throw new Error(`no statement ${id}`)
  return found
}

const kindsOf = (s: Session): string[] => findProblems(s.view()).map((p) => `${p.kind} ${p.severity}`)

/** The lines a final export is refused with, after its lead line; empty when it is published. */
async function publishRefusal(s: Session): Promise<string[]> {
  const reply = await s.reply('episodes.exportAs', { format: 'episode', final: true })
  return reply.ok ? [] : reply.error.message.split('\n').slice(1)
}

/** An episode loaded from a machine's episode JSON, with the statements given. */
function loaded(
  statements: EpisodeDocument['statements'],
  segments: NonNullable<EpisodeDocument['transcript']>['segments'] = [],
): Session {
  const s = openCopy(template)
  const doc = machineEpisode(s.id)
  const transcript = doc.transcript && {
    segments: [...doc.transcript.segments, ...segments].sort((a, b) => a.start - b.start),
  }
  loadEpisodeDocument(s.db, { ...doc, statements, transcript }, { replace: true })
  return s
}

const machineStatement = (quote: string): EpisodeDocument['statements'][number] => ({
  id: 's1',
  title: 'Multi-agent systems mostly do not work',
  quote,
  start: 5,
  end: 12,
  speakerId: 'will',
  chapterId: 'c1',
  origin: 'machine',
  status: 'unreviewed',
})

describe('a quote filled from the transcript follows its span', () => {
  it('is refilled with the words in the span when either edge moves, in the one undoable move', async () => {
    const s = openCopy(template)
    const { statementId: id } = await s.call('statements.create', { start: 5, end: 12 })
    expect(statementOf(s, id).quote).toBe('Multi-agent systems mostly do not work today.')

    // A drag or Shift+[ moves the start: the words before it leave the quote.
    await s.call('statements.update', { statementId: id, patch: { start: 8 } })
    expect(statementOf(s, id)).toMatchObject({ quote: 'do not work today.', quoteProblem: null })
    expect(s.view().history.undoLabel).toBe('Move statement')

    // Typed times (or a nudge) move both edges: the quote takes the words of the new span.
    await s.call('statements.update', { statementId: id, patch: { start: 12.5, end: 21 } })
    expect(statementOf(s, id)).toMatchObject({ quote: 'Why do you say that? Because the algorithms' })
    expect(kindsOf(s)).not.toContain('quoteMismatch error')

    await s.call('history.undo', {})
    expect(statementOf(s, id).quote).toBe('do not work today.')
    await s.call('history.undo', {})
    expect(statementOf(s, id).quote).toBe('Multi-agent systems mostly do not work today.')
  })

  it('follows for a machine quote that is the words of its span, and for one made before Episcore knew', async () => {
    const s = loaded([machineStatement('Multi-agent systems mostly do not work today.')])
    await s.call('statements.update', { statementId: 's1', patch: { end: 7 } })
    expect(statementOf(s, 's1')).toMatchObject({ quote: 'Multi-agent systems mostly do', status: 'edited' })

    // A statement written before the quote's origin was kept (quote_filled NULL) is judged by its words.
    const old = openCopy(template)
    seedMachineAnalysis(old.db, old.id)
    await old.call('statements.update', { statementId: 'st1', patch: { start: 9 } })
    expect(statementOf(old, 'st1').quote).toBe('not work today.')
  })
})

describe('a typed quote is kept as written, and flagged when its span no longer says it', () => {
  it('keeps the editor’s quote through a move and blocks publishing until it matches again', async () => {
    const s = openCopy(template)
    seedMachineAnalysis(s.db, s.id)
    reviewEverything(s.db, s.id)
    const typed = 'Multi-agent systems mostly do not work today, honestly.'
    await s.call('statements.update', { statementId: 'st1', patch: { quote: typed } })
    expect(statementOf(s, 'st1').quoteProblem).toBeNull()
    expect(await publishRefusal(s)).toEqual([])
    await s.call('history.undo', {}) // not final again

    await s.call('statements.update', { statementId: 'st1', patch: { start: 9 } })
    const moved = statementOf(s, 'st1')
    expect(moved.quote).toBe(typed)
    expect(moved.quoteProblem).toBe('the quote is said elsewhere in the transcript, not in this span')
    expect(kindsOf(s)).toContain('quoteMismatch error')
    expect(await publishRefusal(s)).toEqual([
      '/statements/0/quote: the quote is said elsewhere in the transcript, not in this span',
    ])

    // Back where it is said, it publishes.
    await s.call('statements.update', { statementId: 'st1', patch: { start: 5 } })
    expect(statementOf(s, 'st1').quoteProblem).toBeNull()
    expect(await publishRefusal(s)).toEqual([])
  })

  it('keeps a machine’s quote that is not the words of its span, and flags it once the span loses them', async () => {
    const paraphrase = 'Multi-agent systems mostly do not work today, honestly.'
    const s = loaded([machineStatement(paraphrase)])
    expect(statementOf(s, 's1').quoteProblem).toBeNull()
    await s.call('statements.update', { statementId: 's1', patch: { start: 8.5 } })
    expect(statementOf(s, 's1')).toMatchObject({
      quote: paraphrase,
      quoteProblem: 'the quote is said elsewhere in the transcript, not in this span',
    })
    expect(kindsOf(s)).toContain('quoteMismatch error')
  })

  it('flags a long typed quote whose span lost its last words, though most of its words are still said', async () => {
    const said =
      'Reinforcement learning for agents needs environments that check the work, rewards that cannot be gamed, and patience from everyone who builds them, which is rare today among startups, sadly, truly.'
    const words = said.split(' ').map((text, k) => ({ start: 20 + k * 0.5, end: 20.4 + k * 0.5, text }))
    // The machine heard "can't" where the transcript has "cannot": its quote is its own, typed.
    const quote = said.replace('cannot', "can't")
    const s = loaded(
      [{ ...machineStatement(quote), start: 20, end: 35 }],
      [{ id: 'long', start: 20, end: 35, speakerId: 'will', text: said, words }],
    )
    expect(statementOf(s, 's1').quoteProblem).toBeNull()
    // The end moved before "startups, sadly, truly.": 26 of the quote's 30 words are still said, in order.
    await s.call('statements.update', { statementId: 's1', patch: { end: 32.7 } })
    expect(statementOf(s, 's1')).toMatchObject({
      quote,
      quoteProblem: expect.stringMatching(/^the quote is/),
    })
    expect(kindsOf(s)).toContain('quoteMismatch error')
  })

  it('a quote typed as exactly the span’s words is filled again: it follows the next move', async () => {
    const s = openCopy(template)
    const { statementId: id } = await s.call('statements.create', {
      start: 5,
      end: 12,
      quote: 'A quote of my own.',
    })
    await s.call('statements.update', { statementId: id, patch: { end: 10 } })
    expect(statementOf(s, id).quote).toBe('A quote of my own.')
    await s.call('statements.update', {
      statementId: id,
      patch: { quote: 'multi-agent systems mostly do not' },
    })
    await s.call('statements.update', { statementId: id, patch: { end: 12 } })
    expect(statementOf(s, id).quote).toBe('Multi-agent systems mostly do not work today.')
  })
})

describe('a machine’s reasoning left beside a changed score', () => {
  /** The machine's analysis loaded, everything reviewed but for what a test does. */
  function reviewed(): Session {
    const s = loaded([machineStatement('Multi-agent systems mostly do not work today.')])
    reviewEverything(s.db, s.id)
    return s
  }
  const LINE =
    "/chapters/1/scores/guestTeaching/reasoning: the machine's reasoning, written for its score 8; rewrite it or keep it"

  it('blocks publishing until the reviewer keeps it, one undoable step', async () => {
    const s = reviewed()
    expect(await publishRefusal(s)).toEqual([])
    await s.call('history.undo', {})
    await s.call('scores.set', { chapterId: 'c2', dimension: 'guestTeaching', value: 5 })
    expect(s.view().chapters[1]?.reasoningToConfirm).toEqual(['guestTeaching'])
    const problem = findProblems(s.view()).find((p) => p.kind === 'staleReasoning')
    expect(problem).toMatchObject({ severity: 'error', target: { kind: 'chapter', id: 'c2' } })
    expect(problem?.message).toBe(
      'The “Guest teaching” score (5) of “Verifiable rewards” still has the machine’s reasoning, written for the machine’s 8: rewrite it, or keep it (Review)',
    )
    expect(await publishRefusal(s)).toEqual([LINE])

    await s.call('scores.confirmReasoning', { chapterId: 'c2', dimension: 'guestTeaching' })
    expect(s.view().history.undoLabel).toBe('Keep reasoning of Guest teaching')
    expect(s.view().chapters[1]?.reasoningToConfirm).toEqual([])
    expect(await publishRefusal(s)).toEqual([])
    await s.call('history.undo', {}) // not final
    await s.call('history.undo', {}) // not kept
    expect(await publishRefusal(s)).toEqual([LINE])
  })

  it('asks again when the score changes after it was kept; a rewrite or the machine’s own score clears it', async () => {
    const s = reviewed()
    await s.call('scores.set', { chapterId: 'c2', dimension: 'guestTeaching', value: 5 })
    await s.call('scores.confirmReasoning', { chapterId: 'c2', dimension: 'guestTeaching' })
    await s.call('scores.set', { chapterId: 'c2', dimension: 'guestTeaching', value: 4 })
    expect(s.view().chapters[1]?.reasoningToConfirm).toEqual(['guestTeaching'])

    await s.call('scores.set', { chapterId: 'c2', dimension: 'guestTeaching', value: 8 })
    expect(s.view().chapters[1]?.reasoningToConfirm).toEqual([])

    await s.call('scores.set', { chapterId: 'c2', dimension: 'guestTeaching', value: 3 })
    await s.call('scores.set', {
      chapterId: 'c2',
      dimension: 'guestTeaching',
      reasoning: 'Some teaching, mostly by the host.',
    })
    expect(s.view().chapters[1]?.reasoningToConfirm).toEqual([])
    expect(await publishRefusal(s)).toEqual([])
  })

  it('keeping reasoning that is not stale changes nothing and adds nothing to undo', async () => {
    const s = reviewed()
    const history = s.view().history
    await s.call('scores.confirmReasoning', { chapterId: 'c2', dimension: 'guestTeaching' })
    expect(s.view().history).toEqual(history)
  })
})
