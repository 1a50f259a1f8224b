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

interface Cue {
  start: number
  end: number
  text: string
  speaker: string
}

/** The page's statements: each title, then its quote on the next line. */
export function publishedStatements(page: string): { title: string; quote: string }[] {
  const lines = page.split('\n')
  const from = lines.findIndex((l) => l.startsWith('Statements from this episode'))
  const statements: { title: string; quote: string }[] = []
  for (let i = from + 1; i + 1 < lines.length; i += 2) {
    const title = lines[i] ?? ''
    const quote = lines[i + 1] ?? ''
    if (!quote.startsWith('“')) break
    statements.push({ title, quote: quote.replace(/^“|”$/g, '').replace(/…$/, '') })
  }
  return statements
}

/**
 * A transcript for the published talk over seventeen minutes: each statement's quote said by Will
 * Brown, a sentence a cue at a speaking pace, spread over the talk, the host asking before every third.
 */
export function publishedTranscript(statements: readonly { quote: string }[]): {
  vtt: string
  spans: { start: number; end: number }[]
} {
  const cues: Cue[] = []
  const spans: { start: number; end: number }[] = []
  const step = (MINUTES * 60 - 40) / statements.length
  statements.forEach(({ quote }, i) => {
    let at = Math.round((20 + i * step) * 10) / 10
    if (i % 3 === 0) {
      const question = HOST_LINES[(i / 3) % HOST_LINES.length] as string
      cues.push({ start: at - 5, end: at - 0.5, text: question, speaker: 'swyx' })
    }
    const first = at
    for (const sentence of quote.split(/(?<=[.!?])\s+/)) {
      const seconds = Math.max(2, Math.round((sentence.split(/\s+/).length / 2.6) * 10) / 10)
      cues.push({ start: at, end: at + seconds, text: sentence, speaker: 'Will Brown' })
      at = Math.round((at + seconds + 0.3) * 10) / 10
    }
    spans.push({ start: first, end: Math.round((at - 0.3) * 10) / 10 })
  })
  const vtt = [
    'WEBVTT',
    '',
    ...cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n<v ${c.speaker}>${c.text}\n`),
  ]
  return { vtt: vtt.join('\n'), spans }
}

/**
 * The published reference analysis on a seventeen-minute recording, made as an editor makes it (one
 * contract call per gesture) and opened in the page; the speakers are left for the editor to map.
 */
export async function openPublishedEpisode(page: Page, served: HostHandle): Promise<string> {
  const text = fs.readFileSync(PAGE, 'utf8')
  const statements = publishedStatements(text)
  const { vtt, spans } = publishedTranscript(statements)
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
  // The page's statements where they are said, and one whose quote is paraphrased (not in the
  // transcript: the Problems tab names it) over two of them.
  for (const [i, { title, quote }] of statements.entries()) {
    const span = spans[i]
    if (span) await api(page, 'statements.create', { id, ...span, title, quote })
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
