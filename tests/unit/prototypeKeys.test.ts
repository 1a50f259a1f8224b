import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { keyFromLabel } from '../../src/core/analysis/dimensionKey'
import { openDatabase } from '../../src/core/db/openDatabase'
import { listEpisodes } from '../../src/core/episodes/episodeQueries'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { createHandlers, dispatch } from '../../src/core/service/handlers'
import { FileRefs } from '../../src/core/service/fileRefs'
import { PeaksCache } from '../../src/core/media/peaksCache'
import { parseWebVtt } from '../../src/core/transcript/parseWebVtt'
import { validateEpisodeDocument } from '../../src/shared/validateEpisode'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const PROBLEM = 'a key named like a member of every JavaScript object is not taken'

/** The machine episode as JSON text with `edit` applied to its text, as a hostile file would be written. */
const episodeText = (edit: (text: string) => string): string => edit(JSON.stringify(machineEpisode('proto')))

const problemsOf = (text: string): string[] => {
  const result = validateEpisodeDocument(JSON.parse(text))
  return result.ok ? [] : result.problems
}

describe('keys named like the members of every object', () => {
  it('refuses a dimension named "constructor" that no chapter scores, naming its JSON path', () => {
    const text = episodeText((t) =>
      t.replace(
        '"dimensions":[',
        '"dimensions":[{"key":"constructor","label":"Built","description":"","highlightLabel":""},',
      ),
    )
    const problems = problemsOf(text)
    expect(problems).toContain(`/rubric/dimensions/0/key: ${PROBLEM}`)
    // The chapters do not score it, and an own-property check sees that too.
    expect(problems).toContain('/chapters/0/scores: no score entry for dimension "constructor"')
  })

  it('refuses a "__proto__" score instead of dropping it, naming its JSON path', () => {
    const text = episodeText((t) =>
      t.replace('"scores":{', '"scores":{"__proto__":{"value":9,"reasoning":"hidden"},'),
    )
    expect(problemsOf(text)).toEqual([`/chapters/0/scores/__proto__: ${PROBLEM}`])
  })

  it('refuses "__proto__" anywhere in the document, once, and writes nothing', () => {
    const text = episodeText((t) => t.replace('"episode":{', '"episode":{"__proto__":{"polluted":true},'))
    expect(problemsOf(text)).toEqual([`/episode/__proto__: ${PROBLEM}`])
    const db = openDatabase(path.join(tempFolder(), 'proto.sqlite'))
    expect(() => loadEpisodeDocument(db, text)).toThrow(/\/episode\/__proto__/)
    expect(listEpisodes(db)).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    db.close()
  })

  it('refuses "__proto__" among the keys of extensions, and keeps it in their values, which are data', () => {
    const doc = machineEpisode('proto-extensions')
    const withExtensions = (extensions: string): string =>
      JSON.stringify({ ...doc, episode: { ...doc.episode, extensions: 'MARK' } }).replace(
        '"MARK"',
        extensions,
      )
    expect(problemsOf(withExtensions('{"__proto__":{"x":1}}'))).toEqual([
      `/episode/extensions/__proto__: ${PROBLEM}`,
    ])
    expect(problemsOf(withExtensions('{"vendor":{"__proto__":{"x":1}}}'))).toEqual([])
  })

  it('refuses a contract request holding "__proto__" before any handler runs', async () => {
    const db = openDatabase(path.join(tempFolder(), 'calls.sqlite'))
    const handlers = createHandlers({ db, files: new FileRefs(), peaks: new PeaksCache(tempFolder()) })
    const reply = await dispatch(handlers, 'episodes.list', JSON.parse('{"__proto__":{"x":1}}'))
    expect(reply).toEqual({
      ok: false,
      error: { code: 'invalid-request', message: `/__proto__: ${PROBLEM}` },
    })
    db.close()
  })

  it('numbers a dimension key made from a label like "Constructor" as if it were taken', () => {
    expect(keyFromLabel('Constructor', new Set())).toBe('constructor2')
    expect(keyFromLabel('to string', new Set())).toBe('toString2')
    expect(keyFromLabel('Clarity', new Set())).toBe('clarity')
  })

  it('keeps a character reference named like an object member as written', () => {
    const parsed = parseWebVtt(
      'WEBVTT\n\n00:00.000 --> 00:01.000\nA &constructor; and &toString; &amp; more\n',
    )
    expect(parsed.segments[0]?.text).toBe('A &constructor; and &toString; & more')
  })
})
