import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../../db/openDatabase'
import { UserError } from '../../errors'
import { mediaRow } from '../../episodes/episodeQueries'
import { servableMedia } from '../../media/mediaPath'
import { runTool } from '../../media/runTool'
import { ffmpegPath } from '../../media/tools'

/** The media as the page's `<source>` names it. */
export interface SiteMedia {
  src: string
  kind: 'audio' | 'video'
  /** The MIME type, when the extension tells it. */
  type: string | null
}

const TYPES: Record<string, { audio: string; video: string }> = {
  mp4: { audio: 'audio/mp4', video: 'video/mp4' },
  m4v: { audio: 'audio/mp4', video: 'video/mp4' },
  m4a: { audio: 'audio/mp4', video: 'audio/mp4' },
  mov: { audio: 'audio/mp4', video: 'video/quicktime' },
  webm: { audio: 'audio/webm', video: 'video/webm' },
  mkv: { audio: 'audio/x-matroska', video: 'video/x-matroska' },
  mp3: { audio: 'audio/mpeg', video: 'audio/mpeg' },
  ogg: { audio: 'audio/ogg', video: 'video/ogg' },
  opus: { audio: 'audio/ogg', video: 'audio/ogg' },
  oga: { audio: 'audio/ogg', video: 'audio/ogg' },
  wav: { audio: 'audio/wav', video: 'audio/wav' },
  flac: { audio: 'audio/flac', video: 'audio/flac' },
  aac: { audio: 'audio/aac', video: 'audio/aac' },
}

const extensionOf = (name: string): string =>
  path
    .extname(name)
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)

const typeOf = (name: string, kind: 'audio' | 'video'): string | null =>
  TYPES[extensionOf(name)]?.[kind] ?? null

/** The refusal for media the page cannot be made from, naming what the editor does about it. */
const cannotCopy = (why: string): UserError =>
  new UserError(
    'not-found',
    `the web page needs the episode's media: ${why}. Relink the media (Relink media…) or give a public media URL; nothing was written`,
  )

/**
 * What the page plays: the public address the editor gave, or the media file copied beside the page
 * (`media.<ext>`), or its audio stream alone copied, not re-encoded, into `media.m4a`. Media missing or
 * not what the episode was made from is refused, naming Relink.
 */
export async function siteMedia(
  db: Db,
  episodeId: string,
  choice: { mediaAs: 'audio' | 'video' | null; mediaUrl: string | null },
  stage: (name: string) => string,
): Promise<SiteMedia> {
  const row = mediaRow(db, episodeId)
  const mediaKind = row?.kind === 'video' ? 'video' : 'audio'
  if (choice.mediaAs === 'video' && row && mediaKind === 'audio')
    throw new UserError(
      'invalid-input',
      `the media ${row.file_name} is audio; it cannot be published as video`,
    )
  const kind = choice.mediaAs ?? mediaKind
  if (choice.mediaUrl !== null) {
    const name = new URL(choice.mediaUrl).pathname
    return { src: choice.mediaUrl, kind, type: typeOf(name, kind) }
  }
  if (!row || row.path === '') throw cannotCopy('it was never linked on this machine')
  let served: { path: string; fileName: string }
  try {
    served = await servableMedia(db, episodeId)
  } catch (error) {
    throw cannotCopy((error as Error).message)
  }
  if (kind === 'audio' && mediaKind === 'video') {
    const name = 'media.m4a'
    const out = stage(name)
    const run = await runTool(ffmpegPath(), [
      ...['-v', 'error', '-y', '-i', served.path],
      ...['-map', '0:a:0', '-vn', '-c:a', 'copy', '-movflags', '+faststart', '-f', 'mp4', out],
    ])
    if (run.code !== 0) {
      fs.rmSync(out, { force: true })
      throw new UserError(
        'invalid-input',
        `the audio of ${served.fileName} cannot be copied into .m4a without re-encoding (${run.stderr.trim().split('\n').at(-1) ?? 'ffmpeg failed'}); publish it as video, or give a public media URL`,
      )
    }
    return { src: name, kind, type: 'audio/mp4' }
  }
  const name = `media.${extensionOf(served.fileName) || 'bin'}`
  await fs.promises.copyFile(served.path, stage(name))
  return { src: name, kind, type: typeOf(name, kind) }
}
