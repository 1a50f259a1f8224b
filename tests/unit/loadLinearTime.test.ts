import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { openLocalService } from '../../src/core/service/localService'
import type { EpisodeDocument } from '../../src/shared/episodeFormat'
import { statementsOverEverything } from '../statementsOverEverything'
import { tempFolder } from '../tempFolder'

/** CPU time of loading the document into a new library and opening its episode, and what the view says. */
async function loadAndOpen(
  document: EpisodeDocument,
): Promise<{ cpuMs: number; problems: (string | null)[] }> {
  const file = path.join(tempFolder(), 'library.db')
  openDatabase(file).close()
  const started = process.cpuUsage()
  const db = openDatabase(file)
  loadEpisodeDocument(db, document)
  db.close()
  const service = openLocalService(file)
  const opened = await service.call('episodes.open', { id: document.episode.id })
  service.close()
  const used = process.cpuUsage(started)
  if (!opened.ok) throw new Error(opened.error.message)
  return {
    cpuMs: (used.user + used.system) / 1000,
    problems: opened.value.statements.map((s) => s.quoteProblem),
  }
}

describe('an episode of statements each spanning the whole transcript', () => {
  it('loads and opens in time that grows with its size, not with its square', async () => {
    const small = statementsOverEverything(2_000)
    const large = statementsOverEverything(8_000)
    // Warm: the first load compiles the schemas and statements.
    await loadAndOpen(statementsOverEverything(200))
    const a = await loadAndOpen(small)
    const b = await loadAndOpen(large)
    // Four times the segments and four times the statements: 16x or more when each statement reads its
    // span; the bound leaves room for a busy machine.
    expect(b.cpuMs).toBeLessThan(8 * a.cpuMs)
    // And the quotes are checked as before: the ones said nowhere flagged, the said ones not.
    expect(b.problems.filter((p) => p === 'the quote is not in the transcript')).toHaveLength(400)
    expect(b.problems.filter((p) => p === null)).toHaveLength(400)
  }, 300_000)
})
