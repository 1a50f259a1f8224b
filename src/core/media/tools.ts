import { createRequire } from 'node:module'

const requireFromHere = createRequire(__filename)

function packagedBinary(pkg: string): string {
  try {
    return (requireFromHere(pkg) as { path: string }).path
  } catch {
    return pkg.endsWith('ffprobe') ? 'ffprobe' : 'ffmpeg'
  }
}

/** ffmpeg from `EPISCORE_FFMPEG`, else the npm-shipped build, else the one on PATH. */
export const ffmpegPath = (): string =>
  process.env.EPISCORE_FFMPEG || packagedBinary('@ffmpeg-installer/ffmpeg')
export const ffprobePath = (): string =>
  process.env.EPISCORE_FFPROBE || packagedBinary('@ffprobe-installer/ffprobe')
