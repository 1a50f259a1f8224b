import { createRequire } from 'node:module'

const requireFromHere = createRequire(__filename)

/**
 * The file as the system sees it. In a packaged app require() resolves inside app.asar, which only
 * Electron's own fs can read: executables are unpacked beside it (asarUnpack in electron-builder.yml)
 * to be run at all.
 */
export const outsideAsar = (file: string): string =>
  file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')

function packagedBinary(pkg: string): string {
  try {
    return outsideAsar((requireFromHere(pkg) as { path: string }).path)
  } catch {
    return pkg.endsWith('ffprobe') ? 'ffprobe' : 'ffmpeg'
  }
}

/** ffmpeg from `EPISCORE_FFMPEG`, else the npm-shipped build, else the one on PATH. */
export const ffmpegPath = (): string =>
  process.env.EPISCORE_FFMPEG || packagedBinary('@ffmpeg-installer/ffmpeg')
export const ffprobePath = (): string =>
  process.env.EPISCORE_FFPROBE || packagedBinary('@ffprobe-installer/ffprobe')
