import { beforeAll, describe, expect, it } from 'vitest'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { csvCell } from '../../src/core/review/reviewReportCsv'
import { machineEpisode } from '../machineEpisode'
import { makeTemplate, openCopy, type Session, type Template } from './analysisFixture'

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

/** The machine's analysis of tests/machineEpisode.ts, loaded over the template's episode. */
function machineSession(edit?: (doc: ReturnType<typeof machineEpisode>) => void): Session {
  const s = openCopy(template)
  const doc = machineEpisode(s.id)
  edit?.(doc)
  loadEpisodeDocument(s.db, doc, { replace: true })
  return s
}

describe('the review report lists what the reviewer changed, not only how much', () => {
  it('gives each edited and rejected item with the machine’s fields beside the reviewer’s, and each chapter’s differing scores', async () => {
    const s = machineSession()
    await s.call('statements.update', {
      statementId: 's1',
      patch: { title: 'Most multi-agent systems fail' },
    })
    await s.call('statements.update', { statementId: 's1', patch: { end: 7 } })
    await s.call('highlights.update', { highlightId: 'h1', patch: { time: 410 } })
    await s.call('review.reject', { kind: 'highlight', itemId: 'h1' })
    await s.call('scores.set', { chapterId: 'c3', dimension: 'guestDisagreement', value: 2 })
    await s.call('chapters.update', { chapterId: 'c3', patch: { why: 'Practical advice.' } })
    await s.call('review.accept', { kind: 'chapter', itemId: 'c1' })

    const report = await s.call('review.report', {})
    expect(report.items).toEqual([
      {
        kind: 'statement',
        id: 's1',
        title: 'Most multi-agent systems fail',
        time: 5,
        decision: 'edited',
        changes: [
          {
            field: 'title',
            machine: 'Multi-agent systems mostly do not work',
            reviewer: 'Most multi-agent systems fail',
          },
          // The quote was the span's words, so it followed the span.
          {
            field: 'quote',
            machine: 'Multi-agent systems mostly do not work today.',
            reviewer: 'Multi-agent systems mostly do',
          },
          { field: 'end', machine: '0:12.000', reviewer: '0:07.000' },
        ],
      },
      // Rejected after an edit: what the machine gave, not the edit.
      {
        kind: 'highlight',
        id: 'h1',
        title: 'Rewards are not the bottleneck',
        time: 415,
        decision: 'rejected',
        changes: [
          { field: 'dimension', machine: 'guestDisagreement', reviewer: '' },
          { field: 'time', machine: '6:55.000', reviewer: '' },
          { field: 'title', machine: 'Rewards are not the bottleneck', reviewer: '' },
          { field: 'description', machine: 'Will disagrees with the usual story.', reviewer: '' },
        ],
      },
      {
        kind: 'chapter',
        id: 'c3',
        title: 'What to build',
        time: 420,
        decision: 'edited',
        changes: [
          { field: 'why', machine: 'Advice for the open source community.', reviewer: 'Practical advice.' },
        ],
      },
    ])
    expect(report.chapters).toEqual([
      {
        chapterId: 'c3',
        title: 'What to build',
        start: 420,
        // Its why was edited: the chapter is; its score was edited on its own.
        status: 'edited',
        dimensions: [
          {
            key: 'guestDisagreement',
            label: 'Guest disagreement',
            machine: 0,
            reviewer: 2,
            machineReasoning: 'advice (Guest disagreement)',
            reasoning: 'advice (Guest disagreement)',
            review: 'edited',
            // The machine cited nothing for it.
            evidence: [],
          },
        ],
      },
    ])

    // Undone, the rejection is not in the report any more: the highlight is back, moved by the reviewer.
    await s.call('history.undo', {})
    await s.call('history.undo', {})
    await s.call('history.undo', {})
    await s.call('history.undo', {})
    const undone = await s.call('review.report', {})
    expect(undone.items.map((i) => [i.kind, i.decision])).toEqual([
      ['statement', 'edited'],
      ['highlight', 'edited'],
    ])
    expect(undone.chapters).toEqual([])
  })

  it('exports as CSV whose cells a spreadsheet never runs as formulas', async () => {
    const s = machineSession((doc) => {
      const statement = doc.statements[0]
      if (statement) statement.title = '=HYPERLINK("http://evil.example","click")'
    })
    await s.call('statements.update', { statementId: 's1', patch: { title: '+1, -1 and @sum' } })
    const { fileName, text } = await s.call('review.exportReport', {})
    expect(fileName).toBe('Open-Questions-in-Agentic-RL-Will-Brown-Prime-Intellect.review.csv')
    expect(text.split('\r\n')).toEqual([
      'kind,id,title,at,change,field,machine,reviewer',
      `statement,s1,"'+1, -1 and @sum",0:05.000,edited,title,"'=HYPERLINK(""http://evil.example"",""click"")","'+1, -1 and @sum"`,
      '',
    ])
  })

  it('neutralises every cell a spreadsheet would take for a formula, and quotes as RFC 4180 does', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ])
    expect(['plain', 'a, b', 'say "hi"', 'two\nlines', '1-2'].map(csvCell)).toEqual([
      'plain',
      '"a, b"',
      '"say ""hi"""',
      '"two\nlines"',
      '1-2',
    ])
  })
})
