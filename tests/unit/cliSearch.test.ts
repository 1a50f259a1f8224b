import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { episcore } from '../episcoreCli'
import { databaseBeforeSearch } from '../databaseBeforeSearch'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const ID = 'agentic-rl-2025-05-09'

/** A library of one episode whose text holds what a terminal must not get raw. */
function library(): string {
  const file = path.join(tempFolder(), 'library.sqlite')
  const db = openDatabase(file)
  const doc = machineEpisode()
  doc.chapters[0]!.why = 'Tabs\there and a line\nbreak \u001b[31mred crimson'
  for (let k = 0; k < 30; k++)
    doc.transcript!.segments.push({
      id: `many${k}`,
      start: 300 + k,
      end: 300.5 + k,
      speakerId: 'will',
      text: `Gradient number ${k}.`,
      words: [],
    })
  loadEpisodeDocument(db, doc)
  db.close()
  return file
}

describe('episcore search', () => {
  it('prints one hit a line, id, seconds, kind and the snippet with the match in brackets, escaped', () => {
    const db = library()
    const run = episcore(['--db', db, 'search', 'crimson'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`${ID}\t0\tchapter\tTabs\\there and a line\\nbreak \\e[31mred [crimson]\n`)
    const phrase = episcore(['--db', db, 'search', '"not the bottleneck"'])
    expect(phrase.stdout).toBe(`${ID}\t415\thighlight\tRewards are [not the bottleneck]\n`)
  })

  it('prints 20 hits unless --limit says otherwise, and refuses a limit outside 1-1000 as a usage error', () => {
    const db = library()
    expect(episcore(['--db', db, 'search', 'gradient']).stdout.trim().split('\n')).toHaveLength(20)
    expect(
      episcore(['--db', db, 'search', 'gradient', '--limit', '25']).stdout.trim().split('\n'),
    ).toHaveLength(25)
    expect(
      episcore(['--db', db, 'search', 'gradient', '--limit', '1000']).stdout.trim().split('\n'),
    ).toHaveLength(30)
    expect(episcore(['--db', db, 'search', 'gradient', '--show', 'No such show']).stdout).toBe('')
    for (const limit of ['0', '1001', 'ten', '2.5']) {
      const run = episcore(['--db', db, 'search', 'gradient', '--limit', limit])
      expect(run.code, limit).toBe(2)
      expect(run.stderr).toMatch(
        new RegExp(`^episcore: --limit is a whole number from 1 to 1000 \\(not "${limit}"\\)`),
      )
    }
    expect(episcore(['--db', db, 'search']).code).toBe(2)
  })

  it('says what to change in a query it cannot search, exit 1', () => {
    const db = library()
    const run = episcore(['--db', db, 'search', 'NEAR(agents'])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      'episcore: NEAR( … ) is not supported: search for the words, or for a "phrase" in quotes\n',
    )
  })

  it('indexes an older database as it searches it, and refuses plainly when it cannot write it', () => {
    const dir = tempFolder()
    const file = path.join(dir, 'old.sqlite')
    databaseBeforeSearch(file, machineEpisode())
    const copy = path.join(dir, 'copy.sqlite')
    fs.copyFileSync(file, copy)
    expect(episcore(['--db', file, 'search', 'bottleneck']).stdout).toBe(
      `${ID}\t415\thighlight\tRewards are not the [bottleneck]\n`,
    )
    fs.chmodSync(copy, 0o444)
    const refused = episcore(['--db', copy, 'search', 'bottleneck'])
    if (process.getuid?.() === 0) return // root writes a read-only file anyway
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/Search needs to add its index to this database once/)
    // Once indexed, a file it may not write is searched as it is.
    fs.chmodSync(file, 0o444)
    expect(episcore(['--db', file, 'search', 'bottleneck']).stdout).toBe(
      `${ID}\t415\thighlight\tRewards are not the [bottleneck]\n`,
    )
  })

  it('finds an episode by its title, and offers the closest words for one that finds nothing, on stderr', () => {
    const file = path.join(tempFolder(), 'library.sqlite')
    const db = openDatabase(file)
    const doc = machineEpisode()
    doc.episode.title = 'Episode 4: orthogonal rewards'
    loadEpisodeDocument(db, doc)
    db.close()
    const titled = episcore(['--db', file, 'search', 'Episode', '4'])
    expect(titled.stdout).toBe(`${ID}\t0\tepisode\t[Episode] [4]: orthogonal rewards\n`)
    const misspelt = episcore(['--db', file, 'search', 'orthoganal'])
    expect(misspelt.code).toBe(0)
    expect(misspelt.stdout).toBe('')
    expect(misspelt.stderr).toBe(
      'episcore: nothing found for "orthoganal"; closest in the library: orthogonal\n',
    )
  })
})
