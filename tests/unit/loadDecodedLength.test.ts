import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { episcore } from '../episcoreCli'
import { speechMp3 } from '../generateMedia'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

/** A file of episode JSON naming no media, `seconds` long, with `items` or none. */
function episodeFile(id: string, seconds: number, items: boolean): string {
  const doc: EpisodeDocument = machineEpisode(id)
  doc.episode.durationSeconds = seconds
  doc.episode.media = null
  if (!items)
    Object.assign(doc, {
      chapters: [],
      highlights: [],
      statements: [],
      transcript: null,
      speakingBalance: null,
    })
  const file = path.join(tempFolder(), `${id}.json`)
  fs.writeFileSync(file, JSON.stringify(doc))
  return file
}

const lengths = (db: string, id: string): { episode: number; declared: number | null } => {
  const read = new Database(db, { readonly: true })
  try {
    return read
      .prepare(
        'SELECT e.duration_seconds AS episode, m.declared_seconds AS declared FROM episodes e JOIN media m ON m.episode_id = e.id WHERE e.id = ?',
      )
      .get(id) as { episode: number; declared: number | null }
  } finally {
    read.close()
  }
}

describe('episcore load --media, the media decoding to another length than the file gives', () => {
  let fourSeconds = ''
  let eightSeconds = ''
  beforeAll(() => {
    fourSeconds = speechMp3(4)
    eightSeconds = speechMp3(8)
  })

  it('decodes shorter than what the items reach: refused, naming the length and each item past it; nothing loaded', () => {
    const db = path.join(tempFolder(), 'eps.sqlite')
    // The machine episode is 600 s long: a statement ends at 12 s, its chapters at 200, 420 and 600 s.
    const run = episcore(['--db', db, 'load', episodeFile('past-end', 600, true), '--media', fourSeconds])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      /^episcore: speech-4s\.mp3 is 0:04\.\d{3} long, shorter than what the episode holds: statement "Multi-agent systems mostly do not work" \(ends at 0:12\.000\), /,
    )
    expect(run.stderr).toContain('chapter 1 "Why multi-agent systems fail" (ends at 3:20.000)')
    expect(run.stderr).toContain('highlight "Rewards are not the bottleneck" (at 6:55.000)')
    expect(run.stderr).toMatch(/nothing was changed\n$/)
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })

  it('decodes shorter, nothing past it: loaded at the decoded length, a warning naming both on stderr', () => {
    const db = path.join(tempFolder(), 'eps.sqlite')
    const run = episcore(['--db', db, 'load', episodeFile('shorter', 30, false), '--media', fourSeconds])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('shorter\n')
    expect(run.stderr).toBe(
      'episcore: warning: speech-4s.mp3 decodes to 0:04, not the 0:30 the episode file gives; the episode is 0:04 long\n',
    )
    const { episode, declared } = lengths(db, 'shorter')
    expect(episode).toBeCloseTo(4, 0)
    expect(declared).toBe(30)
  })

  it('decodes longer: loaded at the decoded length, a warning naming both on stderr', () => {
    const db = path.join(tempFolder(), 'eps.sqlite')
    const run = episcore(['--db', db, 'load', episodeFile('longer', 3, false), '--media', eightSeconds])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('longer\n')
    expect(run.stderr).toBe(
      'episcore: warning: speech-8s.mp3 decodes to 0:08, not the 0:03 the episode file gives; the episode is 0:08 long\n',
    )
    const { episode, declared } = lengths(db, 'longer')
    expect(episode).toBeCloseTo(8, 0)
    expect(declared).toBe(3)
  })
})
