/**
 * The shows' codebooks through the desk (issue 45): a lead's library shares the versions it published,
 * every library takes the versions the desk has. A published version never changes, so a version held
 * here with other content than the desk's under its number (two leads who published while apart) moves
 * past the desk's numbers, with the analyses scored under it, and the desk's is taken: the first to reach
 * the desk keeps the number, and nothing is merged or overwritten.
 */
import type { ClientBase } from 'pg'
import { codebookContentSchema, type CodebookDimension } from '../../../shared/codebook'
import type { KeptHere } from '../../../shared/contract/desk'
import { contentProblems, normalContent } from '../../codebook/codebookChecks'
import type { CodebookContent } from '../../codebook/codebookRows'
import { renumberVersions, type VersionMove } from '../../codebook/codebookRenumber'
import { versionSummaries } from '../../codebook/codebookRows'
import { heldVersion, publishedVersions, writePublishedVersion } from '../../codebook/publishedCodebooks'
import type { Db } from '../../db/openDatabase'

export interface CodebookSyncReport {
  /** The versions this library shared, as `SHOW vN`. */
  pushed: string[]
  /** The versions this library took from the desk, as `SHOW vN`. */
  pulled: string[]
  /** Versions left as they are here, or moved apart from the desk's, and why. */
  kept: KeptHere[]
  /** Analyses restamped with a version moved apart: changed here, to be pushed. */
  restamped: number
}

interface CatalogueCodebook {
  show: string
  version: number
  content: unknown
}

const named = (show: string, version: number): string => `${show} v${version}`
const keptLine = (show: string, version: number, reason: string): KeptHere => ({
  episodeId: `codebook ${named(show, version)}`,
  reason,
})

/**
 * One round, after the analyses' pull: the versions published here that the desk lacks pushed (a lead
 * only: the catalogue refuses anyone else's, and a reviewer's library says it keeps them), then every
 * version the desk has that this library lacks written here as published, one transaction each.
 */
export async function syncCodebooks(db: Db, client: ClientBase): Promise<CodebookSyncReport> {
  const report: CodebookSyncReport = { pushed: [], pulled: [], kept: [], restamped: 0 }
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.codebooks') IS NOT NULL AS exists",
  )
  if (!table.rows[0]?.exists) {
    // A catalogue of schema 3 or older: its owner's desk init with this Episcore adds the table.
    for (const v of publishedVersions(db))
      report.kept.push(
        keptLine(v.show, v.version, "the desk's catalogue has no codebooks yet: desk init upgrades it"),
      )
    return report
  }
  let desk = await catalogueCodebooks(client)
  const moved = moveClashing(db, desk)
  report.kept.push(...moved.lines)
  report.restamped = moved.restamped
  const local = publishedVersions(db)
  const lacking = local.filter((v) => !desk.has(named(v.show, v.version)))
  if (lacking.length > 0) {
    if (await isLead(client)) {
      for (const v of lacking) {
        const held = heldVersion(db, v.show, v.version)
        if (!held) continue
        // Another lead may share the same number meanwhile: theirs stays, and the compare below says so.
        const { rowCount } = await client.query(
          `INSERT INTO codebooks (show, version, content) VALUES ($1, $2, $3::jsonb)
           ON CONFLICT (show, version) DO NOTHING`,
          [v.show, v.version, JSON.stringify(held.content)],
        )
        if (rowCount === 1) report.pushed.push(named(v.show, v.version))
      }
      if (report.pushed.length < lacking.length) desk = await catalogueCodebooks(client)
      else for (const v of lacking) desk.set(named(v.show, v.version), null)
    } else
      for (const v of lacking)
        report.kept.push(keptLine(v.show, v.version, 'not in the desk: only a lead shares a codebook'))
  }
  for (const [name, row] of desk) {
    if (row === null) continue // just pushed from here
    const read = readCatalogueContent(db, row)
    const held = heldVersion(db, row.show, row.version)
    if (typeof read === 'string') {
      const kept = held ? ": kept this library's" : ''
      report.kept.push(keptLine(row.show, row.version, `the desk's version cannot be taken (${read})${kept}`))
      continue
    }
    if (held) {
      // The same, or moved apart above; one published meanwhile by another process here waits for the next round.
      if (!held.published || !sameContent(held.content, read))
        report.kept.push(
          keptLine(row.show, row.version, "differs from the desk's: kept this library's until the next sync"),
        )
      continue
    }
    if (writePublishedVersion(db, row.show, row.version, read)) report.pulled.push(name)
  }
  return report
}

/**
 * Each show's versions that clash with the desk's moved past the desk's numbers, in one transaction a
 * show: from the first published here with other content than the desk's under its number (or a draft
 * at a number the desk has published), every version here that is not the desk's own, in their order, so
 * that the latest published here stays this library's current one. The draft too, whenever the desk has
 * published past it: a draft is always the show's next version. One line a moved version.
 */
function moveClashing(
  db: Db,
  desk: Map<string, CatalogueCodebook | null>,
): { lines: KeptHere[]; restamped: number } {
  const byShow = new Map<string, Map<number, CodebookContent>>()
  for (const row of desk.values()) {
    if (row === null) continue
    const read = readCatalogueContent(db, row)
    // The desk's version cannot be taken: nothing here moves for it (the compare says why).
    if (typeof read === 'string') continue
    const show = byShow.get(row.show) ?? new Map<number, CodebookContent>()
    byShow.set(row.show, show.set(row.version, read))
  }
  const lines: KeptHere[] = []
  let total = 0
  for (const [show, deskVersions] of byShow) {
    const here = versionSummaries(db, show)
    const deskLatest = Math.max(...deskVersions.keys())
    const same = (version: number): boolean => {
      const theirs = deskVersions.get(version)
      const held = theirs && heldVersion(db, show, version)
      return !!held && held.published && sameContent(held.content, theirs)
    }
    const first = here.find(
      (v) =>
        (deskVersions.has(v.version) && !same(v.version)) || (v.state === 'draft' && v.version <= deskLatest),
    )
    if (!first) continue
    const moving = here.filter((v) => v.version >= first.version && !same(v.version))
    const staying = here.filter((v) => !moving.includes(v)).map((v) => v.version)
    const start = Math.max(deskLatest, ...staying) + 1
    const moves: VersionMove[] = moving.map((v, i) => ({ from: v.version, to: start + i }))
    const restamped = renumberVersions(db, show, moves)
    moves.forEach(({ from, to }, i) => {
      const analyses = restamped[i] ?? 0
      total += analyses
      const state = moving[i]?.state === 'draft' ? 'draft' : 'version'
      const why = deskVersions.has(from)
        ? `the desk's v${from} says otherwise (another lead published it first)`
        : `the desk has published up to v${deskLatest}`
      const stamped =
        analyses === 0
          ? ''
          : `, with the ${analyses === 1 ? 'analysis' : `${analyses} analyses`} scored under it`
      lines.push(keptLine(show, from, `${why}: this library's ${state} is now v${to}${stamped}`))
    })
  }
  return { lines, restamped: total }
}

/** Every version in the desk by `SHOW vN`; null marks one known to equal this library's. */
async function catalogueCodebooks(client: ClientBase): Promise<Map<string, CatalogueCodebook | null>> {
  const { rows } = await client.query<CatalogueCodebook>(
    `SELECT show, version, content FROM codebooks ORDER BY show, version`,
  )
  return new Map(rows.map((r) => [named(r.show, r.version), r]))
}

async function isLead(client: ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ lead: boolean }>(
    `SELECT pg_has_role(current_user, 'episcore_lead', 'member') AS lead`,
  )
  return rows[0]?.lead === true
}

/**
 * The desk's content checked as it enters the library (whoever wrote the row, with whatever client):
 * the codebook's own shape and rules, anchors aside (they may name analyses this library lacks, as the
 * codebook screen says). A sentence naming the place when it cannot stand.
 */
function readCatalogueContent(db: Db, row: CatalogueCodebook): CodebookContent | string {
  const parsed = codebookContentSchema.safeParse(row.content)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `${issue?.path.join('.') || 'content'}: ${issue?.message ?? 'not a codebook'}`
  }
  const content = normalContent(parsed.data)
  const problems = contentProblems(db, {
    ...content,
    dimensions: content.dimensions.map((d) => ({ ...d, anchors: [] })),
  })
  return problems.length > 0 ? problems.join('; ') : content
}

/**
 * Whether two versions say the same: scale, and each dimension's key, label, definition, highlight label
 * and descriptors, in order. Anchors are left out: a version a library learnt from a loaded file has
 * none (they stay in the library that made them), and is the same version all the same.
 */
function sameContent(a: CodebookContent, b: CodebookContent): boolean {
  const meaning = (c: CodebookContent) =>
    JSON.stringify({
      scale: [c.scale.min, c.scale.max],
      dimensions: c.dimensions.map((d: CodebookDimension) => [
        d.key,
        d.label,
        d.definition,
        d.highlightLabel,
        [...d.levels].sort((x, y) => x.from - y.from).map((l) => [l.from, l.to, l.text]),
      ]),
    })
  return meaning(a) === meaning(b)
}
