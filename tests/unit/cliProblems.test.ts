import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findProblems } from '../../src/shared/problems'
import { openDatabase } from '../../src/core/db/openDatabase'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'episcore')

describe('episcore problems', () => {
  it('lists what the Problems panel lists, each named error, warning or note, and exits 1 while an error is left', () => {
    const dir = tempFolder()
    const db = path.join(dir, 'problems.sqlite')
    const file = path.join(dir, 'machine.json')
    const doc = machineEpisode()
    // A highlight outside every chapter: a warning, beside the unreviewed items' errors.
    doc.highlights[0]!.time = doc.episode.durationSeconds - 0.5
    doc.chapters.at(-1)!.end = doc.episode.durationSeconds - 1
    fs.writeFileSync(file, JSON.stringify(doc))
    expect(spawnSync(BIN, ['--db', db, 'load', file], { encoding: 'utf8' }).status).toBe(0)

    const run = spawnSync(BIN, ['--db', db, 'problems', doc.episode.id], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    const lines = run.stdout.trim().split('\n')
    const open = openDatabase(db)
    const panel = findProblems(episodeView(open, doc.episode.id))
    open.close()
    // The same problems, in the same order, with the same severity words as the app.
    expect(lines.map((l) => l.split('\t')[0])).toEqual(panel.map((p) => p.severity))
    expect(lines.map((l) => l.split('\t')[1])).toEqual(panel.map((p) => p.path))
    expect(lines.map((l) => l.split('\t')[2])).toEqual(panel.map((p) => p.message))
    // Notes too: the machine's scores have reasoning and no evidence.
    expect(new Set(lines.map((l) => l.split('\t')[0]))).toEqual(new Set(['error', 'warning', 'note']))
  })

  it('finds the same problems in a file as in the episode it loads as, its quotes read as the load reads them', () => {
    const dir = tempFolder()
    const db = path.join(dir, 'problems.sqlite')
    const file = path.join(dir, 'captions.json')
    const doc = machineEpisode()
    // Captions without word times: the machine's quote, its span's words, is an estimate once loaded.
    for (const segment of doc.transcript?.segments ?? []) segment.words = []
    // And a quote its span does not say: an error whichever way the episode is checked.
    doc.statements.push({ ...doc.statements[0]!, id: 's2', quote: 'Nobody said this here.' })
    fs.writeFileSync(file, JSON.stringify(doc))
    const problems = (...args: string[]): { severity: string; path: string; message: string }[] => {
      const run = spawnSync(BIN, ['--db', db, 'problems', ...args, '--json'], { encoding: 'utf8' })
      expect(run.stderr).toBe('')
      return JSON.parse(run.stdout) as { severity: string; path: string; message: string }[]
    }
    const ofFile = problems(file)
    expect(spawnSync(BIN, ['--db', db, 'load', file], { encoding: 'utf8' }).status).toBe(0)
    expect(ofFile).toEqual(problems(doc.episode.id))
    expect(ofFile).toContainEqual({
      severity: 'note',
      path: '/statements/0/quote',
      message: expect.stringContaining('quote estimated: no word times'),
    })
    expect(ofFile.filter((p) => p.severity === 'error' && p.path.startsWith('/statements/1'))).not.toEqual([])
    // The evidence rule asked on the command line holds for both.
    expect(problems(file, '--require-evidence')).toEqual(problems(doc.episode.id, '--require-evidence'))
  })
})
