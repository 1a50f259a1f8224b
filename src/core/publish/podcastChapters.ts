import type { EpisodeDocument } from '../../shared/episodeFormat'
import { checkPublishedChapters } from './checkPodcastChapters'
import { chapterListProblems, refuseIfAny } from './publishRefusal'

export const PODCAST_CHAPTERS_VERSION = '1.2.0'

/**
 * The chapters as a Podcasting 2.0 JSON chapters file, for `<podcast:chapters>` in a feed. Its
 * `fileName` names the media the chapters go with: `mediaFileName` where the file is published beside
 * other media than the original (the web page folder's `media.mp3`), else the episode's media file.
 */
export function writePodcastChapters(doc: EpisodeDocument, mediaFileName?: string): string {
  refuseIfAny('Cannot write the chapters file', chapterListProblems(doc, 'a chapters file'))
  const { title, show, media } = doc.episode
  const fileName = mediaFileName ?? media?.fileName
  const file = {
    version: PODCAST_CHAPTERS_VERSION,
    ...(title && { title }),
    ...(show && { podcastName: show }),
    ...(fileName && { fileName }),
    chapters: doc.chapters.map((c) => ({ startTime: c.start, title: c.title, endTime: c.end })),
  }
  // What the app writes must pass the checker it offers others; a failure here is the app's bug.
  const check = checkPublishedChapters(file)
  if (!check.ok) throw new Error(`the chapters file came out invalid:\n${check.problems.join('\n')}`)
  return JSON.stringify(file, null, 2) + '\n'
}
