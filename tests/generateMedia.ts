import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ffmpegPath } from '../src/core/media/tools'
import { tempFolder } from './tempFolder'

/** Makes a media file with the ffmpeg the app ships, from ffmpeg's own test sources. */
export function generateMedia(name: string, args: readonly string[]): string {
  const out = path.join(tempFolder('episcore-media-'), name)
  const run = spawnSync(ffmpegPath(), ['-v', 'error', '-y', ...args, out], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`ffmpeg could not make ${name}: ${run.stderr}`)
  return out
}

/**
 * Speech-like sound: pink noise, band-limited, with syllable-rate and phrase-rate loudness changes. The
 * noise is seeded, so every run decodes the same sound: unseeded, one run in many put an overlap the
 * peaks' ranges compare in a quiet stretch, and the ranged decode fell back to one pass (as it should).
 */
export const SPEECH_LIKE =
  'anoisesrc=c=pink:r=44100:a=0.4:seed=1,lowpass=f=3500,tremolo=f=4.2:d=0.9,tremolo=f=0.23:d=0.95'

export const speechMp3 = (seconds: number): string =>
  generateMedia(`speech-${seconds}s.mp3`, [
    '-f',
    'lavfi',
    '-i',
    SPEECH_LIKE,
    '-t',
    String(seconds),
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
  ])

export const videoWithSpeech = (seconds: number): string =>
  generateMedia(`video-${seconds}s.mp4`, [
    ...['-f', 'lavfi', '-i', `testsrc=size=320x180:rate=15:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', String(seconds)],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-shortest',
    ],
  ])

export const videoWithoutAudio = (seconds: number): string =>
  generateMedia(`silent-video-${seconds}s.mp4`, [
    ...['-f', 'lavfi', '-i', `testsrc=size=160x90:rate=10:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  ])

/** A long mp3 made fast: one minute of speech-like sound encoded once, then repeated by stream copy. */
export function longSpeechMp3(minutes: number): string {
  const minute = speechMp3(60)
  const list = path.join(path.dirname(minute), 'list.txt')
  fs.writeFileSync(list, Array.from({ length: minutes }, () => `file '${minute}'`).join('\n'))
  return generateMedia(`speech-${minutes}min.mp3`, ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy'])
}

/**
 * A long video made fast: one minute of a tiny, one-frame-a-second picture with speech-like sound,
 * encoded once, then repeated by stream copy (an hour takes a few seconds).
 */
export function longVideoWithSpeech(minutes: number): string {
  const minute = generateMedia('video-minute.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=1:duration=60'],
    ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', '60'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p'],
    ...['-ac', '1', '-c:a', 'aac', '-b:a', '32k', '-shortest'],
  ])
  const list = path.join(path.dirname(minute), 'list.txt')
  fs.writeFileSync(list, Array.from({ length: minutes }, () => `file '${minute}'`).join('\n'))
  return generateMedia(`video-${minutes}min.mp4`, ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy'])
}

const made = new Map<string, string>()

/** Made once per test process: several tests decode the same file. */
function once(name: string, args: readonly string[]): string {
  const known = made.get(name)
  if (known && fs.existsSync(known)) return known
  const file = generateMedia(name, args)
  made.set(name, file)
  return file
}

const speech = (seconds: number, channels: number): string[] => [
  ...['-f', 'lavfi', '-i', SPEECH_LIKE, '-t', String(seconds), '-ac', String(channels)],
]

/** The peaks' formats: each a few seconds to a minute of speech-like sound, stereo where it may be. */
export const mediaFormats = {
  /** Constant bitrate, with the Info header LAME writes. */
  mp3Cbr: (seconds: number): string =>
    once(`cbr-${seconds}s.mp3`, [...speech(seconds, 2), '-c:a', 'libmp3lame', '-b:a', '96k']),
  /** Variable bitrate without a Xing header: no seek table, so seeks are estimated from the bitrate. */
  mp3VbrNoSeekTable: (seconds: number): string =>
    once(`vbr-${seconds}s.mp3`, [
      ...speech(seconds, 2),
      ...['-c:a', 'libmp3lame', '-q:a', '4', '-write_xing', '0'],
    ]),
  /** AAC as ffmpeg's encoder makes it: the noisy bands coded as noise (PNS), which decoders draw at random. */
  m4a: (seconds: number): string =>
    once(`aac-${seconds}s.m4a`, [...speech(seconds, 2), '-c:a', 'aac', '-b:a', '96k']),
  /** AAC with every band coded as it sounds: decoders agree on every sample. */
  m4aWithoutNoiseBands: (seconds: number): string =>
    once(`aac-nopns-${seconds}s.m4a`, [...speech(seconds, 2), '-c:a', 'aac', '-aac_pns', '0', '-b:a', '96k']),
  wav: (seconds: number): string => once(`pcm-${seconds}s.wav`, [...speech(seconds, 2), '-c:a', 'pcm_s16le']),
  opus: (seconds: number): string =>
    once(`opus-${seconds}s.opus`, [
      ...speech(seconds, 2),
      ...['-ar', '48000', '-c:a', 'libopus', '-b:a', '48k'],
    ]),
  mp4: (seconds: number): string => videoWithSpeech(seconds),
}
