import type { EpisodeDocument } from '../../shared/episodeFormat'
import { collapseSpaces, escapeVtt, formatStamp } from '../transcript/writeTranscript'
import { chapterListProblems, refuseIfAny } from './publishRefusal'

/**
 * The chapters as WebVTT for a `<track kind="chapters">`: one cue a chapter, its text the title.
 * Cues are numbered rather than named by chapter id, since an id may hold what an identifier may not.
 */
export function writeVttChapters(doc: EpisodeDocument): string {
  refuseIfAny('Cannot write WebVTT chapters', chapterListProblems(doc, 'a WebVTT chapter track'))
  const cues = doc.chapters.map(
    (c, i) =>
      `${i + 1}\n${formatStamp(c.start, '.')} --> ${formatStamp(c.end, '.')}\n${escapeVtt(collapseSpaces(c.title))}`,
  )
  return `WEBVTT\n\n${cues.join('\n\n')}\n`
}
