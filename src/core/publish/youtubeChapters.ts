import type { EpisodeDocument } from '../../shared/episodeFormat'
import { formatClock } from '../../shared/time'
import { collapseSpaces } from '../transcript/writeTranscript'
import { chapterListProblems, chapterName, refuseIfAny } from './publishRefusal'

/** YouTube shows chapters from a description only when there are this many, each this long. */
export const YOUTUBE_MIN_CHAPTERS = 3
export const YOUTUBE_MIN_CHAPTER_SECONDS = 10

/**
 * The lines YouTube reads as chapters from a video's description: "0:00 Title", one a chapter. YouTube
 * sees whole seconds and lets a chapter run until the next timestamp (the last until the video's
 * end), so its rules are checked on the times as written, not on the chapters' own ends.
 */
export function writeYoutubeChapters(doc: EpisodeDocument): string {
  const { chapters } = doc
  const duration = doc.episode.durationSeconds
  const problems = chapterListProblems(doc, 'a YouTube chapter list')
  if (chapters.length > 0 && chapters.length < YOUTUBE_MIN_CHAPTERS)
    problems.push(
      `/chapters: ${chapters.length} ${chapters.length === 1 ? 'chapter' : 'chapters'}; YouTube needs at least ${YOUTUBE_MIN_CHAPTERS}`,
    )
  const stamps = chapters.map((c) => Math.floor(c.start))
  chapters.forEach((chapter, i) => {
    const name = chapterName(chapter, i)
    const stamp = stamps[i] ?? 0
    const next = stamps[i + 1]
    if (i === 0 && stamp !== 0)
      problems.push(
        `/chapters/0/start: ${name} starts at ${formatClock(stamp)}; YouTube needs the first at 0:00`,
      )
    if (next !== undefined && next <= stamp)
      problems.push(
        `/chapters/${i + 1}/start: ${chapterName(chapters[i + 1] ?? chapter, i + 1)} starts at the same second as the one before; YouTube needs the times in ascending order`,
      )
    const length = (next ?? Math.floor(duration)) - stamp
    if ((next === undefined || next > stamp) && length < YOUTUBE_MIN_CHAPTER_SECONDS)
      problems.push(
        `/chapters/${i}: ${name} lasts ${length} s; YouTube needs every chapter to last at least ${YOUTUBE_MIN_CHAPTER_SECONDS} s`,
      )
  })
  refuseIfAny('YouTube would not show these chapters', problems)
  const withHours = duration >= 3600
  return chapters
    .map((c, i) => `${formatClock(stamps[i] ?? 0, withHours)} ${collapseSpaces(c.title)}\n`)
    .join('')
}
