import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { createEpisode } from '../../src/core/episodes/createEpisode'
import { episodeView } from '../../src/core/episodes/episodeQueries'
import { findProblems } from '../../src/shared/problems'
import { speechMp3 } from '../generateMedia'
import { episcore } from '../episcoreCli'
import { tempFolder } from '../tempFolder'

/** The first `bytes` of `file`, as a download broken off or a copy cut short leaves it. */
function head(file: string, bytes: number, name: string): string {
  const out = path.join(tempFolder(), name)
  fs.writeFileSync(out, fs.readFileSync(file).subarray(0, bytes))
  return out
}

describe('media cut short', () => {
  // 64 kbit/s: 10 KB is about 1.2 s of audio, 4 KB about half a second; the header still says 3:00.
  let whole = ''
  beforeAll(() => {
    whole = speechMp3(180)
  })

  it('becomes an episode as long as what decodes, and the CLI says both lengths', () => {
    const db = path.join(tempFolder(), 'eps.sqlite')
    const run = episcore(['--db', db, 'new', '--media', head(whole, 10_240, 'cut.mp3'), '--title', 'Cut'])
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(
      /^episcore: warning: cut\.mp3 declares 3:00 but only 0:01 of its audio decodes \(cut short\?\); the episode is 0:01 long\n$/,
    )
    const id = run.stdout.trim()
    const read = new Database(db, { readonly: true })
    const row = read
      .prepare(
        'SELECT e.duration_seconds AS episode, m.duration_seconds AS media, m.declared_seconds AS declared FROM episodes e JOIN media m ON m.episode_id = e.id WHERE e.id = ?',
      )
      .get(id) as { episode: number; media: number; declared: number }
    read.close()
    expect(row.episode).toBeGreaterThan(1)
    expect(row.episode).toBeLessThan(1.5)
    expect(row.media).toBe(row.episode)
    expect(row.declared).toBeCloseTo(180, 0)
  })

  it('under a second of decodable audio is refused, and nothing is created', () => {
    const db = path.join(tempFolder(), 'eps.sqlite')
    const run = episcore(['--db', db, 'new', '--media', head(whole, 4096, 'stub.mp3')])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^episcore: stub\.mp3 cannot be used as media: under a second of its audio decodes/,
    )
    expect(episcore(['--db', db, 'list']).stdout).toBe('')
  })

  it('a whole file is taken at its declared length, without a word', async () => {
    const db = openDatabase(path.join(tempFolder(), 'whole.sqlite'))
    const warnings: string[] = []
    const id = await createEpisode(db, { mediaPath: whole, onWarning: (w) => warnings.push(w) })
    expect(warnings).toEqual([])
    const view = episodeView(db, id)
    expect(view.summary.durationSeconds).toBeCloseTo(180, 0)
    expect(view.media?.declaredSeconds).toBeNull()
    expect(findProblems(view).filter((p) => p.kind === 'mediaLength')).toEqual([])
    db.close()
  })

  it("is a problem in the app's view, naming both lengths", async () => {
    const db = openDatabase(path.join(tempFolder(), 'app.sqlite'))
    const id = await createEpisode(db, { mediaPath: head(whole, 10_240, 'cut.mp3') })
    const view = episodeView(db, id)
    expect(view.media?.declaredSeconds).toBeCloseTo(180, 0)
    expect(findProblems(view).find((p) => p.kind === 'mediaLength')?.message).toBe(
      'The media file cut.mp3 declares 3:00, but only 0:01 of its audio decodes (is it cut short?): the episode is 0:01 long.',
    )
    db.close()
  })
})
