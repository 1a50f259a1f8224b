import type { EpisodeDocument } from '../../shared/episodeFormat'
import { checkPublishedChapters } from './checkPodcastChapters'
import { chapterListProblems, refuseIfAny } from './publishRefusal'

export const PODCAST_CHAPTERS_VERSION = '1.2.0'

/** The chapters as a Podcasting 2.0 JSON chapters file, for `<podcast:chapters>` in a feed. */
export function writePodcastChapters(doc: EpisodeDocument): string {
  refuseIfAny('Cannot write the chapters file', chapterListProblems(doc, 'a chapters file'))
  const { title, show, media } = doc.episode
  const file = {
    version: PODCAST_CHAPTERS_VERSION,
    ...(title && { title }),
    ...(show && { podcastName: show }),
    ...(media && { fileName: media.fileName }),
    chapters: doc.chapters.map((c) => ({ startTime: c.start, title: c.title, endTime: c.end })),
  }
  // What the app writes must pass the checker it offers others; a failure here is the app's bug.
  const check = checkPublishedChapters(file)
  if (!check.ok) throw new Error(`the chapters file came out invalid:\n${check.problems.join('\n')}`)
  return JSON.stringify(file, null, 2) + '\n'
}
