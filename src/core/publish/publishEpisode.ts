import type { PublishFormat } from '../../shared/contract'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { episodeView } from '../episodes/episodeQueries'
import { episodeJsonText, episodeSlug, exportEpisode } from '../export/exportEpisode'
import { applyEdit } from '../history/editHistory'
import { reviewerName } from '../review/reviewerName'
import { writeEpisodePage } from './episodePage'
import { finalExportProblems } from './finalProblems'
import { writePodcastChapters } from './podcastChapters'
import { refuseIfAny } from './publishRefusal'
import { writeScoresCsv } from './scoresCsv'
import { writeVttChapters } from './vttChapters'
import { writeYoutubeChapters } from './youtubeChapters'

const WRITERS: Record<PublishFormat, { extension: string; write: (doc: EpisodeDocument) => string }> = {
  episode: { extension: 'episode.json', write: episodeJsonText },
  chapters: { extension: 'chapters.json', write: writePodcastChapters },
  youtube: { extension: 'youtube.txt', write: writeYoutubeChapters },
  'vtt-chapters': { extension: 'chapters.vtt', write: writeVttChapters },
  csv: { extension: 'csv', write: writeScoresCsv },
  html: { extension: 'html', write: writeEpisodePage },
}

export interface PublishedFile {
  fileName: string
  text: string
}

/**
 * The episode in one of the publishing formats. A final export refuses, listing every reason, while
 * the analysis is unfinished; when it succeeds the episode's review status becomes `final`, as an
 * edit the editor can undo. The file is made (and delivered) first, so a format's own refusal or a
 * failed write changes nothing.
 */
export function publishEpisode(
  db: Db,
  id: string,
  format: PublishFormat,
  options: {
    final?: boolean
    /** Writes the file out before the episode becomes final, so a write that fails leaves it as it was. */
    deliver?: (file: PublishedFile) => void
  } = {},
): PublishedFile {
  const writer = WRITERS[format]
  const publish = (): PublishedFile => {
    const exported = exportEpisode(db, id, { includeTranscript: format === 'episode' })
    if (options.final) refuseIfAny('Not ready to publish', finalExportProblems(exported, episodeView(db, id)))
    // Publishing an episode that is final already changes nothing, so it adds nothing to undo.
    const becomesFinal = options.final === true && exported.review.status !== 'final'
    const updatedAt = new Date().toISOString()
    // The one who publishes has reviewed: named, when the library knows them.
    const reviewer = (becomesFinal && reviewerName(db)) || exported.review.reviewer
    const doc: EpisodeDocument = becomesFinal
      ? { ...exported, review: { ...exported.review, status: 'final', updatedAt, reviewer } }
      : exported
    const file = { fileName: `${episodeSlug(doc)}.${writer.extension}`, text: writer.write(doc) }
    options.deliver?.(file)
    if (becomesFinal)
      applyEdit(db, id, 'Publish', (w) =>
        w.update('episodes', { id }, { review_status: 'final', updated_at: updatedAt, reviewer }),
      )
    return file
  }
  // One write transaction: the file shows the analysis exactly as it was when it became final.
  return options.final ? db.transaction(publish).immediate() : publish()
}
