import type { PublishFormat } from '../../shared/contract'
import type { EpisodeDocument } from '../../shared/episodeFormat'
import type { Db } from '../db/openDatabase'
import { episodeView } from '../episodes/episodeQueries'
import { episodeJsonText, episodeSlug, exportEpisode } from '../export/exportEpisode'
import { applyEdit } from '../history/editHistory'
import { reviewerName } from '../review/reviewerName'
import { UserError } from '../errors'
import { writeEpisodePage } from './episodePage'
import { writePodcastItem } from './podcastItem'
import { finalExportProblems } from './finalProblems'
import { writePodcastChapters } from './podcastChapters'
import { refuseIfAny } from './publishRefusal'
import { writeScoresCsv } from './scoresCsv'
import { writeVttChapters } from './vttChapters'
import { writeYoutubeChapters } from './youtubeChapters'

type Writer = (doc: EpisodeDocument, baseUrl: string | undefined) => { text: string; warnings: string[] }

/** A format with nothing to warn about. */
const quiet =
  (write: (doc: EpisodeDocument) => string): Writer =>
  (doc) => ({ text: write(doc), warnings: [] })

/** The feed's tags name the web page folder's files, so they need where that folder is served. */
const feedTags: Writer = (doc, baseUrl) => {
  if (baseUrl === undefined)
    throw new UserError('invalid-input', 'the feed tags need the base URL the web page folder is served from')
  return writePodcastItem(doc, baseUrl)
}

const WRITERS: Record<PublishFormat, { extension: string; write: Writer }> = {
  episode: { extension: 'episode.json', write: quiet(episodeJsonText) },
  chapters: { extension: 'chapters.json', write: quiet(writePodcastChapters) },
  youtube: { extension: 'youtube.txt', write: quiet(writeYoutubeChapters) },
  'vtt-chapters': { extension: 'chapters.vtt', write: quiet(writeVttChapters) },
  csv: { extension: 'csv', write: quiet(writeScoresCsv) },
  html: { extension: 'html', write: quiet(writeEpisodePage) },
  'podcast-item': { extension: 'podcast-item.xml', write: feedTags },
}

export interface PublishedFile {
  fileName: string
  text: string
  /** What the file leaves out and why (a feed item without soundbites, say). */
  warnings: string[]
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
    /** Where the web page folder is served from: the feed tags' addresses. */
    baseUrl?: string
  } = {},
): PublishedFile {
  const writer = WRITERS[format]
  const publish = (): PublishedFile => {
    const exported = exportEpisode(db, id, {
      includeTranscript: format === 'episode' || format === 'podcast-item',
    })
    if (options.final) refuseIfAny('Not ready to publish', finalExportProblems(exported, episodeView(db, id)))
    // Publishing an episode that is final already changes nothing, so it adds nothing to undo.
    const becomesFinal = options.final === true && exported.review.status !== 'final'
    const updatedAt = new Date().toISOString()
    // The one who publishes has reviewed: named, when the library knows them.
    const reviewer = (becomesFinal && reviewerName(db)) || exported.review.reviewer
    const doc: EpisodeDocument = becomesFinal
      ? { ...exported, review: { ...exported.review, status: 'final', updatedAt, reviewer } }
      : exported
    const file = {
      fileName: `${episodeSlug(doc)}.${writer.extension}`,
      ...writer.write(doc, options.baseUrl),
    }
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
