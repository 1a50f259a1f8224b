import type { Db } from '../../db/openDatabase'
import { analysisFacts } from '../../library/analysisFacts'
import { summaryOf } from '../../library/episodeGroups'

/** What the catalogue calls an analysis, which decides who may push it (the roles' policies). */
export type CatalogueKind = 'person' | 'machine' | 'consensus'

/**
 * Each analysis's kind in the catalogue: a consensus; a machine's run nobody has taken up (the pipeline's
 * to push); else a person's, a machine run reviewed by a person included.
 */
export function catalogueKinds(db: Db): Map<string, CatalogueKind> {
  const facts = analysisFacts(db)
  const byId = new Map(facts.map((f) => [f.id, f]))
  const kinds = new Map<string, CatalogueKind>()
  for (const f of facts) {
    const s = summaryOf(f, byId)
    kinds.set(
      f.id,
      s.kind === 'consensus'
        ? 'consensus'
        : s.maker === 'machine' && !s.reviewedByPerson
          ? 'machine'
          : 'person',
    )
  }
  return kinds
}

/** The catalogue's group role that may push analyses of a kind. */
export const ROLE_FOR_KIND: Record<CatalogueKind, 'episcore_desk' | 'episcore_pipeline' | 'episcore_lead'> = {
  person: 'episcore_desk',
  machine: 'episcore_pipeline',
  consensus: 'episcore_lead',
}
