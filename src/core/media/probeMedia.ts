import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { UserError } from '../errors'
import { kindOfFile } from '../files/regularFile'
import { runTool } from './runTool'
import { ffprobePath } from './tools'

export interface MediaProbe {
  durationSeconds: number
  kind: 'audio' | 'video'
  audioCodec: string
  videoCodec: string | null
  sampleRate: number
  channels: number
}

const ffprobeOutput = z.object({
  format: z.object({ duration: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        duration: z.string().optional(),
        sample_rate: z.string().optional(),
        channels: z.number().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
})

const refuse = (file: string, why: string): UserError =>
  new UserError('invalid-input', `${path.basename(file)} cannot be used as media: ${why}`)

/** What ffprobe says of a media file; refuses, with a one-line reason, anything without playable audio. */
export async function probeMedia(file: string): Promise<MediaProbe> {
  let size: number
  try {
    const stat = fs.statSync(file)
    if (!stat.isFile()) throw refuse(file, `it is ${kindOfFile(stat)}, not a regular file`)
    size = stat.size
  } catch (error) {
    if (error instanceof UserError) throw error
    throw new UserError('not-found', `media file not found: ${file}`)
  }
  if (size === 0) throw refuse(file, 'the file is empty')
  const result = await runTool(ffprobePath(), [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ])
  if (result.code !== 0) {
    const line = result.stderr.trim().split('\n').pop() ?? ''
    throw refuse(file, `not a media file ffmpeg can read (${line.replace(/^.*?: /, '') || 'unknown format'})`)
  }
  const info = ffprobeOutput.parse(JSON.parse(result.stdout))
  const audio = info.streams.find((s) => s.codec_type === 'audio')
  if (!audio) throw refuse(file, 'it has no audio stream')
  const video = info.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)
  const duration = Number(info.format?.duration ?? audio.duration ?? NaN)
  if (!Number.isFinite(duration) || duration <= 0)
    throw refuse(file, 'it has no duration (empty or truncated)')
  return {
    durationSeconds: duration,
    kind: video ? 'video' : 'audio',
    audioCodec: audio.codec_name ?? 'unknown',
    videoCodec: video?.codec_name ?? null,
    sampleRate: Number(audio.sample_rate ?? 0) || 44100,
    channels: audio.channels ?? 1,
  }
}
