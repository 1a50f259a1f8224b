import type { SiteExport } from '../../../shared/contract'
import path from 'node:path'
import type { Db } from '../../db/openDatabase'
import { UserError } from '../../errors'
import { episodeJsonText, exportEpisode } from '../../export/exportEpisode'
import { episodeTranscriptSegments } from '../../transcript/exportTranscript'
import { writePodcastingJson, writeWebVtt } from '../../transcript/writeTranscript'
import { episodePageHtml } from '../episodePage'
import { writePodcastChapters } from '../podcastChapters'
import { PLAYER_SCRIPT_SOURCE } from './playerScript'
import { checkedWebAddress, keepPublishingChoices, readPublishingChoices } from './publishingChoices'
import { checkSiteFolder, SiteWriter } from './siteFolder'
import { siteMedia } from './siteMedia'
import { SITE_CSS, sitePlayer, siteTail, type SiteCue } from './sitePlayer'

export interface SiteRequest {
  /** Audio or video; absent: as chosen last time, else as the media is. */
  mediaAs?: 'audio' | 'video'
  /** A public media URL the page plays instead of a copy; '' forgets the one chosen last time. */
  mediaUrl?: string
}

/** Where the browser's export goes (a browser cannot name a folder): beside the database. */
export const defaultSiteFolder = (db: Db, episodeId: string): string =>
  path.join(
    db.memory ? process.cwd() : path.dirname(db.name),
    'episcore-sites',
    episodeId.replace(/[^A-Za-z0-9._-]/g, '_'),
  )

/** The name of the file the page plays: the copy beside it, or the last part of the public address. */
function mediaFileName(src: string): string | undefined {
  if (!URL.canParse(src)) return src
  const last = new URL(src).pathname.split('/').at(-1) ?? ''
  try {
    return decodeURIComponent(last) || undefined
  } catch {
    return last || undefined
  }
}

/**
 * Nothing loads but the media (and only from where the page is, unless the editor gave a public
 * address), and nothing runs but the player's own script, admitted by its hash.
 */
function contentSecurityPolicy(mediaUrl: string | null): string {
  const media = mediaUrl === null ? "'self'" : `'self' ${new URL(mediaUrl).origin}`
  return `default-src 'none'; script-src ${PLAYER_SCRIPT_SOURCE}; style-src 'unsafe-inline'; img-src data:; media-src ${media}; base-uri 'none'; form-action 'none'`
}

/**
 * The published page as a folder that works opened from disk and uploaded anywhere as it is: the page
 * (everything it shows inline), the media, and the files a feed and other players read (captions,
 * Podcasting 2.0 transcript and chapters, episode JSON). A folder holding anything else is refused;
 * files an earlier export of the episode wrote and this one does not are removed. The choices used are
 * kept with the episode for the next export.
 */
export async function exportSite(
  db: Db,
  episodeId: string,
  folder: string,
  request: SiteRequest,
): Promise<SiteExport> {
  const kept = readPublishingChoices(db, episodeId)
  const mediaUrl =
    request.mediaUrl === undefined
      ? kept.mediaUrl
      : request.mediaUrl.trim() === ''
        ? null
        : checkedWebAddress(request.mediaUrl, 'the media URL')
  const mediaAs = request.mediaAs ?? kept.mediaAs
  const target = path.resolve(folder)
  checkSiteFolder(target, episodeId)
  const doc = exportEpisode(db, episodeId, { includeTranscript: true })
  const warnings: string[] = []
  const writer = new SiteWriter(target)
  try {
    const media = await siteMedia(db, episodeId, { mediaAs, mediaUrl }, (name) => writer.stage(name))
    const segments = episodeTranscriptSegments(db, episodeId)
    const cues: SiteCue[] = segments.map((s) => [s.start, s.end, s.speaker, s.text])
    if (segments.length > 0) {
      writer.write('captions.vtt', writeWebVtt(segments))
      writer.write('transcript.json', writePodcastingJson(segments))
    } else
      warnings.push(
        'the episode has no transcript: the page has no captions, and no captions.vtt or transcript.json was written',
      )
    try {
      writer.write('chapters.json', writePodcastChapters(doc, mediaFileName(media.src)))
    } catch (error) {
      if (!(error instanceof UserError)) throw error
      warnings.push(`no chapters.json: ${error.message.split('\n').join(' ')}`)
    }
    writer.write('episode.json', episodeJsonText(doc))
    writer.write(
      'index.html',
      episodePageHtml(doc, {
        contentSecurityPolicy: contentSecurityPolicy(mediaUrl),
        css: SITE_CSS,
        player: sitePlayer(doc, media, cues.length > 0),
        tail: siteTail(doc, cues),
      }),
    )
    const files = writer.commit()
    keepPublishingChoices(db, episodeId, { mediaAs, mediaUrl })
    return { folder: target, files: files.sort(), warnings }
  } catch (error) {
    writer.abandon()
    throw error
  }
}
