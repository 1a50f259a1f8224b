import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { FileRefs } from '../../src/core/service/fileRefs'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import type { Reply } from '../../src/shared/result'
import { episcore } from '../episcoreCli'
import { speechMp3 } from '../generateMedia'
import { tempFolder } from '../tempFolder'

/** The second cue ends at 3 s, before it starts at 5 s; its timing is on line 5 (SRT) and line 6 (WebVTT). */
const FILES = {
  'backwards.srt': [
    '1',
    '00:00:01,000 --> 00:00:02,000',
    'Hello there.',
    '',
    '2',
    '00:00:05,000 --> 00:00:03,000',
    'Backwards cue.',
    '',
    '3',
    '00:00:06,000 --> 00:00:07,000',
    'Last one.',
    '',
  ],
  'backwards.vtt': [
    'WEBVTT',
    '',
    '00:00:01.000 --> 00:00:02.000',
    'Hello there.',
    '',
    '00:00:05.000 --> 00:00:03.000',
    'Backwards cue.',
    '',
    '00:00:06.000 --> 00:00:07.000',
    'Last one.',
    '',
  ],
}
const LINE = { 'backwards.srt': 6, 'backwards.vtt': 6 }

const warningFor = (line: number): string =>
  `line ${line}: the cue ends at 0:03.000, before it starts at 0:05.000; left out`

describe.each(Object.entries(FILES))('a cue that ends before it starts, in %s', (name, lines) => {
  const dir = tempFolder()
  const file = path.join(dir, name)
  fs.writeFileSync(file, lines.join('\n'))
  const warning = `${name}: ${warningFor(LINE[name as keyof typeof LINE])}`

  it('is left out by `transcript convert`, with a warning naming its line', () => {
    const run = episcore(['transcript', 'convert', file, '--to', 'vtt'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(`episcore: warning: ${file}: ${warningFor(LINE[name as keyof typeof LINE])}\n`)
    expect(run.stdout).toContain('Hello there.')
    expect(run.stdout).toContain('Last one.')
    expect(run.stdout).not.toContain('Backwards')
  })

  it('is left out by a new episode and by the app’s import, with the same warning', async () => {
    const db = openDatabase(path.join(dir, `${name}.sqlite`))
    const files = new FileRefs()
    const handlers = createHandlers({ db, files, peaks: new PeaksCache(path.join(dir, 'peaks')) })
    const created = (await dispatch(handlers, 'episodes.create', {
      media: files.register(speechMp3(8)),
      transcript: files.register(file),
    })) as Reply<{ id: string; warnings: string[] }>
    if (!created.ok) throw new Error(created.error.message)
    expect(created.value.warnings).toContain(warning)
    const { id } = created.value
    const texts = async (): Promise<string[]> => {
      const view = (await dispatch(handlers, 'transcript.get', { id })) as Reply<{
        segments: { text: string }[]
      }>
      return view.ok ? view.value.segments.map((s) => s.text) : []
    }
    expect(await texts()).toEqual(['Hello there.', 'Last one.'])
    const imported = (await dispatch(handlers, 'transcript.import', {
      id,
      file: files.register(file),
    })) as Reply<{ warnings: string[] }>
    expect(imported.ok && imported.value.warnings).toEqual([warningFor(LINE[name as keyof typeof LINE])])
    expect(await texts()).toEqual(['Hello there.', 'Last one.'])
    db.close()
  }, 60_000)
})
