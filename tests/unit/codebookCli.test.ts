import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/openDatabase'
import { loadEpisodeDocument } from '../../src/core/load/loadEpisode'
import { runCommand } from '../../src/cli/main'
import type { CodebookVersion } from '../../src/shared/codebook'
import { machineEpisode } from '../machineEpisode'
import { tempFolder } from '../tempFolder'

const SHOW = 'latent-space'

/** A library with one analysis of the show, its rubric the seed's. */
function library(): string {
  const file = path.join(tempFolder(), 'library.sqlite')
  const db = openDatabase(file)
  loadEpisodeDocument(db, machineEpisode('ep-1'))
  db.close()
  return file
}

async function episcore(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCommand(args, { out: (t) => out.push(t), err: (t) => err.push(t) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const QDC = `<?xml version="1.0" encoding="utf-8"?>
<CodeBook xmlns="urn:QDA-XML:codebook:1.0" origin="by hand">
  <Codes>
    <Code guid="1c7e3a51-6b9e-4c61-9d0e-2f1a6a1e0b01" name="Clarity" isCodable="true">
      <Description>The guest says it plainly.</Description>
    </Code>
    <Code guid="1c7e3a51-6b9e-4c61-9d0e-2f1a6a1e0b02" name="Pushback" isCodable="true"/>
  </Codes>
</CodeBook>
`

describe('episcore codebook', () => {
  it('imports a .qdc as the draft, printing what it made; publishes it; shows and lists it', async () => {
    const db = library()
    expect(await episcore(['--db', db, 'codebook', 'versions', SHOW])).toMatchObject({
      code: 0,
      out: '',
      err: `episcore: ${SHOW} has no codebook yet`,
    })
    const qdc = path.join(tempFolder(), 'hand.qdc')
    fs.writeFileSync(qdc, QDC)
    const imported = await episcore(['--db', db, 'codebook', 'import', SHOW, qdc])
    expect(imported.err).toBe('')
    expect(imported.code).toBe(0)
    const [head, ...rest] = imported.out.split('\n')
    expect(head).toMatch(/^latent-space: draft version 1, scale \d+-\d+, 2 dimensions$/)
    expect(rest.slice(0, 2)).toEqual([
      expect.stringMatching(/^ {2}Clarity \(clarity\)/),
      expect.stringMatching(/^ {2}Pushback \(/),
    ])
    // A draft is not the current version yet.
    expect(await episcore(['--db', db, 'codebook', 'show', SHOW])).toMatchObject({
      code: 1,
      err: `episcore: ${SHOW} has no published codebook (codebook import, or the app's codebook screen, makes one)`,
    })
    expect(await episcore(['--db', db, 'codebook', 'publish', SHOW])).toMatchObject({
      code: 0,
      out: `${SHOW}: version 1 published`,
    })
    const shown = await episcore(['--db', db, 'codebook', 'show', SHOW])
    expect(shown.code).toBe(0)
    expect(shown.out.split('\n').slice(0, 1)).toEqual([
      expect.stringMatching(/^latent-space: codebook version 1 \(published \d{4}-\d\d-\d\d\)$/),
    ])
    expect(shown.out).toContain('Clarity (clarity)\n  The guest says it plainly.')
    const json = JSON.parse(
      (await episcore(['--db', db, 'codebook', 'show', SHOW, '--json'])).out,
    ) as CodebookVersion
    expect(json).toMatchObject({ show: SHOW, version: 1, state: 'published', used: false })
    expect(json.dimensions.map((d) => d.label)).toEqual(['Clarity', 'Pushback'])
    const versions = await episcore(['--db', db, 'codebook', 'versions', SHOW])
    expect(versions.out).toMatch(/^1\tpublished\t\d{4}-\d\d-\d\d\tunused\t2 dimensions$/)
  })

  it('exports as Markdown, JSON and .qdc, to stdout or --out, and the .qdc imports again', async () => {
    const db = library()
    const qdc = path.join(tempFolder(), 'hand.qdc')
    fs.writeFileSync(qdc, QDC)
    await episcore(['--db', db, 'codebook', 'import', SHOW, qdc])
    await episcore(['--db', db, 'codebook', 'publish', SHOW])
    const md = await episcore(['--db', db, 'codebook', 'export', SHOW, '--format', 'md'])
    expect(md.code).toBe(0)
    expect(md.out).toMatch(/^# latent-space: codebook, version 1\n/)
    expect(md.out).toContain('## Clarity\n')
    expect(md.out).toContain('The guest says it plainly.')
    const json = JSON.parse(
      (await episcore(['--db', db, 'codebook', 'export', SHOW, '--format', 'json'])).out,
    ) as CodebookVersion
    expect(json.version).toBe(1)
    const out = path.join(tempFolder(), 'latent.qdc')
    expect(await episcore(['--db', db, 'codebook', 'export', SHOW, '--out', out])).toMatchObject({
      code: 0,
      out: '',
    })
    expect(fs.readFileSync(out, 'utf8')).toContain('urn:QDA-XML:codebook:1.0')
    const again = await episcore(['--db', db, 'codebook', 'import', SHOW, out])
    expect(again.err).toBe('')
    expect(again.out.split('\n')[0]).toMatch(/^latent-space: draft version 2, .*2 dimensions$/)
  })

  it('refuses a bad command line in one line, naming what to change', async () => {
    const db = library()
    const run = (args: string[]) => episcore(['--db', db, 'codebook', ...args])
    expect((await run([])).err).toMatch(
      /^episcore: codebook needs a verb: show, versions, export, import, publish/,
    )
    expect((await run(['list', SHOW])).err).toMatch(/^episcore: unknown codebook verb "list"/)
    expect((await run(['versions', SHOW, '--json'])).err).toMatch(
      /^episcore: codebook versions takes no --json/,
    )
    expect((await run(['export', SHOW, '--format', 'pdf'])).err).toMatch(
      /--format is one of qdc\|md\|json \(not "pdf"\)/,
    )
    expect((await run(['show', SHOW, '--version', 'x'])).err).toMatch(/--version is a version number/)
    expect((await run(['import', SHOW])).err).toMatch(/codebook import needs SHOW and one FILE.qdc/)
    const exported = await run(['export', SHOW])
    expect(exported).toMatchObject({ code: 1, err: `episcore: ${SHOW} has no published codebook yet` })
    const bad = path.join(tempFolder(), 'bad.qdc')
    fs.writeFileSync(bad, '<CodeBook xmlns="urn:QDA-XML:codebook:1.0"><Codes>')
    const refused = await run(['import', SHOW, bad])
    expect(refused.code).toBe(1)
    expect(refused.err.split('\n')).toHaveLength(1)
    expect(refused.err).toMatch(/^episcore: bad\.qdc: /)
    expect((await run(['versions', SHOW])).out).toBe('')
  })

  it('adds an anchor from the command line, a chapter’s score or a range, and says what is wrong otherwise', async () => {
    const db = library()
    // `codebook anchor` on the library's episode ep-1.
    const anchor = (...args: string[]) => episcore(['--db', db, 'codebook', 'anchor', 'ep-1', ...args])
    const chapter = await anchor('--dimension', 'hostsInformedPeer', '--chapter', 'c1', '--note', 'a 7')
    expect(chapter).toMatchObject({ code: 0, err: '' })
    expect(chapter.out).toMatch(/^latent-space: anchor a1 of hostsInformedPeer added to draft version 1$/)
    const range = await anchor('--dimension', 'hostsInformedPeer', '--from', '5', '--to', '12')
    expect(range.out).toMatch(/anchor a2 of hostsInformedPeer added to draft version 1$/)
    const shown = await episcore(['--db', db, 'codebook', 'show', SHOW, '--version', '1', '--json'])
    const draft = JSON.parse(shown.out) as CodebookVersion
    expect(
      draft.dimensions.find((d) => d.key === 'hostsInformedPeer')?.anchors.map((a) => a.target.kind),
    ).toEqual(['chapterScore', 'range'])
    // Two moments, none, a time that is not one: usage errors (exit 2); an unknown item: refused (exit 1).
    const both = await anchor('--dimension', 'x', '--chapter', 'c1', '--statement', 's1')
    expect(both).toMatchObject({ code: 2 })
    expect(both.err).toMatch(/one moment/)
    expect((await anchor('--chapter', 'c1')).err).toMatch(/--dimension/)
    expect((await anchor('--dimension', 'x', '--from', 'soon', '--to', '3')).err).toMatch(
      /--from is a time in seconds/,
    )
    const unknown = await anchor('--dimension', 'hostsInformedPeer', '--statement', 'nope')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toMatch(/nope/)
  })
})
