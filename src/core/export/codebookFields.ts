/** The codebook fields of an exported rubric: the version a stamped analysis was scored under, and its levels. */
import type { EpisodeDocument } from '../../shared/episodeFormat'
import { readVersion } from '../codebook/codebookRows'
import { stampOf } from '../codebook/codebookStamp'
import type { Db } from '../db/openDatabase'

type Rubric = EpisodeDocument['rubric']

/**
 * The rubric with `codebook` and each dimension's `levels` (from the stamped version, where it describes
 * that dimension) when the analysis is stamped; unchanged otherwise, so a file without them exports as
 * it came. Both go before `extensions`, as the format orders fields.
 */
export function withCodebook(db: Db, episodeId: string, rubric: Rubric): Rubric {
  const stamp = stampOf(db, episodeId)
  if (!stamp) return rubric
  const version = readVersion(db, stamp.show, stamp.version)
  // Levels of another scale would not fit this rubric's (an analysis whose scale was changed by hand).
  const sameScale = version?.scale.min === rubric.scale.min && version.scale.max === rubric.scale.max
  const levelsOf = new Map(sameScale ? version.dimensions.map((d) => [d.key, d.levels]) : [])
  const { extensions, ...rest } = rubric
  return {
    ...rest,
    dimensions: rubric.dimensions.map((d) => {
      const levels = levelsOf.get(d.key) ?? []
      if (levels.length === 0) return d
      const { extensions: own, ...fields } = d
      return { ...fields, levels: levels.map((l) => ({ ...l })), ...(own && { extensions: own }) }
    }),
    codebook: { show: stamp.show, version: stamp.version },
    ...(extensions && { extensions }),
  }
}
