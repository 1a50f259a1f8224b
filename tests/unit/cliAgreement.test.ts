import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Agreement } from '../../src/shared/agreement'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** A reviewer's pass over the machine's analysis: one score moved by 3, reviewed, their name on it. */
function reviewed(): EpisodeDocument {
  const doc = structuredClone(machineEpisode())
  doc.review.reviewer = 'Ada'
  const first = doc.chapters[0]
  if (first) {
    first.status = 'edited'
    const score = first.scores.guestTeaching
    if (score && score.value !== null) score.value -= 3
  }
  return doc
}

describe('episcore agreement', () => {
  it('compares files without opening a database, as JSON and as a table', () => {
    const dir = tempFolder()
    const machine = path.join(dir, 'machine.json')
    const ada = path.join(dir, 'ada.json')
    fs.writeFileSync(machine, JSON.stringify(machineEpisode()))
    fs.writeFileSync(ada, JSON.stringify(reviewed()))
    const db = path.join(dir, 'never', 'library.sqlite')

    const json = episcore(['--db', db, 'agreement', machine, ada, '--json'])
    expect(json.stderr).toBe('')
    expect(json.code).toBe(0)
    const result = JSON.parse(json.stdout) as Agreement
    expect(Object.keys(result)).toEqual([
      'units',
      'analyses',
      'dimensions',
      'partial',
      'leftOut',
      'statements',
    ])
    expect(result.analyses).toEqual([
      { source: machine, reviewer: machineEpisode().review.reviewer, origin: 'machine' },
      { source: ada, reviewer: 'Ada', origin: 'human' },
    ])
    expect(result.units).toBe(machineEpisode().chapters.length)
    // Only the changed score differs: in 1 unit of 3, by 3.
    expect(result.dimensions.guestTeaching?.pairs).toEqual([
      { a: 0, b: 1, meanAbsoluteDifference: 1, units: 3 },
    ])
    expect(result.dimensions.guestDisagreement?.alpha.interval).toBe(1)
    expect(result.statements.pairs[0]?.f1).toBe(1)
    expect(fs.existsSync(path.dirname(db))).toBe(false)

    const table = episcore(['--db', db, 'agreement', machine, ada]).stdout.split('\n')
    expect(table[0]).toBe('3 units (the timeline cut at every chapter edge of every analysis)')
    expect(table).toContain(`#2\t${ada}\thuman\tAda`)
    expect(table.find((line) => line.startsWith('Guest disagreement\t'))).toBe(
      'Guest disagreement\t1.000 reliable (≥ 0.800)\t1.000 reliable (≥ 0.800)',
    )
    expect(table).toContain('  #1-#2: mean absolute difference 1.00 over 3 units')
  })

  it('reads library ids beside files', () => {
    const dir = tempFolder()
    const db = path.join(dir, 'library.sqlite')
    const machine = path.join(dir, 'machine.json')
    fs.writeFileSync(machine, JSON.stringify(machineEpisode()))
    const ada = path.join(dir, 'ada.json')
    fs.writeFileSync(ada, JSON.stringify(reviewed()))
    expect(episcore(['--db', db, 'load', machine]).code).toBe(0)
    const run = episcore(['--db', db, 'agreement', machineEpisode().episode.id, ada, '--json'])
    expect(run.code).toBe(0)
    const result = JSON.parse(run.stdout) as Agreement
    expect(result.analyses.map((a) => a.source)).toEqual([machineEpisode().episode.id, ada])
    expect(result.dimensions.guestTeaching?.pairs[0]?.meanAbsoluteDifference).toBe(1)
  })

  it('refuses one source, another episode naming both, and a file that is not episode JSON with its path', () => {
    const dir = tempFolder()
    const machine = path.join(dir, 'machine.json')
    fs.writeFileSync(machine, JSON.stringify(machineEpisode()))
    const one = episcore(['agreement', machine])
    expect(one.code).toBe(2)
    expect(one.stderr).toContain('agreement needs two SOURCEs or more')

    const other = machineEpisode('another-episode')
    if (other.episode.media) other.episode.media.sha256 = 'cd'.repeat(32)
    const otherFile = path.join(dir, 'other.json')
    fs.writeFileSync(otherFile, JSON.stringify(other))
    const different = episcore(['agreement', machine, otherFile])
    expect(different.code).toBe(1)
    expect(different.stderr).toContain(`${machine} and ${otherFile} are analyses of different episodes`)

    const broken = machineEpisode()
    ;(broken.chapters[0] as { start: unknown }).start = 'soon'
    const brokenFile = path.join(dir, 'broken.json')
    fs.writeFileSync(brokenFile, JSON.stringify(broken))
    const refused = episcore(['agreement', machine, brokenFile])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('/chapters/0/start')
  })
})
