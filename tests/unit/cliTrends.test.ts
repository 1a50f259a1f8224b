import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import type { ShowTrends } from '../../src/shared/contract'
import { episcore } from '../episcoreCli'
import { SHOW, expectedAverages, otherShowEpisode, showEpisodes } from '../showEpisodes'
import { tempFolder } from '../tempFolder'

/** A library holding the show's three episodes and one of another show. */
function library(): string {
  const file = path.join(tempFolder(), 'library.sqlite')
  const db = openDatabase(file)
  for (const doc of [...showEpisodes(), otherShowEpisode()]) loadEpisodeDocument(db, doc)
  db.close()
  return file
}

describe('episcore trends', () => {
  it("prints a header naming the dimensions, then each episode's id, date and averages, oldest first", () => {
    const run = episcore(['--db', library(), 'trends', SHOW])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const docs = showEpisodes().sort((a, b) =>
      (a.episode.publishedOn ?? '').localeCompare(b.episode.publishedOn ?? ''),
    )
    const dimensions = docs[0]?.rubric.dimensions ?? []
    const [header, ...rows] = run.stdout.trimEnd().split('\n')
    const labels = header?.split('\t').slice(2, -2) ?? []
    expect(header?.split('\t').slice(0, 2)).toEqual(['id', 'date'])
    expect(header?.split('\t').slice(-2)).toEqual(['episode', 'counted'])
    expect([...labels].sort()).toEqual(dimensions.map((d) => d.label).sort())
    expect(rows).toEqual(
      docs.map((doc) => {
        const averages = expectedAverages(doc)
        const cells = labels.map((label) => {
          const key = dimensions.find((d) => d.label === label)?.key ?? ''
          return averages[key] === undefined ? '-' : averages[key].toFixed(1)
        })
        // Each its own episode, counted through its only analysis, the machine's.
        const name = `machine · original · ${doc.review.updatedAt.slice(0, 10)}`
        return [doc.episode.id, doc.episode.publishedOn, ...cells, doc.episode.id, name].join('\t')
      }),
    )
  })

  it('prints an episode once, through the analysis it counts, however many analyses of it are loaded', () => {
    const file = library()
    const [third] = showEpisodes()
    if (!third) throw new Error('no episode')
    // A copy of the third episode (keep-both) and a reviewer's final pass of it: still one episode.
    const db = openDatabase(file)
    loadEpisodeDocument(db, third, { keepBoth: true })
    const ada = structuredClone(third)
    ada.episode.id = 'ada-pass'
    ada.review = { status: 'final', reviewer: 'Ada', updatedAt: '2026-01-02T00:00:00.000Z' }
    loadEpisodeDocument(db, ada)
    db.close()
    const rows = episcore(['--db', file, 'trends', SHOW]).stdout.trimEnd().split('\n').slice(1)
    expect(rows).toHaveLength(showEpisodes().length)
    const ofThird = rows.filter((r) => r.split('\t').at(-2) === third.episode.id)
    expect(ofThird).toHaveLength(1)
    expect(ofThird[0]?.split('\t')[0]).toBe('ada-pass')
    expect(ofThird[0]?.split('\t').at(-1)).toBe('machine, reviewed by Ada · original · 2026-01-02')
  })

  it('prints the show page’s data with --json', () => {
    const run = episcore(['--db', library(), 'trends', SHOW, '--json'])
    expect(run.code).toBe(0)
    const trends = JSON.parse(run.stdout) as ShowTrends
    expect(trends.show).toBe(SHOW)
    expect(trends.episodes.map((e) => e.id).sort()).toEqual(
      showEpisodes()
        .map((d) => d.episode.id)
        .sort(),
    )
    expect(Object.keys(trends.distribution).sort()).toEqual(trends.dimensions.map((d) => d.key).sort())
  })

  it('refuses a show the library does not hold (exit 1), and a missing SHOW as a usage error (exit 2)', () => {
    const db = library()
    const unknown = episcore(['--db', db, 'trends', 'No\tSuch Show'])
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe('')
    expect(unknown.stderr).toBe('episcore: No episode of the show "No\\tSuch Show" is in the library\n')
    const missing = episcore(['--db', db, 'trends'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^episcore: trends needs one SHOW/)
    expect(episcore(['--db', db, 'trends', 'a', 'b']).code).toBe(2)
  })
})
