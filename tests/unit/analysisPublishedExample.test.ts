import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { formatClock } from '../../src/shared/time'
import { longSpeechMp3 } from '../generateMedia'
import { makeTemplate, openCopy, validExport, type Session } from './analysisFixture'
import { HIGHLIGHTS, MISSING_PAGE, PAGE, havePage, tableRows } from '../publishedExample'

describe.skipIf(!havePage)(
  `reproducing the published example (${havePage ? 'page found' : MISSING_PAGE})`,
  () => {
    let s: Session
    let page: string
    beforeAll(async () => {
      page = fs.readFileSync(PAGE, 'utf8')
      s = openCopy(
        await makeTemplate({
          transcript: 'none',
          media: longSpeechMp3(17),
          episode: {
            title: '⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)',
            show: 'latent-space',
            publishedOn: '2025-05-09',
          },
        }),
      )
    })

    /** Builds the page's analysis the way an editor would: one contract call per gesture. */
    async function buildAnalysis(): Promise<EpisodeDocument> {
      const rows = tableRows(page)
      await s.call('episodes.update', {
        patch: {
          sourceUrl: 'https://www.youtube.com/watch?v=example',
          summary: page.split('\n').find((l) => l.startsWith('Will Brown from Prime Intellect')) ?? '',
        },
      })
      await s.call('participants.add', { name: 'Will Brown', role: 'guest', affiliation: 'Prime Intellect' })
      const step = s.view().summary.durationSeconds / rows.length
      for (let i = 1; i < rows.length; i++) await s.call('chapters.split', { at: i * step })
      const { chapters, rubric } = s.view()
      for (const [i, [title, scores, why]] of rows.entries()) {
        const chapterId = chapters[i]?.id ?? ''
        await s.call('chapters.update', { chapterId, patch: { title, why } })
        for (const [k, value] of scores.entries())
          await s.call('scores.set', { chapterId, dimension: rubric.dimensions[k]?.key ?? '', value })
      }
      for (const h of HIGHLIGHTS) await s.call('highlights.set', h)
      await s.call('statements.create', {
        start: 7 * 60 + 2,
        end: 7 * 60 + 19,
        title: 'Group-chat multi-agent systems like CrewAI do not work well',
        quote: 'a lot of these are just kind of silly. They don’t actually work very well.',
      })
      return validExport(s.db, s.id)
    }

    it('exports the scores, score summary, highlights and chapters the page shows', async () => {
      const doc = await buildAnalysis()
      expect(doc.scoreSummary).toEqual({
        hostsInformedPeer: 0,
        guestTeaching: 0,
        guestDisagreement: 1.3,
        hostsPushingBack: 0,
      })
      const labelOf = new Map(doc.rubric.dimensions.map((d) => [d.key, d]))
      // The line under "How this conversation actually went".
      expect(page).toContain(
        doc.rubric.dimensions.map((d) => `${d.label} ${doc.scoreSummary[d.key]?.toFixed(1)}`).join(' '),
      )
      // The score table, row by row.
      expect(
        doc.chapters.map((c) => [c.title, doc.rubric.dimensions.map((d) => c.scores[d.key]?.value), c.why]),
      ).toEqual(tableRows(page))
      expect(doc.chapters).toHaveLength(6)
      // The highlight lines, each "label ▶ m:ss title", sorted by time in the file.
      for (const h of doc.highlights)
        expect(page).toContain(
          `${labelOf.get(h.dimension)?.highlightLabel} ▶ ${formatClock(h.time)} ${h.title}`,
        )
      expect(doc.highlights.map((h) => h.time)).toEqual([415, 450, 999, 999])
      // Bands that cover the media with no gap, all made and accepted by the editor.
      expect(doc.chapters[0]?.start).toBe(0)
      for (const [i, c] of doc.chapters.entries())
        expect(c.end).toBe(
          doc.chapters[i + 1]?.start ?? Math.floor(doc.episode.durationSeconds * 1000) / 1000,
        )
      expect(
        [...doc.chapters, ...doc.highlights, ...doc.statements].every(
          (item) => item.origin === 'human' && item.status === 'accepted',
        ),
      ).toBe(true)
      expect(doc.statements[0]).toMatchObject({ chapterId: doc.chapters[2]?.id, speakerId: null })
      const [dateLine, titleLine, , , , summaryLine] = page.split('\n')
      expect(dateLine).toBe('May 9, 2025 · 17m · latent-space')
      expect(doc.episode).toMatchObject({
        title: titleLine,
        show: 'latent-space',
        publishedOn: '2025-05-09',
        summary: summaryLine,
      })
      expect(Math.round(doc.episode.durationSeconds / 60)).toBe(17)
      expect(doc.participants).toEqual([
        { id: 'p1', name: 'Will Brown', role: 'guest', affiliation: 'Prime Intellect' },
      ])
    })
  },
)
