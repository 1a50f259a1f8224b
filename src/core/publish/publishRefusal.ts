import type { Chapter, EpisodeDocument } from '../../shared/episodeFormat'
import { listedProblems } from '../../shared/episodeLimits'
import { formatClock } from '../../shared/time'
import { UserError } from '../errors'

/**
 * Refuses an export with every reason at once (the first 100, then how many more), one a line after a
 * lead line, so that the CLI can print them one a line and the app can list them.
 */
export function refuseIfAny(lead: string, problems: readonly string[]): void {
  if (problems.length === 0) return
  const count = problems.length === 1 ? '1 problem' : `${problems.length.toLocaleString('en')} problems`
  throw new UserError('invalid-input', `${lead} (${count}):\n${listedProblems(problems).join('\n')}`)
}

/** How a refusal names a chapter: by number and time, and by title when it has one. */
export function chapterName(chapter: Chapter, index: number): string {
  const at = `${formatClock(chapter.start)}–${formatClock(chapter.end)}`
  return chapter.title ? `chapter ${index + 1} “${chapter.title}” (${at})` : `chapter ${index + 1} (${at})`
}

/** The chapters a chapter-list format needs: at least one, each with a title a player can show. */
export function chapterListProblems(doc: EpisodeDocument, format: string): string[] {
  if (doc.chapters.length === 0)
    return [`/chapters: the episode has no chapters, so ${format} would be empty`]
  return doc.chapters.flatMap((c, i) =>
    c.title === '' ? [`/chapters/${i}/title: ${chapterName(c, i)} has no title; ${format} needs one`] : [],
  )
}
