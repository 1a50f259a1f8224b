export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' }

/**
 * Reads an HTTP `Range` header against a file size (RFC 9110 §14.1.2), single ranges only, which is
 * what media elements send when they seek.
 */
export function parseRange(header: string | null | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return { kind: 'whole' }
  const [, first, last] = match
  if (first === '' && last === '') return { kind: 'unsatisfiable' }
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || end < start) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end }
}

const MIME_BY_EXTENSION: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
}

export function mediaMimeType(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return MIME_BY_EXTENSION[fileName.slice(dot).toLowerCase()] ?? 'application/octet-stream'
}
