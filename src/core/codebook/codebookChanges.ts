/** What changed from one codebook version to another, as an analysis made under the older one is told. */
import type { CodebookChanges } from '../../shared/codebook'
import type { CodebookContent } from './codebookRows'

const sameLevels = (a: CodebookContent['dimensions'][number], b: CodebookContent['dimensions'][number]) =>
  JSON.stringify(a.levels.map((l) => [l.from, l.to, l.text])) ===
  JSON.stringify(b.levels.map((l) => [l.from, l.to, l.text]))

/** Dimensions are matched by key: a key kept with another label is a rename, not a new dimension. */
export function codebookChanges(from: CodebookContent, to: CodebookContent): CodebookChanges {
  const before = new Map(from.dimensions.map((d) => [d.key, d]))
  const after = new Map(to.dimensions.map((d) => [d.key, d]))
  const changes: CodebookChanges = {
    added: to.dimensions.filter((d) => !before.has(d.key)).map((d) => d.key),
    removed: from.dimensions.filter((d) => !after.has(d.key)).map((d) => d.key),
    renamed: [],
    definitionChanged: [],
    descriptorsChanged: [],
    scaleChanged: from.scale.min !== to.scale.min || from.scale.max !== to.scale.max,
  }
  for (const d of to.dimensions) {
    const old = before.get(d.key)
    if (!old) continue
    if (old.label !== d.label) changes.renamed.push({ key: d.key, from: old.label, to: d.label })
    if (old.definition !== d.definition) changes.definitionChanged.push(d.key)
    if (!sameLevels(old, d)) changes.descriptorsChanged.push(d.key)
  }
  return changes
}

/** Whether the changes leave nothing to tell (the order of dimensions and their anchors aside). */
export const noChanges = (c: CodebookChanges): boolean =>
  !c.scaleChanged &&
  [c.added, c.removed, c.renamed, c.definitionChanged, c.descriptorsChanged].every(
    (list) => list.length === 0,
  )
