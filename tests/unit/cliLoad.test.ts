import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

function episcore(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(BIN, args, { encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

function files(): { db: string; good: string; dir: string } {
  const dir = tempFolder()
  const good = path.join(dir, 'machine.episode.json')
  fs.writeFileSync(good, JSON.stringify(machineEpisode(), null, 2))
  return { db: path.join(dir, 'cli.sqlite'), good, dir }
}

describe('episcore load', () => {
  it('loads a file, prints its id, refuses it again without --replace and replaces it with', () => {
    const { db, good } = files()
    const { id, title } = machineEpisode().episode
    expect(episcore(['--db', db, 'load', good])).toEqual({ code: 0, stdout: `${id}\n`, stderr: '' })
    expect(episcore(['--db', db, 'list']).stdout).toBe(`${id}\t${title}\tdraft\t${id}\n`)

    const again = episcore(['--db', db, 'load', good])
    expect(again.code).toBe(1)
    expect(again.stdout).toBe('')
    expect(again.stderr).toBe(
      `episcore: episode "${title}" (${id}) is already in the database; load with --replace to overwrite it or --keep-both to add it as another episode\n`,
    )
    expect(episcore(['--db', db, 'load', good, '--replace'])).toMatchObject({ code: 0, stdout: `${id}\n` })
    expect(episcore(['--db', db, 'list']).stdout.trim().split('\n')).toHaveLength(1)
  })

  it('gives back the loaded file on export, but for when and by what it was written', () => {
    const { db, good, dir } = files()
    episcore(['--db', db, 'load', good])
    const out = path.join(dir, 'out.json')
    expect(episcore(['--db', db, 'export', machineEpisode().episode.id, '--out', out]).code).toBe(0)
    const exported = JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>
    expect({ ...exported, exportedAt: 'x', generator: 'x' }).toEqual({
      ...machineEpisode(),
      exportedAt: 'x',
      generator: 'x',
    })
  })

  it('refuses a broken file with one `<json path>: <problem>` line per problem on stderr', () => {
    const { db, dir } = files()
    const broken = machineEpisode()
    Object.assign(broken.chapters[1] ?? {}, { start: 150 })
    Object.assign(broken.statements[0] ?? {}, { end: 1250.2 })
    const file = path.join(dir, 'broken.json')
    fs.writeFileSync(file, JSON.stringify(broken))
    const run = episcore(['--db', db, 'load', file])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'episcore: broken.json is not a valid episode JSON v1 file (2 problems):',
      '/chapters/1/start: chapter overlaps the previous one (starts at 150, before 200)',
      "/statements/0/end: 1250.2 is past the media's end (600)",
    ])
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })

  it('escapes what a refusal quotes of the file: no escape code reaches the terminal raw', () => {
    const { db, dir } = files()
    const hostile = machineEpisode()
    Object.assign(hostile.highlights[0] ?? {}, { dimension: 'x\u001b[2J\u001b]0;owned\u0007\ty' })
    const file = path.join(dir, 'hostile.json')
    fs.writeFileSync(file, JSON.stringify(hostile))
    const run = episcore(['--db', db, 'load', file])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    // eslint-disable-next-line no-control-regex
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    const lines = run.stderr.trimEnd().split('\n')
    expect(lines[0]).toMatch(
      /^episcore: hostile\.json is not a valid episode JSON v1 file \(\d+ problems?\):$/,
    )
    expect(lines).toContain(
      '/highlights/0/dimension: "x\\e[2J\\e]0;owned\\x07\\ty" is not a rubric dimension',
    )
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })

  it('refuses text that is not JSON, an unknown version and a missing file clearly, never with a stack', () => {
    const { db, dir } = files()
    const text = path.join(dir, 'notes.json')
    fs.writeFileSync(text, '{\n  "format": "episode-analysis",\n  oops\n}')
    const v2 = path.join(dir, 'v2.json')
    fs.writeFileSync(v2, JSON.stringify({ ...machineEpisode(), version: 2 }))
    const runs = [
      [
        text,
        'episcore: notes.json cannot be read as JSON: line 3, column 3: expected a property name in double quotes',
      ],
      [
        v2,
        'episcore: v2.json is not a valid episode JSON v1 file (1 problem):\n/version: version 2 is not known to this app (it reads version 1)',
      ],
      [path.join(dir, 'gone.json'), `episcore: file not found: ${path.join(dir, 'gone.json')}`],
    ] as const
    for (const [file, message] of runs) {
      const run = episcore(['--db', db, 'load', file])
      expect(run.code, file).toBe(1)
      expect(run.stderr).toBe(`${message}\n`)
    }
  })

  it('needs a file', () => {
    const run = episcore(['load'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^episcore: load needs one FILE\.json or more\n\nusage: episcore/)
    expect(run.stderr).toContain('load FILE.json... [--replace | --keep-both]')
  })

  it('keeps both with --keep-both: stdout holds only the new id, -2 then -3, each exported with it', () => {
    const { db, good, dir } = files()
    const { id, title } = machineEpisode().episode
    expect(episcore(['--db', db, 'load', good, '--keep-both'])).toEqual({
      code: 0,
      stdout: `${id}\n`,
      stderr: '',
    })
    expect(episcore(['--db', db, 'load', good, '--keep-both'])).toEqual({
      code: 0,
      stdout: `${id}-2\n`,
      stderr: '',
    })
    expect(episcore(['--db', db, 'load', '--keep-both', good])).toMatchObject({
      code: 0,
      stdout: `${id}-3\n`,
    })
    expect(episcore(['--db', db, 'list']).stdout.trim().split('\n').sort()).toEqual(
      // Three analyses of one episode (the same media): the first's id names it.
      [id, `${id}-2`, `${id}-3`].map((each) => `${each}\t${title}\tdraft\t${id}`),
    )
    const out = path.join(dir, 'copy.json')
    expect(episcore(['--db', db, 'export', `${id}-3`, '--out', out]).code).toBe(0)
    expect((JSON.parse(fs.readFileSync(out, 'utf8')) as { episode: { id: string } }).episode.id).toBe(
      `${id}-3`,
    )
  })

  it('refuses --replace with --keep-both as a usage mistake, and loads nothing', () => {
    const { db, good } = files()
    const run = episcore(['--db', db, 'load', good, '--replace', '--keep-both'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^episcore: load takes --replace or --keep-both, not both\n\nusage: episcore/)
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })
})

describe('episcore load with several files', () => {
  /** Episode JSON under `id` in `dir`, as `name`. */
  const episodeFile = (dir: string, name: string, id: string): string => {
    const file = path.join(dir, name)
    fs.writeFileSync(file, JSON.stringify(machineEpisode(id)))
    return file
  }

  it('loads each on its own: FILE<TAB>id for each loaded, FILE: problem for each refused, exit 1', () => {
    const { db, dir } = files()
    const first = episodeFile(dir, 'first.json', 'first')
    const second = episodeFile(dir, 'second.json', 'second')
    const broken = path.join(dir, 'broken.json')
    const doc = machineEpisode('broken')
    Object.assign(doc.chapters[1] ?? {}, { start: 150 })
    fs.writeFileSync(broken, JSON.stringify(doc))
    const gone = path.join(dir, 'gone.json')

    const run = episcore(['--db', db, 'load', first, broken, gone, second])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe(`${first}\tfirst\n${second}\tsecond\n`)
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `${broken}: broken.json is not a valid episode JSON v1 file (1 problem):`,
      `${broken}: /chapters/1/start: chapter overlaps the previous one (starts at 150, before 200)`,
      `${gone}: file not found: ${gone}`,
    ])
    expect(
      episcore(['--db', db, 'list'])
        .stdout.trim()
        .split('\n')
        .map((l) => l.split('\t')[0])
        .sort(),
    ).toEqual(['first', 'second'])

    // Again: each id is taken now, refused for itself; --keep-both applies to each file.
    const again = episcore(['--db', db, 'load', first, second])
    expect(again.code).toBe(1)
    expect(again.stdout).toBe('')
    expect(again.stderr.trimEnd().split('\n')).toHaveLength(2)
    expect(again.stderr).toContain(`${second}: episode "`)
    expect(episcore(['--db', db, 'load', first, second, '--keep-both'])).toEqual({
      code: 0,
      stdout: `${first}\tfirst-2\n${second}\tsecond-2\n`,
      stderr: '',
    })
  })

  it('takes --media with exactly one FILE.json: a usage mistake with two, nothing loaded', () => {
    const { db, dir, good } = files()
    const other = episodeFile(dir, 'other.json', 'other')
    const run = episcore(['--db', db, 'load', good, other, '--media', path.join(dir, 'any.mp3')])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^episcore: load --media needs exactly one FILE\.json\n\nusage: episcore/)
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })
})
