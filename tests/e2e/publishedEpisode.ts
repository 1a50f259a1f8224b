import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { formatPreciseClock } from '../../src/shared/preciseTime'
import { longSpeechMp3 } from '../generateMedia'
import { HIGHLIGHTS, PAGE, tableRows } from '../publishedExample'
import { tempFolder } from '../tempFolder'
import { api } from './analysisPage'
import type { HostHandle } from './hostFixture'

export const PUBLISHED_TITLE = '⚡️Open Questions in Agentic RL — Will Brown (Prime Intellect)'
const MINUTES = 17
const CUE_SECONDS = 12

const vttTime = (seconds: number): string => {
  const clock = formatPreciseClock(seconds)
  const [whole = '0:00', fraction = '0'] = clock.split('.')
  const parts = whole.split(':')
  while (parts.length < 3) parts.unshift('0')
  return `${parts.map((p) => p.padStart(2, '0')).join(':')}.${fraction.padEnd(3, '0')}`
}

const HOST_LINES = [
  'Can you say more about why that matters for people training their own models?',
  'So where does the open source community fit into this picture?',
  'How long before we see that work outside the labs?',
]

/**
 * A transcript for the published talk: the page's own sentences said by Will Brown, with the host
 * asking now and then, a cue every twelve seconds over the seventeen minutes.
 */
export function publishedTranscript(page: string): {
  vtt: string
  cues: { start: number; end: number; text: string }[]
} {
  const sentences = page
    .split('\n')
    .filter((l) => !l.startsWith('|'))
    .join(' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 8 && !s.includes('▶') && !/[|→]/.test(s))
  const cues: { start: number; end: number; text: string; speaker: string }[] = []
  for (let i = 0; (i + 1) * CUE_SECONDS <= MINUTES * 60; i++) {
    const host = i % 7 === 3
    const text = host
      ? (HOST_LINES[i % HOST_LINES.length] as string)
      : (sentences[i % sentences.length] as string)
    cues.push({
      start: i * CUE_SECONDS + 0.5,
      end: (i + 1) * CUE_SECONDS,
      text,
      speaker: host ? 'swyx' : 'Will Brown',
    })
  }
  const vtt = [
    'WEBVTT',
    '',
    ...cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n<v ${c.speaker}>${c.text}\n`),
  ].join('\n')
  return { vtt, cues }
}

/**
 * The published reference analysis on a seventeen-minute recording, made as an editor makes it (one
 * contract call per gesture) and opened in the page; the speakers are left for the editor to map.
 */
export async function openPublishedEpisode(page: Page, served: HostHandle): Promise<string> {
  const text = fs.readFileSync(PAGE, 'utf8')
  const { vtt, cues } = publishedTranscript(text)
  const transcriptPath = path.join(tempFolder(), 'agentic-rl.vtt')
  fs.writeFileSync(transcriptPath, vtt)
  const db = openDatabase(served.databaseFile)
  const id = await createEpisode(db, {
    mediaPath: longSpeechMp3(MINUTES),
    transcriptPath,
    title: PUBLISHED_TITLE,
    show: 'latent-space',
    publishedOn: '2025-05-09',
  })
  db.close()
  await page.goto(served.host.url)

  await api(page, 'episodes.update', {
    id,
    patch: {
      sourceUrl: 'https://www.youtube.com/watch?v=example',
      summary: text.split('\n').find((l) => l.startsWith('Will Brown from Prime Intellect')) ?? '',
    },
  })
  const rows = tableRows(text)
  const opened = await api(page, 'episodes.open', { id })
  const step = opened.summary.durationSeconds / rows.length
  for (let i = 1; i < rows.length; i++) await api(page, 'chapters.split', { id, at: Math.round(i * step) })
  const { chapters, rubric } = await api(page, 'episodes.open', { id })
  for (const [i, [title, scores, why]] of rows.entries()) {
    const chapterId = chapters[i]?.id ?? ''
    await api(page, 'chapters.update', { id, chapterId, patch: { title, why } })
    for (const [k, value] of scores.entries())
      await api(page, 'scores.set', { id, chapterId, dimension: rubric.dimensions[k]?.key ?? '', value })
  }
  for (const h of HIGHLIGHTS) await api(page, 'highlights.set', { id, ...h })
  // Statements on what is said, some overlapping, and the page's own (its quote, paraphrased, is not
  // in this transcript: the Problems tab names it).
  for (const [i, at] of [5, 12, 13, 30, 44, 58, 71].entries()) {
    const cue = cues[at]
    if (!cue) continue
    const title = cue.text
      .split(/\s+/)
      .slice(0, 7)
      .join(' ')
      .replace(/[,.;:]$/, '')
    const end = i === 2 ? cue.end + CUE_SECONDS * 2 : cue.end
    await api(page, 'statements.create', { id, start: cue.start, end, title, quote: cue.text })
  }
  await api(page, 'statements.create', {
    id,
    start: 7 * 60 + 2,
    end: 7 * 60 + 19,
    title: 'Group-chat multi-agent systems like CrewAI do not work well',
    quote: 'a lot of these are just kind of silly. They don’t actually work very well.',
  })
  await page.goto(new URL(`/#/episode/${id}`, served.host.url).href)
  return id
}
