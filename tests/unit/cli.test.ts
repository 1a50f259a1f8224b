import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SONNET_MP3, SONNET_VTT } from '../fixtureFiles'
import { episcore } from '../episcoreCli'
import { tempFolder } from '../tempFolder'

describe('episcore CLI without fixtures', () => {
  it('prints usage with exit code 2 for an unknown command or option, never a stack trace', () => {
    for (const args of [['frobnicate'], ['list', '--nope'], []]) {
      const run = episcore(args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toMatch(/^episcore: .*\n\nusage: episcore/)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it("follows a usage mistake in a command with that command's usage alone, not every command's", () => {
    const help = episcore(['--help']).stdout
    const mistake = episcore(['export', 'ID', '--format', 'podcast-item'])
    expect(mistake.code).toBe(2)
    const [sentence, usage] = mistake.stderr.split('\n\n')
    expect(sentence).toBe(
      'episcore: export --format podcast-item needs --base-url URL (where the site folder is served)',
    )
    // Both forms of export, each with what it does as the help says it, and nothing of the others.
    expect(usage).toMatch(/^usage: episcore export ID \[--format F\]/)
    expect(usage).toMatch(/\n {7}episcore export ID --format site --out DIR/)
    for (const line of usage?.split('\n') ?? []) expect(help).toContain(line.replace(/^.*episcore /, ''))
    expect(mistake.stderr).not.toMatch(/\bload FILE\.json|\bcommands:/)
    expect(mistake.stderr).toMatch(/\nepiscore --help lists every command.*\n$/)
    // An option the command does not take is its mistake too; a command that does not exist shows them all.
    expect(episcore(['list', '--nope']).stderr).toMatch(/\n\nusage: episcore list \[--trash\]\n[^]*$/)
    expect(episcore(['list', '--nope']).stderr).not.toMatch(/commands:/)
    expect(episcore(['frobnicate']).stderr).toBe(`episcore: unknown command "frobnicate"\n\n${help}`)
  })

  it('validate exits 1 with one `<json path>: <problem>` line per problem', () => {
    const file = path.join(tempFolder(), 'bad.json')
    fs.writeFileSync(
      file,
      JSON.stringify({ format: 'episode-analysis', version: 1, exportedAt: 'yesterday' }),
    )
    const run = episcore(['validate', file])
    expect(run.code).toBe(1)
    const lines = run.stdout.trim().split('\n')
    expect(lines).toContain('/exportedAt: Invalid ISO datetime')
    expect(lines).toContain('/episode: missing')
    for (const line of lines) expect(line).toMatch(/^\/\S*: .+/)
  })

  it('validate refuses an unknown version and non-JSON clearly', () => {
    const dir = tempFolder()
    fs.writeFileSync(path.join(dir, 'v2.json'), JSON.stringify({ format: 'episode-analysis', version: 2 }))
    fs.writeFileSync(path.join(dir, 'text.json'), 'not json at all')
    expect(episcore(['validate', path.join(dir, 'v2.json')]).stdout).toMatch(
      /^\/version: version 2 is not known/,
    )
    const text = episcore(['validate', path.join(dir, 'text.json')])
    expect(text.code).toBe(1)
    expect(text.stdout).toMatch(/^\/: not JSON/)
  })

  it('list reads the database named by EPISCORE_DB when --db is not given', () => {
    const db = path.join(tempFolder(), 'env.sqlite')
    const run = episcore(['list'], { EPISCORE_DB: db })
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('')
    // Listing only reads: a database that does not exist yet has no episodes, and is not made.
    expect(fs.existsSync(db)).toBe(false)
  })
})

describe('episcore CLI on the sonnet fixture', () => {
  it('new, list, export and validate work together', () => {
    const dir = tempFolder()
    const db = path.join(dir, 'cli.sqlite')
    const created = episcore([
      '--db',
      db,
      'new',
      '--media',
      SONNET_MP3,
      '--transcript',
      SONNET_VTT,
      '--title',
      'Sonnet 1',
      '--show',
      'librivox',
      '--date',
      '2025-05-09',
    ])
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    const id = created.stdout.trim()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    // The episode it is an analysis of, last: its only analysis's id.
    expect(episcore(['--db', db, 'list']).stdout).toBe(`${id}\tSonnet 1\tdraft\t${id}\n`)

    const out = path.join(dir, 'sonnet.json')
    expect(episcore(['--db', db, 'export', id, '--out', out]).code).toBe(0)
    const doc = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      episode: { id: string }
      transcript: { segments: unknown[] }
    }
    expect(doc.episode.id).toBe(id)
    const cues = fs
      .readFileSync(SONNET_VTT, 'utf8')
      .split('\n')
      .filter((l) => l.includes('-->'))
    expect(doc.transcript.segments).toHaveLength(cues.length)
    expect(episcore(['validate', out])).toMatchObject({ code: 0, stdout: 'valid\n' })

    const toStdout = episcore(['--db', db, 'export', id])
    expect(JSON.parse(toStdout.stdout)).toMatchObject({ format: 'episode-analysis', version: 1 })
  })

  it('a corrupt transcript or missing media gets a one-line error and leaves the database as it was', () => {
    const dir = tempFolder()
    const db = path.join(dir, 'cli.sqlite')
    const id = episcore(['--db', db, 'new', '--media', SONNET_MP3]).stdout.trim()
    const snapshot = (): unknown => {
      const { exportedAt: _at, ...rest } = JSON.parse(episcore(['--db', db, 'export', id]).stdout) as Record<
        string,
        unknown
      >
      return { list: episcore(['--db', db, 'list']).stdout, rest }
    }
    const before = snapshot()
    const corrupt = path.join(dir, 'corrupt.srt')
    fs.writeFileSync(corrupt, '1\n00:00:01,000 --> not a time\nHello\n')
    for (const args of [
      ['new', '--media', SONNET_MP3, '--transcript', corrupt],
      ['new', '--media', path.join(dir, 'missing.mp3')],
      ['new', '--media', corrupt],
    ]) {
      const run = episcore(['--db', db, ...args])
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1)
      expect(run.stdout).toBe('')
    }
    expect(snapshot()).toEqual(before)
  })

  it('export of an unknown id fails with exit 1 and a message', () => {
    const db = path.join(tempFolder(), 'cli.sqlite')
    const run = episcore(['--db', db, 'export', 'nope'])
    expect(run).toMatchObject({ code: 1, stderr: 'episcore: episode nope does not exist\n' })
  })
})
