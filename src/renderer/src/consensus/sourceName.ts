import type { ConsensusChoices, Provenance } from '../../../shared/agreement'

type Source = ConsensusChoices['sources'][number]

/** A source as the library names it: "reviewer · kind · date", never its bare id. */
export const sourceName = (source: Source): string => source.name

/** Where a value of the consensus came from, as a short mark: `#2`, `typed`, or nothing known. */
export function provenanceMark(provenance: Provenance, sources: readonly Source[]): string {
  if (provenance === null) return ''
  if ('typed' in provenance) return 'typed'
  const at = sources.findIndex((s) => s.id === provenance.source)
  return at === -1 ? provenance.source : `#${at + 1}`
}
