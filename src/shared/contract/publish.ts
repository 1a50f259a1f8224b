/** Publishing: the episode exported in a format, as a web page's folder, and how it was last published. */
import { z } from 'zod'
import { byId, episodeId, outputRefSchema } from './fields'
import { edit, method } from './method'

export const publishFormatSchema = z.enum([
  'episode',
  'chapters',
  'youtube',
  'vtt-chapters',
  'csv',
  'html',
  'podcast-item',
])
export type PublishFormat = z.output<typeof publishFormatSchema>

/** An address a published file names; checked in full (absolute http(s)) where it is used. */
const webAddress = z.string().max(2000)

/** How an episode is published, kept with it in the library (not in episode JSON). */
export interface PublishingChoices {
  /** The page plays the video or only its audio; null: as the media is. */
  mediaAs: 'audio' | 'video' | null
  mediaUrl: string | null
  baseUrl: string | null
  /** What the episode's media is, so a dialog offers video only for a video. */
  mediaKind: 'audio' | 'video' | null
}

export interface SiteExport {
  folder: string
  files: string[]
  warnings: string[]
}

export const publishMethods = {
  /** Episode JSON or a publishing format; `final` refuses, listing why, while the analysis is not finished. */
  'episodes.exportAs': edit<{ fileName: string; text: string; warnings: string[] }>()(
    z.strictObject({
      id: episodeId,
      format: publishFormatSchema,
      final: z.boolean().optional(),
      /** Where the web page folder's files are served (`podcast-item` needs it); kept with the episode. */
      baseUrl: webAddress.optional(),
      /** Written before the episode becomes final, so a file that cannot be written leaves it as it was. */
      saveTo: outputRefSchema.optional(),
    }),
  ),
  /**
   * The published page as a folder (page, media, captions, transcript, chapters, episode JSON). Without
   * `folder` (the browser, which cannot name one) it goes beside the database, in episcore-sites/.
   */
  'episodes.exportSite': method<SiteExport>()(
    z.strictObject({
      id: episodeId,
      folder: outputRefSchema.optional(),
      mediaAs: z.enum(['audio', 'video']).optional(),
      /** A public address the page plays instead of a copy; '' forgets the one kept. */
      mediaUrl: webAddress.or(z.literal('')).optional(),
    }),
  ),
  /** How the episode was last published (the web page's media, the feed's address), for the dialogs. */
  'episodes.publishingChoices': method<PublishingChoices>()(byId),
}
