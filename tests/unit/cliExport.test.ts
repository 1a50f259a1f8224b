import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { tempFolder } from '../tempFolder'
import { makeTemplate, seedMachineAnalysis, type Template } from './analysisFixture'
import { SEEDED_ANALYSIS_PROBLEMS, reviewEverything } from './publishFixture'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

function episcore(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(BIN, args, { encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

let template: Template
beforeAll(async () => {
  template = await makeTemplate()
})

/** A database file holding the interview with the machine's analysis; `reviewed` also accepts it all. */
function database(reviewed = false): string {
  const file = path.join(tempFolder(), 'cli.sqlite')
  fs.copyFileSync(template.file, file)
  const db = openDatabase(file)
  seedMachineAnalysis(db, template.id)
  if (reviewed) reviewEverything(db, template.id)
  db.close()
  return file
}

const statusIn = (db: string): string | undefined =>
  episcore(['--db', db, 'list']).stdout.trim().split('\t').at(2)

describe('episcore export --format', () => {
  it('prints a publishing format on stdout, byte for byte', () => {
    const db = database()
    const youtube = episcore(['--db', db, 'export', template.id, '--format', 'youtube'])
    expect(youtube.stderr).toBe('')
    expect(youtube.code).toBe(0)
    expect(youtube.stdout).toBe('0:00 Welcome\n0:12 Multi-agent doubts\n0:40 What to build\n')
    const csv = episcore(['--db', db, 'export', template.id, '--format', 'csv'])
    expect(csv.stdout.startsWith('chapter,start,end,dimension,score,reasoning,evidence\r\n')).toBe(true)
    expect(csv.stdout.endsWith('\r\n')).toBe(true)
    expect(statusIn(db)).toBe('draft')
  })

  it('writes --out, and still writes episode JSON without --format', () => {
    const db = database()
    const dir = tempFolder()
    const vtt = path.join(dir, 'chapters.vtt')
    expect(episcore(['--db', db, 'export', template.id, '--format', 'vtt-chapters', '--out', vtt]).code).toBe(
      0,
    )
    expect(fs.readFileSync(vtt, 'utf8')).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:12\.500\nWelcome\n/)
    const json = path.join(dir, 'episode.json')
    expect(episcore(['--db', db, 'export', template.id, '--out', json]).code).toBe(0)
    expect(JSON.parse(fs.readFileSync(json, 'utf8'))).toMatchObject({
      format: 'episode-analysis',
      version: 1,
    })
  })

  it('refuses an unknown format as a usage error', () => {
    const run = episcore(['--db', database(), 'export', template.id, '--format', 'pdf'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      /^episcore: export --format is one of episode\|chapters\|youtube\|vtt-chapters\|csv\|html\|podcast-item\|site \(not "pdf"\)\n/,
    )
  })

  it('--final refuses an unfinished analysis with exit 1 and one problem a line, writing nothing', () => {
    const db = database()
    const out = path.join(tempFolder(), 'final.json')
    const run = episcore(['--db', db, 'export', template.id, '--final', '--out', out])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'episcore: Not ready to publish (6 problems):',
      ...SEEDED_ANALYSIS_PROBLEMS,
    ])
    expect(fs.existsSync(out)).toBe(false)
    expect(statusIn(db)).toBe('draft')
  })

  it('--final publishes a finished analysis and marks the episode final', () => {
    const db = database(true)
    const out = path.join(tempFolder(), 'page.html')
    const run = episcore(['--db', db, 'export', template.id, '--format', 'html', '--final', '--out', out])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(fs.readFileSync(out, 'utf8')).toMatch(/^<!doctype html>\n/)
    expect(statusIn(db)).toBe('final')
  })

  it('--final leaves the episode as it was when the file cannot be written', () => {
    const db = database(true)
    const out = path.join(tempFolder(), 'no such folder', 'episode.json')
    const run = episcore(['--db', db, 'export', template.id, '--final', '--out', out])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^episcore: cannot write .*episode\.json/)
    expect(statusIn(db)).toBe('draft')
  })

  it('a format refusal exits 1 with its reasons and leaves the episode as it was', () => {
    const db = database(true)
    const handle = openDatabase(db)
    handle.prepare(`UPDATE chapters SET end = 9, start = 0 WHERE id = 'ch1'`).run()
    handle.prepare(`UPDATE chapters SET start = 9 WHERE id = 'ch2'`).run()
    handle.close()
    const run = episcore(['--db', db, 'export', template.id, '--format', 'youtube', '--final'])
    expect(run.code).toBe(1)
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'episcore: YouTube would not show these chapters (1 problem):',
      '/chapters/0: chapter 1 “Welcome” (0:00–0:09) lasts 9 s; YouTube needs every chapter to last at least 10 s',
    ])
    expect(statusIn(db)).toBe('draft')
  })
})
