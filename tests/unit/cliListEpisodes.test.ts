import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { episcore } from '../episcoreCli'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** A library of two episodes: `talk` with a keep-both copy and a reviewer's final pass, and `other`. */
function library(): string {
  const file = path.join(tempFolder(), 'library.sqlite')
  const db = openDatabase(file)
  loadEpisodeDocument(db, machineEpisode('talk'))
  loadEpisodeDocument(db, machineEpisode('talk'), { keepBoth: true })
  const ada = structuredClone(machineEpisode('ada'))
  ada.review = { status: 'final', reviewer: 'Ada', updatedAt: '2026-01-02T00:00:00.000Z' }
  loadEpisodeDocument(db, ada)
  const other = structuredClone(machineEpisode('other'))
  if (other.episode.media) other.episode.media.sha256 = 'cd'.repeat(32)
  loadEpisodeDocument(db, other)
  db.close()
  return file
}

const lines = (stdout: string): string[][] =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'))

describe('episcore list', () => {
  it('keeps one line per analysis, the episode it is an analysis of as the last column', () => {
    const run = episcore(['--db', library(), 'list'])
    expect(run.code).toBe(0)
    const rows = lines(run.stdout)
    expect(rows.map((r) => r[0]).sort()).toEqual(['ada', 'other', 'talk', 'talk-2'])
    for (const r of rows) expect(r).toHaveLength(4)
    expect(Object.fromEntries(rows.map((r) => [r[0], r[3]]))).toEqual({
      talk: 'talk',
      'talk-2': 'talk',
      ada: 'talk',
      other: 'other',
    })
  })

  it('prints one line per episode with --episodes: its analyses counted, and the one it counts through', () => {
    const run = episcore(['--db', library(), 'list', '--episodes'])
    expect(run.stderr).toBe('')
    const rows = lines(run.stdout)
    const title = machineEpisode().episode.title
    const day = machineEpisode().review.updatedAt.slice(0, 10)
    expect(rows.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''))).toEqual([
      ['other', title, '1', 'other', `machine · original · ${day}`],
      // Ada's pass of the machine's run: still the machine's, reviewed by her.
      ['talk', title, '3', 'ada', 'machine, reviewed by Ada · original · 2026-01-02'],
    ])
  })

  it('refuses --trash with --episodes as a usage mistake', () => {
    const run = episcore(['--db', library(), 'list', '--trash', '--episodes'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^episcore: list takes --trash or --episodes, not both\n/)
  })
})
