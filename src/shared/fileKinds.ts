/**
 * What each kind of file the editor picks may be, written once for the native dialogs, the page's file
 * inputs, the check made before an upload starts and the host's refusal: a wrong file is refused by its
 * name and size before a byte of it travels, and the core still checks the content.
 */
export type FileKind = 'media' | 'transcript' | 'episode' | 'codebook'

export const MEDIA_EXTENSIONS = [
  'mp3',
  'm4a',
  'aac',
  'wav',
  'flac',
  'ogg',
  'oga',
  'opus',
  'mp4',
  'm4v',
  'webm',
  'mov',
  'mkv',
] as const
export const TRANSCRIPT_EXTENSIONS = ['vtt', 'srt', 'json', 'txt', 'html', 'htm'] as const
export const EPISODE_EXTENSIONS = ['json'] as const
/** A REFI-QDA codebook, read by core/codebook/qdc.ts. */
export const CODEBOOK_EXTENSIONS = ['qdc'] as const

/** The largest transcript read: a 4-hour word-timed JSON is about 10 MB. */
export const MAX_TRANSCRIPT_BYTES = 50 * 1024 * 1024
/** The largest episode JSON loaded. */
export const MAX_EPISODE_BYTES = 200 * 1024 * 1024
/** The largest .qdc read (core/codebook/qdc.ts refuses a larger one too). */
export const MAX_CODEBOOK_BYTES = 5 * 1024 * 1024

export const isFileKind = (value: unknown): value is FileKind =>
  value === 'media' || value === 'transcript' || value === 'episode' || value === 'codebook'

export const EXTENSIONS: Record<FileKind, readonly string[]> = {
  media: MEDIA_EXTENSIONS,
  transcript: TRANSCRIPT_EXTENSIONS,
  episode: EPISODE_EXTENSIONS,
  codebook: CODEBOOK_EXTENSIONS,
}

const MAX_BYTES: Record<FileKind, number> = {
  media: Number.POSITIVE_INFINITY,
  transcript: MAX_TRANSCRIPT_BYTES,
  episode: MAX_EPISODE_BYTES,
  codebook: MAX_CODEBOOK_BYTES,
}

const NOUN: Record<FileKind, string> = {
  media: 'the episode’s audio or video',
  transcript: 'a transcript',
  episode: 'episode JSON',
  codebook: 'a REFI-QDA codebook',
}

/** The `accept` attribute of a file input for a kind: its extensions (media also by MIME type). */
export const acceptFor = (kind: FileKind): string =>
  [...(kind === 'media' ? ['audio/*', 'video/*'] : []), ...EXTENSIONS[kind].map((e) => `.${e}`)].join(',')

const sizeText = (bytes: number): string =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${Math.round(bytes / 1024 ** 2)} MB`
      : `${Math.ceil(bytes / 1024)} KB`

/** Why a file of this name and size cannot be taken as `kind`, or null when it may be. */
export function refusalOf(kind: FileKind, name: string, sizeBytes: number): string | null {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''
  const allowed = EXTENSIONS[kind]
  const other = (Object.keys(EXTENSIONS) as FileKind[]).find(
    (k) => k !== kind && EXTENSIONS[k].includes(extension),
  )
  // ffmpeg reads more containers than any list names, so media is refused only when it is plainly
  // another kind of file; a transcript or episode JSON must be one of the formats that are read.
  if (kind === 'media' ? other !== undefined : !allowed.includes(extension)) {
    const looksLike = other ? ` (it looks like ${NOUN[other]})` : ''
    return `${name} is not ${NOUN[kind]}${looksLike}: choose a .${allowed.join(', .')} file`
  }
  if (sizeBytes > MAX_BYTES[kind])
    return `${name} is ${sizeText(sizeBytes)}; ${NOUN[kind]} over ${sizeText(MAX_BYTES[kind])} is refused`
  return null
}
