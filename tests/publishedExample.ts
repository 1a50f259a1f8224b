import fs from 'node:fs'
import path from 'node:path'

/*
 * The published reference page (shared/reference) and what it shows: the analysis an editor means to
 * reproduce, read by the unit test that reproduces it and by the e2e run that pictures it.
 */

/** A real published page (shared/reference), the analysis an editor means to reproduce in the app. */
export const PAGE = path.resolve(__dirname, '..', '..', 'shared', 'reference', 'published-episode.txt')
export const havePage = fs.existsSync(PAGE)
/**
 * Why the tests comparing against that page skip where it is absent: it is a third party's published
 * work, kept beside the repository on our machines and not shipped in it (the other fixtures are, in tests/fixtures).
 */
export const MISSING_PAGE = `needs the published reference page, which is not ours to ship in the repository; missing here: ${PAGE}`

/** The page's score table: title, the four scores in rubric order, and the chapter's reasoning. */
export function tableRows(page: string): [string, number[], string][] {
  const lines = page.split('\n')
  const header = lines.findIndex((l) => l.startsWith('| Chapter |'))
  return lines
    .slice(header + 2)
    .filter((l) => l.startsWith('| '))
    .map((l) => {
      const [title = '', ...rest] = l
        .split('|')
        .map((cell) => cell.trim())
        .filter((cell) => cell !== '')
      return [title, rest.slice(0, 4).map(Number), rest[4] ?? '']
    })
}

// The page's highlights, as "label ▶ m:ss title" lines; their descriptions run on after the titles.
export const HIGHLIGHTS: { dimension: string; time: number; title: string; description: string }[] = [
  {
    dimension: 'guestDisagreement',
    time: 6 * 60 + 55,
    title: 'Debunking multi-agent group chat systems',
    description:
      "Brown bluntly dismisses popular multi-agent frameworks like crewAI as 'silly' and unworkable because the underlying models and algorithms were never trained for cooperative multi-agent dynamics.",
  },
  {
    dimension: 'hostsPushingBack',
    time: 16 * 60 + 39,
    title: 'Event host transition cut',
    description:
      'In a monologue talk lacking direct host challenges, the sole moderation event is the event host pausing the stream for a speaker changeover.',
  },
  {
    dimension: 'guestTeaching',
    time: 7 * 60 + 30,
    title: 'Explaining sub-agent tool call context offloading',
    description:
      'Brown methodically breaks down why running hundred-website scrapes directly in primary model context fails and proves why delegating to smaller, frozen helper models as tool calls is the mathematically sound alternative.',
  },
  {
    dimension: 'hostsInformedPeer',
    time: 16 * 60 + 39,
    title: 'Stage manager handoff',
    description:
      'The presentation is a solo keynote with no host technical rebuttals, leaving the logistical handoff as the only host intervention.',
  },
]
