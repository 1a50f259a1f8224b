import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ffmpegPath } from '../src/core/media/tools'
import { SPEECH_LIKE } from '../tests/generateMedia'

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

/** Four hours of speech-like mono at a podcast's low bitrate, for the scale measures. */
export function scaleMedia(log: (line: string) => void): string {
  const piece = once('speech-10min-32k.mp3', (out) => {
    log('generating 10 minutes of speech-like audio (32 kb/s mono mp3)…')
    ffmpeg([
      ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', '600'],
      ...['-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', out],
    ])
  })
  return once('speech-4h-32k.mp3', (out) => repeat(piece, 24, out))
}

export function benchMedia(log: (line: string) => void): BenchMedia {
  const tenMinutes = once('speech-10min.mp3', (out) => {
    log('generating 10 minutes of speech-like audio (mp3)…')
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      SPEECH_LIKE,
      '-t',
      '600',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-f',
      'mp3',
      out,
    ])
  })
  const tenMinutesVideo = once('video-10min.mp4', (out) => {
    log('generating 10 minutes of video with speech-like audio (mp4)…')
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=600'],
      ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', '600'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k'],
      ...['-shortest', '-f', 'mp4', out],
    ])
  })
  return {
    hourMp3: once('speech-1h.mp3', (out) => repeat(tenMinutes, 6, out)),
    threeHourMp3: once('speech-3h.mp3', (out) => repeat(tenMinutes, 18, out)),
    hourMp4: once('video-1h.mp4', (out) => repeat(tenMinutesVideo, 6, out)),
  }
}
