import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseSrt } from '../../src/core/transcript/parseSrt'
import { parseWebVtt } from '../../src/core/transcript/parseWebVtt'
import { episodeSchemas } from '../../src/shared/episodeFormat'
import { SONNET_SRT, SONNET_VTT } from '../fixtureFiles'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

function convert(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(BIN, ['transcript', 'convert', ...args], { encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

function writeTemp(name: string, content: string): string {
  const file = path.join(tempFolder(), name)
  fs.writeFileSync(file, content)
  return file
}

/** One line on stderr that names the file, no stack trace, nothing on stdout. */
function expectOneLineError(run: ReturnType<typeof convert>, file: string): void {
  expect(run.code, run.stderr).toBe(1)
  expect(run.stdout).toBe('')
  expect(run.stderr.endsWith('\n')).toBe(true)
  expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1)
  expect(run.stderr).toContain(file)
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/)
}

const INTERVIEW = [
  'WEBVTT',
  '',
  '00:59:58.500 --> 01:00:04.250',
  '<v Dr. Ann Lee>Welcome back &amp; thanks for staying with us through the whole hour, everyone.',
  '',
  '01:00:04.250 --> 01:00:05.000',
  '<v Bob & Co>Glad to be here.',
  '',
  '01:00:05.000 --> 01:00:06.000',
  'x &lt; y',
  '',
].join('\n')

describe('episcore transcript convert', () => {
  it('exits 2 with the usage for a missing FILE, a missing or unknown --to, or another subcommand', () => {
    const vtt = writeTemp('talk.vtt', INTERVIEW)
    for (const args of [
      ['transcript'],
      ['transcript', 'split', vtt, '--to', 'srt'],
      ['transcript', 'convert', '--to', 'srt'],
      ['transcript', 'convert', vtt],
      ['transcript', 'convert', vtt, '--to', 'docx'],
      ['transcript', 'convert', vtt, '--to', 'constructor'],
      ['transcript', 'convert', vtt, vtt, '--to', 'srt'],
      ['transcript', 'convert', vtt, '--to'],
    ]) {
      const run = spawnSync(BIN, args, { encoding: 'utf8' })
      expect(run.status, args.join(' ')).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toMatch(/^episcore: .*\n\nusage: episcore/)
      expect(run.stderr).toContain('transcript convert FILE --to json|vtt|srt|podcast-json')
    }
    expect(convert(vtt, '--to', 'docx').stderr).toMatch(
      /^episcore: transcript convert needs --to json\|vtt\|srt\|podcast-json \(not "docx"\)\n/,
    )
  })

  it('converts WebVTT to every format, on stdout', () => {
    const vtt = writeTemp('talk.vtt', INTERVIEW)

    const srt = convert(vtt, '--to', 'srt')
    expect(srt).toMatchObject({ code: 0, stderr: '' })
    expect(srt.stdout).toBe(
      [
        '1',
        '00:59:58,500 --> 01:00:01,720',
        'Dr. Ann Lee: Welcome back &',
        'thanks for staying with us',
        '',
        '2',
        '01:00:01,720 --> 01:00:04,250',
        'through the whole hour,',
        'everyone.',
        '',
        '3',
        '01:00:04,250 --> 01:00:05,000',
        'Bob & Co: Glad to be here.',
        '',
        '4',
        '01:00:05,000 --> 01:00:06,000',
        'x < y',
        '',
      ].join('\n'),
    )

    const back = convert(vtt, '--to', 'vtt')
    expect(back.code).toBe(0)
    expect(parseWebVtt(back.stdout).segments).toEqual(parseWebVtt(INTERVIEW).segments)

    const json = convert(vtt, '--to', 'json')
    expect(json.code).toBe(0)
    const transcript = episodeSchemas().transcriptSchema.parse(JSON.parse(json.stdout))
    expect(transcript.segments.map((s) => [s.id, s.start, s.end, s.speakerId, s.text])).toEqual([
      [
        's1',
        3598.5,
        3604.25,
        'Dr. Ann Lee',
        'Welcome back & thanks for staying with us through the whole hour, everyone.',
      ],
      ['s2', 3604.25, 3605, 'Bob & Co', 'Glad to be here.'],
      ['s3', 3605, 3606, null, 'x < y'],
    ])
    expect(json.stdout).toMatch(/^\{\n {2}"segments": \[\n/)

    const podcast = convert(vtt, '--to', 'podcast-json')
    expect(podcast.code).toBe(0)
    expect(JSON.parse(podcast.stdout)).toEqual({
      version: '1.0.0',
      segments: [
        {
          speaker: 'Dr. Ann Lee',
          startTime: 3598.5,
          endTime: 3604.25,
          body: 'Welcome back & thanks for staying with us through the whole hour, everyone.',
        },
        { speaker: 'Bob & Co', startTime: 3604.25, endTime: 3605, body: 'Glad to be here.' },
        { startTime: 3605, endTime: 3606, body: 'x < y' },
      ],
    })
  })

  it('reads the format from the content, not the file name', () => {
    const srt = writeTemp('actually-srt.vtt', '1\n00:00:01,000 --> 00:00:02,500\nHost: Hello there.\n')
    const run = convert(srt, '--to', 'vtt')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<v Host>Hello there.\n')
  })

  it('a broken or unreadable file exits 1 with one line naming the file and where', () => {
    const badVtt = writeTemp('bad.vtt', 'WEBVTT\n\n00:00:01.000 --> soon\nhello\n')
    const run = convert(badVtt, '--to', 'srt')
    expectOneLineError(run, badVtt)
    expect(run.stderr).toMatch(/: line 3: /)

    const badSrt = writeTemp('bad.srt', '1\n00:00:01,000 --> not a time\nHello\n')
    expectOneLineError(convert(badSrt, '--to', 'json'), badSrt)
    expect(convert(badSrt, '--to', 'json').stderr).toMatch(/: line 2: /)

    // A JSON transcript's problems are named by line (syntax) or by JSON path (content).
    const badJson = writeTemp('bad.json', '{"version": "1.0.0", "segments": [{"startTime": 1,')
    const json = convert(badJson, '--to', 'vtt')
    expectOneLineError(json, badJson)
    expect(json.stderr).toMatch(/: (line \d+|\/\S*)[:,]/)

    const missing = path.join(tempFolder(), 'missing.vtt')
    const gone = convert(missing, '--to', 'vtt')
    expectOneLineError(gone, missing)
    expect(gone.stderr).toBe(`episcore: transcript file not found: ${missing}\n`)

    const folder = tempFolder()
    expectOneLineError(convert(folder, '--to', 'vtt'), folder)
  })
})

describe('episcore transcript convert on the sonnet fixture', () => {
  it('WebVTT to SRT keeps every line and wraps at 32 characters', () => {
    const run = convert(SONNET_VTT, '--to', 'srt')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(
      /^1\n00:00:00,000 --> 00:00:02,680\n1\n\n2\n00:00:02,680 --> 00:00:05,880\nFrom fairest creatures we desire\nincrease,\n\n3\n/,
    )
    const source = parseWebVtt(fs.readFileSync(SONNET_VTT, 'utf8')).segments
    const cues = parseSrt(run.stdout).segments
    expect(cues.map((c) => [c.start, c.end, c.text])).toEqual(source.map((s) => [s.start, s.end, s.text]))
  })

  it('SRT to WebVTT and to episode JSON keep the cues and their times', () => {
    const source = parseSrt(fs.readFileSync(SONNET_SRT, 'utf8')).segments
    const vtt = convert(SONNET_SRT, '--to', 'vtt')
    expect(vtt.code).toBe(0)
    expect(parseWebVtt(vtt.stdout).segments).toEqual(source)

    const json = convert(SONNET_SRT, '--to', 'json')
    const transcript = episodeSchemas().transcriptSchema.parse(JSON.parse(json.stdout))
    expect(transcript.segments).toHaveLength(source.length)
    expect(transcript.segments.map((s) => [s.start, s.end, s.text])).toEqual(
      source.map((s) => [s.start, s.end, s.text]),
    )
    expect(transcript.segments.map((s) => s.id)).toEqual(source.map((_, i) => `s${i + 1}`))
  })
})
