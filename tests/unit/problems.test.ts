import { describe, expect, it } from 'vitest'
import type { ChapterView, EpisodeView, HighlightView, StatementView } from '../../src/shared/contract'
import {
  findProblems,
  problemCount,
  publishingProblems,
  subjectOfView,
  type ProblemKind,
} from '../../src/shared/problems'
import { jsonPointer } from '../../src/shared/jsonPointer'
import { SEED_DIMENSIONS, SEED_SCALE } from '../../src/shared/rubric'

const DURATION = 1020
const DESCRIBED = SEED_DIMENSIONS.map((d) => ({ ...d, description: `What ${d.label} means.` }))

function episode(parts: Partial<EpisodeView> = {}): EpisodeView {
  return {
    summary: {
      id: 'ep',
      title: 'Open Questions in Agentic RL',
      show: 'latent-space',
      publishedOn: '2025-05-09',
      durationSeconds: DURATION,
      reviewStatus: 'draft',
    },
    details: { sourceUrl: null, summary: '' },
    // Described: a rubric without descriptions is a warning of its own.
    rubric: { scale: { ...SEED_SCALE }, dimensions: DESCRIBED },
    // Finished chapters covering the media: what is left to flag is what a test adds.
    chapters: covering(),
    highlights: [],
    statements: [],
    speakingBalance: null,
    scoreSummary: {},
    media: null,
    participants: [],
    quoteFindings: [],
    rules: { requireEvidence: false },
    blind: false,
    transcript: {
      rev: 'r1',
      segmentCount: 0,
      speakersMapped: false,
      editedSegments: 0,
      segmentsPastEnd: 0,
      end: 0,
    },
    history: { canUndo: false, canRedo: false, undoLabel: null, redoLabel: null },
    ...parts,
  }
}

function chapter(id: string, start: number, end: number, title = `Chapter ${id}`): ChapterView {
  return {
    id,
    title,
    start,
    end,
    why: 'Why it matters.',
    // Each score backed by a moment of its chapter: a reasoned score without evidence is a note.
    scores: Object.fromEntries(
      SEED_DIMENSIONS.map((d) => [
        d.key,
        { value: 5, reasoning: 'Because.', evidence: [{ start, end: start + 1 }] },
      ]),
    ),
    machineScores: null,
    reasoningToConfirm: [],
    scoreReview: null,
    origin: 'human',
    status: 'accepted',
  }
}

function statement(
  id: string,
  start: number,
  end: number,
  extra: Partial<StatementView> = {},
): StatementView {
  return {
    id,
    title: `Claim ${id}`,
    quote: '',
    start,
    end,
    speakerId: null,
    chapterId: null,
    origin: 'human',
    status: 'accepted',
    quoteProblem: null,
    quoteFoundAt: null,
    quoteEstimated: false,
    ...extra,
  }
}

function highlight(id: string, dimension: string, time: number): HighlightView {
  return { id, dimension, time, title: '', description: '', origin: 'human', status: 'accepted' }
}

const covering = (): ChapterView[] => [chapter('c1', 0, 415), chapter('c2', 415, DURATION)]
const kinds = (view: EpisodeView): ProblemKind[] => findProblems(view).map((p) => p.kind)

describe('findProblems', () => {
  it('finds nothing in finished chapters that cover the media; an episode without chapters cannot be published', () => {
    expect(findProblems(episode())).toEqual([])
    expect(findProblems(episode({ chapters: covering() }))).toEqual([])
    expect(findProblems(episode({ chapters: [] }))).toEqual([
      expect.objectContaining({ kind: 'noChapters', severity: 'error' }),
    ])
  })

  it('flags a statement past the end of the media, at the media end', () => {
    const [problem, ...rest] = findProblems(episode({ statements: [statement('s1', 1000, 1250.2)] }))
    expect(rest).toEqual([])
    expect(problem).toMatchObject({
      kind: 'statementOutsideMedia',
      target: { kind: 'statement', id: 's1' },
      time: 1000,
    })
    expect(problem?.message).toContain('20:50')
    expect(problem?.message).toContain('17:00')
    expect(findProblems(episode({ statements: [statement('s2', 1100, 1200)] }))[0]?.time).toBe(DURATION)
  })

  it('flags a statement that does not end after it starts', () => {
    expect(findProblems(episode({ statements: [statement('s1', 30, 30), statement('s2', 50, 40)] }))).toEqual(
      [
        expect.objectContaining({ kind: 'statementSpan', target: { kind: 'statement', id: 's1' }, time: 30 }),
        expect.objectContaining({ kind: 'statementSpan', target: { kind: 'statement', id: 's2' }, time: 50 }),
      ],
    )
  })

  it('flags a quote the transcript does not say in its span', () => {
    const problems = findProblems(
      episode({
        statements: [
          statement('s1', 10, 20, { quoteProblem: 'the quote is not what the transcript says in this span' }),
          statement('s2', 30, 40),
        ],
      }),
    )
    expect(problems).toEqual([
      expect.objectContaining({ kind: 'quoteMismatch', target: { kind: 'statement', id: 's1' }, time: 10 }),
    ])
    expect(problems[0]?.message).toContain('Claim s1')
  })

  it('counts for the Problems tab what it lists, and names each place as a JSON pointer', () => {
    const view = episode({
      chapters: [chapter('c2', 415, 600, 'Scaling'), chapter('c1', 5, 400, 'Tool use')],
      statements: [statement('s1', 30, 30), statement('s2', 50, 40)],
    })
    expect(problemCount(view)).toBe(findProblems(view).length)
    expect(problemCount(view)).toBeGreaterThan(3)
    expect(findProblems(view).map((p) => p.path)).toContain('/statements/0/end')
    expect(jsonPointer(['rubric', 'a/b~c', 2])).toBe('/rubric/a~1b~0c/2')
    expect(jsonPointer([])).toBe('/')
  })

  it('flags gaps before, between and after chapters, with m:ss times', () => {
    const problems = findProblems(
      episode({ chapters: [chapter('c2', 415, 600, 'Scaling'), chapter('c1', 5, 400, 'Tool use')] }),
    )
    expect(problems.map((p) => [p.kind, p.target?.id, p.time])).toEqual([
      ['chapterGap', 'c1', 0],
      ['chapterGap', 'c2', 400],
      ['chapterGap', 'c2', 600],
    ])
    expect(problems[0]?.message).toContain('0:00–0:05')
    expect(problems[1]?.message).toMatch(/6:40–6:55 between “Tool use” and “Scaling”/)
    expect(problems[2]?.message).toContain('10:00–17:00')
  })

  it('does not count float noise or a probed duration’s extra decimals as a gap', () => {
    const view = episode({ chapters: [chapter('c1', 0, 0.1 + 0.2), chapter('c2', 0.3, 60.029)] })
    view.summary.durationSeconds = 60.029388
    expect(findProblems(view)).toEqual([])
  })

  it('flags overlapping chapters at the later one', () => {
    const problems = findProblems(
      episode({ chapters: [chapter('c1', 0, 500), chapter('c2', 415, DURATION)] }),
    )
    expect(problems).toEqual([
      expect.objectContaining({ kind: 'chapterOverlap', target: { kind: 'chapter', id: 'c2' }, time: 415 }),
    ])
    expect(problems[0]?.message).toContain('6:55 to 8:20')
  })

  it('flags a score without reasoning, naming the chapter and the dimension label', () => {
    const chapters = covering()
    const second = chapters[1]
    if (!second) throw new Error('two chapters')
    second.title = 'Scaling Curves'
    second.scores.guestDisagreement = { value: 3, reasoning: '  ' }
    second.scores.guestTeaching = {
      value: 2,
      reasoning: 'Brown explains the curves.',
      evidence: [{ start: 420, end: 430 }],
    }
    const problems = findProblems(episode({ chapters }))
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'scoreWithoutReasoning',
        key: 'score-reasoning:c2:guestDisagreement',
        target: { kind: 'chapter', id: 'c2' },
        time: 415,
      }),
    ])
    expect(problems[0]?.message).toContain('Scaling Curves')
    expect(problems[0]?.message).toContain('Guest disagreement')
    // An unscored dimension is two things Publish refuses: no score, no reasoning.
    second.scores.guestDisagreement = { value: null, reasoning: '' }
    expect(findProblems(episode({ chapters })).map((p) => [p.kind, p.severity])).toEqual([
      ['scoreWithoutReasoning', 'error'],
      ['notScored', 'error'],
    ])
  })

  it('flags a highlight in no chapter, only when there are chapters', () => {
    const highlights = [highlight('h1', 'guestDisagreement', 900)]
    expect(findProblems(episode({ highlights }))).toEqual([])
    expect(kinds(episode({ highlights, chapters: [] }))).toEqual(['noChapters'])
    const problems = findProblems(episode({ highlights, chapters: [chapter('c1', 0, 800)] }))
    expect(problems.map((p) => p.kind)).toEqual(['chapterGap', 'highlightOutsideChapters'])
    expect(problems[1]).toMatchObject({ target: { kind: 'highlight', id: 'h1' }, time: 900 })
    expect(problems[1]?.message).toContain('Sharpest disagreement')
  })

  it('flags the second highlight of a dimension', () => {
    const problems = findProblems(
      episode({
        chapters: covering(),
        highlights: [highlight('h2', 'guestTeaching', 450), highlight('h1', 'guestTeaching', 400)],
      }),
    )
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'duplicateHighlight',
        target: { kind: 'highlight', id: 'h2' },
        time: 450,
      }),
    ])
    expect(problems[0]?.message).toContain('Biggest teaching moment')
    expect(problems[0]?.message).toContain('6:40')
  })

  it('flags a highlight for a dimension the rubric does not have', () => {
    const problems = findProblems(episode({ highlights: [highlight('h1', 'vibes', 12)] }))
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'unknownDimension',
        target: { kind: 'highlight', id: 'h1' },
        time: 12,
      }),
    ])
    expect(problems[0]?.message).toContain('vibes')
  })

  it('lists every problem in the order of the media, each with a distinct key', () => {
    const view = episode({
      chapters: [chapter('c1', 10, 400), chapter('c2', 380, DURATION)],
      statements: [statement('s1', 700, 650, { quoteProblem: 'no match' })],
      highlights: [highlight('h1', 'vibes', 5)],
    })
    expect(kinds(view)).toEqual([
      'chapterGap',
      'unknownDimension',
      'highlightOutsideChapters',
      'chapterOverlap',
      'quoteMismatch',
      'statementSpan',
    ])
    const times = findProblems(view).map((p) => p.time)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const keys = findProblems(view).map((p) => p.key)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('a dimension without a description', () => {
  it('is one warning naming each, since the published page will say nothing under their labels', () => {
    const [first, second, third, fourth] = DESCRIBED
    if (!first || !second || !third || !fourth) throw new Error('four dimensions')
    const view = episode({
      rubric: {
        scale: { ...SEED_SCALE },
        dimensions: [first, { ...second, description: '' }, third, { ...fourth, description: '  ' }],
      },
    })
    expect(findProblems(view)).toEqual([
      expect.objectContaining({
        kind: 'noDescription',
        severity: 'warning',
        path: '/rubric/dimensions/1/description',
        message:
          'The published page will have no description for “Guest teaching”, “The hosts pushing back” under “How this is scored”: describe them in the Rubric tab',
      }),
    ])
    // A warning: it never blocks publishing.
    expect(publishingProblems(subjectOfView(view))).toEqual([])
  })
})

describe('one rule list for the Problems panel and Publish', () => {
  it('lists every problem Publish refuses, as sentences with chapters numbered from 1', () => {
    const [first, second] = covering()
    if (!first || !second) throw new Error('two chapters')
    first.title = ''
    first.status = 'unreviewed'
    first.why = ' '
    second.scores.guestTeaching = { value: null, reasoning: '' }
    const view = episode({
      chapters: [first, second],
      highlights: [{ ...highlight('h1', 'guestTeaching', 500), status: 'unreviewed' }],
      statements: [statement('s1', 10, 20, { quoteProblem: 'the quote is not what the transcript says' })],
    })
    const shown = findProblems(view)
    const refused = publishingProblems(subjectOfView(view))
    expect(
      shown
        .filter((p) => p.severity === 'error')
        .map((p) => p.key)
        .sort(),
    ).toEqual(refused.map((p) => p.key).sort())
    expect(refused.map((p) => `${p.path}: ${p.detail}`)).toEqual([
      '/chapters/0/status: unreviewed',
      '/chapters/0/why: empty',
      '/chapters/1/scores/guestTeaching/value: not scored',
      '/chapters/1/scores/guestTeaching/reasoning: empty',
      '/highlights/0/status: unreviewed',
      '/statements/0/quote: the quote is not what the transcript says',
    ])
    expect(refused[0]?.message).toBe('Chapter 1 (0:00–6:55) is not reviewed yet (A accepts, X rejects)')
    expect(refused[1]?.message).toBe('Chapter 1 (0:00–6:55) has no “why”')
    expect(refused[2]?.message).toBe('The “Guest teaching” score of “Chapter c2” is not given')
    // A published quote that is not what its span says would misquote the speaker.
    expect(shown.find((p) => p.kind === 'quoteMismatch')?.severity).toBe('error')
  })
})

describe('a score with reasoning and no evidence', () => {
  it('is a note, or an error under the desk’s rule that blocks publishing', () => {
    const chapters = covering()
    const first = chapters[0]!
    first.scores['guestTeaching'] = { value: 5, reasoning: 'Because.' }
    const notes = findProblems(episode({ chapters })).filter((p) => p.kind === 'noEvidence')
    expect(notes.map((p) => [p.severity, p.path])).toEqual([
      ['note', '/chapters/0/scores/guestTeaching/evidence'],
    ])
    expect(notes[0]?.message).toContain('has reasoning but no evidence')
    const required = episode({ chapters, rules: { requireEvidence: true } })
    expect(publishingProblems(subjectOfView(required)).map((p) => p.kind)).toEqual(['noEvidence'])
  })
})
