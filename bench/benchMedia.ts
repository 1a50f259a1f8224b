import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ffmpegPath } from '../src/core/media/tools'
import { SPEECH_LIKE } from '../tests/generateMedia'
import { fileLabel, spokenLabel, type Sizes } from './sizes'

/** Generated once into bench/media (ignored by git) and reused by later runs. */
export const MEDIA_DIR = path.resolve(__dirname, 'media')

function ffmpeg(args: string[]): void {
  const run = spawnSync(ffmpegPath(), ['-v', 'error', '-y', ...args], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${run.stderr}`)
}

function once(name: string, make: (out: string) => void): string {
  fs.mkdirSync(MEDIA_DIR, { recursive: true })
  const out = path.join(MEDIA_DIR, name)
  if (!fs.existsSync(out)) {
    const tmp = path.join(MEDIA_DIR, `tmp-${name}`)
    make(tmp)
    fs.renameSync(tmp, out)
  }
  return out
}

/** Repeats a piece by stream copy: an hour of media in seconds, decoded as a real hour. */
function repeat(piece: string, times: number, out: string): void {
  const list = `${out}.txt`
  fs.writeFileSync(list, Array.from({ length: times }, () => `file '${piece}'`).join('\n'))
  ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    '-f',
    path.extname(out) === '.mp4' ? 'mp4' : 'mp3',
    out,
  ])
  fs.rmSync(list)
}

export interface BenchMedia {
  hourMp3: string
  threeHourMp3: string
  hourMp4: string
}

/** Speech-like mono at a podcast's low bitrate (32 kb/s), for the scale measures. */
export function scaleMedia(log: (line: string) => void, sizes: Sizes): string {
  const { pieceSeconds, pieces } = sizes.scale
  const piece = once(`speech-${fileLabel(pieceSeconds)}-32k.mp3`, (out) => {
    log(`generating ${spokenLabel(pieceSeconds)} of speech-like audio (32 kb/s mono mp3)…`)
    ffmpeg([
      ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', String(pieceSeconds)],
      ...['-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', out],
    ])
  })
  return once(`speech-${fileLabel(pieceSeconds * pieces)}-32k.mp3`, (out) => repeat(piece, pieces, out))
}

/** The long-media rows' files: what `hour` and `threeHours` name are their full sizes. */
export function benchMedia(log: (line: string) => void, sizes: Sizes): BenchMedia {
  const { pieceSeconds, hourPieces, threeHourPieces, videoPieces } = sizes.media
  const piece = fileLabel(pieceSeconds)
  const audio = once(`speech-${piece}.mp3`, (out) => {
    log(`generating ${spokenLabel(pieceSeconds)} of speech-like audio (mp3)…`)
    ffmpeg([
      ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', String(pieceSeconds)],
      ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', out],
    ])
  })
  // Video only: its pieces join by stream copy as one long H.264 stream.
  const video = once(`video-only-${piece}.mp4`, (out) => {
    log(`generating ${spokenLabel(pieceSeconds)} of video (mp4, no audio)…`)
    ffmpeg([
      ...['-f', 'lavfi', '-i', `testsrc=size=640x360:rate=25:duration=${pieceSeconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', out],
    ])
  })
  /**
   * The audio is encoded whole, as a recording is: AAC pieces joined by stream copy would each bring
   * their encoder's priming samples into the middle of the stream, uncounted by the timestamps, so that
   * a seek lands hundreds of samples from where a decode from the start is (251 at the first joint).
   */
  const withAudio = (pieces: number, out: string): void => {
    const seconds = pieceSeconds * pieces
    const joined = `${out}.video.mp4`
    repeat(video, pieces, joined)
    log(`encoding ${spokenLabel(seconds)} of speech-like audio (AAC) beside it…`)
    ffmpeg([
      ...['-i', joined, '-f', 'lavfi', '-i', SPEECH_LIKE, '-t', String(seconds)],
      ...['-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '96k', '-ac', '1'],
      ...['-shortest', '-f', 'mp4', out],
    ])
    fs.rmSync(joined)
  }
  const of = (kind: string, pieces: number): string => `${kind}-${fileLabel(pieceSeconds * pieces)}`
  return {
    hourMp3: once(`${of('speech', hourPieces)}.mp3`, (out) => repeat(audio, hourPieces, out)),
    threeHourMp3: once(`${of('speech', threeHourPieces)}.mp3`, (out) => repeat(audio, threeHourPieces, out)),
    hourMp4: once(`${of('video-av', videoPieces)}.mp4`, (out) => withAudio(videoPieces, out)),
  }
}

/** What a row names as its input, from a file this module made: "a 3 h mp3". */
export function mediaLabel(file: string): string {
  const match = /-(\d+)(h|min)(?:-32k)?\.(mp3|mp4)$/.exec(file)
  if (!match) return path.basename(file)
  return `a ${match[1]} ${match[2]} ${match[3]}`
}
