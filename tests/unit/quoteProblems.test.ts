import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { findProblems } from '../../src/shared/problems'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const SAID_IN_CHAPTER_1 = 'multi-agent systems mostly do not work'

/** The machine's episode with quotes in its texts: one said where it speaks of, the others not. */
function quoting(): EpisodeDocument {
  const doc = machineEpisode('quoting')
  const [first, second] = doc.chapters
  if (!first || !second) throw new Error('two chapters were expected')
  first.why = `He says "${SAID_IN_CHAPTER_1} today".`
  // Said, but in the first chapter: no evidence for the second.
  second.scores['guestTeaching'] = {
    value: 8,
    reasoning: `He said “${SAID_IN_CHAPTER_1}”, as a teacher would.`,
  }
  doc.highlights[0]!.description = 'He calls it “the bitter lesson of agents everywhere”.'
  doc.episode.summary = 'Will Brown says “rewards are the only thing that matters”.'
  return doc
}

function writeFile(doc: unknown): string {
  const file = path.join(tempFolder(), 'analysis.json')
  fs.writeFileSync(file, JSON.stringify(doc))
  return file
}

const EXPECTED_QUOTE_LINES = [
  'error\t/episode/summary\tThe summary quotes words not said in the episode: “rewards are the only thing that matters”',
  'error\t/chapters/1/scores/guestTeaching/reasoning\tThe reasoning of the “Guest teaching” score of “Verifiable rewards” quotes words not said in this chapter: “multi-agent systems mostly do not work”',
  'error\t/highlights/0/description\tThe description of the highlight at 6:55 quotes words not said within two minutes of this highlight: “the bitter lesson of agents everywhere”',
]

describe('quoted words are checked against what was said', () => {
  it('episcore problems FILE.json names each text that quotes words not said where it speaks of, without a database', () => {
    const run = episcore(['problems', writeFile(quoting())])
    expect(run.code).toBe(1)
    const lines = run.stdout.trim().split('\n')
    expect(lines.filter((l) => l.includes('quotes words'))).toEqual(EXPECTED_QUOTE_LINES)
    const json = episcore(['problems', writeFile(quoting()), '--json'])
    const parsed = JSON.parse(json.stdout) as { severity: string; path: string; message: string }[]
    expect(parsed.map((p) => [p.severity, p.path, p.message].join('\t'))).toEqual(lines)
  })

  it('the library gives the same problems, the final export refuses them, and an edit re-checks at once', async () => {
    const db = openDatabase(path.join(tempFolder(), 'library.sqlite'))
    loadEpisodeDocument(db, quoting())
    const panel = findProblems(episodeView(db, 'quoting')).filter((p) => p.kind === 'unsaidQuote')
    expect(panel.map((p) => `${p.severity}\t${p.path}\t${p.message}`).sort()).toEqual(
      [...EXPECTED_QUOTE_LINES].sort(),
    )

    const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    const final = await dispatch(handlers, 'episodes.exportAs', {
      id: 'quoting',
      format: 'episode',
      final: true,
    })
    expect(final.ok).toBe(false)
    if (!final.ok)
      expect(final.error.message).toContain(
        `/chapters/1/scores/guestTeaching/reasoning: quotes words not said in this chapter: “${SAID_IN_CHAPTER_1}”`,
      )

    const chapterId = machineEpisode().chapters[1]!.id
    const fixed = await dispatch(handlers, 'scores.set', {
      id: 'quoting',
      chapterId,
      dimension: 'guestTeaching',
      value: 8,
      // Said in this chapter (the caption's words placed by the estimate).
      reasoning: 'The host asks why: “do you say that?”',
    })
    expect(fixed.ok).toBe(true)
    const after = findProblems(episodeView(db, 'quoting')).filter((p) => p.kind === 'unsaidQuote')
    expect(after.map((p) => p.path).sort()).toEqual(['/episode/summary', '/highlights/0/description'])
    // The summary too: an edit of it is checked at once.
    await dispatch(handlers, 'episodes.update', {
      id: 'quoting',
      patch: { summary: 'The guest says “multi-agent systems mostly do not work today”.' },
    })
    const last = findProblems(episodeView(db, 'quoting')).filter((p) => p.kind === 'unsaidQuote')
    expect(last.map((p) => p.path)).toEqual(['/highlights/0/description'])
    db.close()
  })

  it('warns, without blocking, where there is no transcript to check against; a file that is not episode JSON is an error', () => {
    const doc = { ...quoting(), transcript: null }
    const run = episcore(['problems', writeFile(doc)])
    const quoteLines = run.stdout
      .trim()
      .split('\n')
      .filter((l) => l.includes('quotes words'))
    expect(quoteLines).toHaveLength(4)
    expect(
      quoteLines.every((l) => l.startsWith('warning\t') && l.includes('cannot be checked: no transcript')),
    ).toBe(true)

    const broken = episcore(['problems', writeFile({ format: 'episode-analysis', version: 1 })])
    expect(broken.code).toBe(1)
    expect(broken.stdout.split('\n')[0]).toMatch(/^error\t\/\S*\t/)
  })
})
