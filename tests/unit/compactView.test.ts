import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'
import type { EpisodeView } from '../../src/shared/contract'
import { ViewReceiver, ViewSender } from '../../src/shared/viewDelta'

/** A machine analysis whose every reasoning quotes passages the transcript never says. */
function quotingView(): EpisodeView {
  const document = machineEpisode('quoting')
  const passages = Array.from({ length: 8 }, (_, i) => `"nobody said these ${i} words here"`).join(' and ')
  for (const chapter of document.chapters)
    for (const score of Object.values(chapter.scores)) score.reasoning = `The guest said ${passages}`
  const db = openDatabase(`${tempFolder()}/library.db`)
  loadEpisodeDocument(db, document)
  const view = episodeView(db, 'quoting')
  db.close()
  return view
}

/** What crosses to the window: the sender's mark, through JSON as the host's socket carries it. */
const sent = (sender: ViewSender, view: EpisodeView, base: string | null): string =>
  JSON.stringify(sender.encode('episodes.open', view, base))

describe('a view on its way to the window', () => {
  it('is read back as the very view the core made, whole and as a change', () => {
    const view = quotingView()
    const sender = new ViewSender('0123456789ab')
    const receiver = new ViewReceiver()
    const first = sent(sender, view, null)
    expect(receiver.decode('episodes.open', JSON.parse(first))).toEqual(view)

    // The reviewer changes one score: its machine score now differs from it, the others still do not.
    const [chapter, ...rest] = view.chapters
    if (!chapter) throw new Error('no chapter')
    const key = Object.keys(chapter.scores)[0] ?? ''
    const edited: EpisodeView = {
      ...view,
      chapters: [
        {
          ...chapter,
          scores: { ...chapter.scores, [key]: { value: 1, reasoning: 'changed', evidence: [] } },
        },
        ...rest,
      ],
      quoteFindings: view.quoteFindings.slice(1),
    }
    const second = sent(sender, edited, receiver.base())
    expect(receiver.decode('episodes.open', JSON.parse(second))).toEqual(edited)
  })

  it('does not carry each unchanged machine score and each quoted passage again', () => {
    const view = quotingView()
    const plain = JSON.stringify(view).length
    const wire = sent(new ViewSender('0123456789ab'), view, null).length
    expect(view.quoteFindings.length).toBeGreaterThan(0)
    // Every score's reasoning is twice in the plain view (score and machine score), and each finding
    // repeats its eight passages.
    expect(wire).toBeLessThan(0.7 * plain)
  })
})
