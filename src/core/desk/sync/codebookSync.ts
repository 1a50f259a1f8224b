/**
 * The shows' codebooks through the desk (issue 45): a lead's library shares the versions it published,
 * every library takes the versions the desk has. A published version never changes, so a version held
 * here and in the desk with other content is a conflict the sync names and never resolves by itself.
 */
import type { ClientBase } from 'pg'
import { codebookContentSchema, type CodebookDimension } from '../../../shared/codebook'
import type { KeptHere } from '../../../shared/contract/desk'
import { contentProblems, normalContent } from '../../codebook/codebookChecks'
import type { CodebookContent } from '../../codebook/codebookRows'
import { heldVersion, publishedVersions, writePublishedVersion } from '../../codebook/publishedCodebooks'
import type { Db } from '../../db/openDatabase'

export interface CodebookSyncReport {
  /** The versions this library shared, as `SHOW vN`. */
  pushed: string[]
  /** The versions this library took from the desk, as `SHOW vN`. */
  pulled: string[]
  /** Versions left as they are here, and why. */
  kept: KeptHere[]
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
  const report: CodebookSyncReport = { pushed: [], pulled: [], kept: [] }
  const local = publishedVersions(db)
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.codebooks') IS NOT NULL AS exists",
  )
  if (!table.rows[0]?.exists) {
    // A catalogue of schema 3 or older: its owner's desk init with this Episcore adds the table.
    for (const v of local)
      report.kept.push(
        keptLine(v.show, v.version, "the desk's catalogue has no codebooks yet: desk init upgrades it"),
      )
    return report
  }
  let desk = await catalogueCodebooks(client)
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
    if (held) {
      if (typeof read === 'string' || !held.published || !sameContent(held.content, read))
        report.kept.push(
          keptLine(
            row.show,
            row.version,
            held.published
              ? "differs from the desk's: kept this library's"
              : "is a draft here: kept this library's draft, the desk's published version was not taken",
          ),
        )
      continue
    }
    if (typeof read === 'string') {
      report.kept.push(keptLine(row.show, row.version, `the desk's version cannot be taken: ${read}`))
      continue
    }
    if (writePublishedVersion(db, row.show, row.version, read)) report.pulled.push(name)
  }
  return report
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
