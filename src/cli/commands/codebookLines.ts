/** A codebook as the terminal prints it: a line a fact, tab-separated where a script reads it. */
import {
  levelScores,
  type Anchor,
  type CodebookVersion,
  type CodebookVersionSummary,
} from '../../shared/codebook'
import type { CodebookImport } from '../../shared/contract/codebook'

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim()

function anchorPlace({ target }: Anchor): string {
  if (target.kind === 'statement') return `statement ${target.statementId} of ${target.episodeId}`
  if (target.kind === 'chapterScore') return `chapter ${target.chapterId}'s score in ${target.episodeId}`
  return `${target.start}-${target.end} s of ${target.episodeId}`
}

export function codebookLines(c: CodebookVersion): string[] {
  const state = c.state === 'published' ? `published ${c.publishedAt?.slice(0, 10) ?? ''}` : 'draft'
  const lines = [
    `${c.show}: codebook version ${c.version} (${state}${c.used ? ', used' : ''})`,
    `scale ${c.scale.min}-${c.scale.max}`,
  ]
  for (const d of c.dimensions) {
    lines.push('', `${d.label} (${d.key})`)
    if (d.definition.trim() !== '') lines.push(`  ${oneLine(d.definition)}`)
    if (d.levels.length === 0) lines.push('  no level descriptors yet')
    for (const l of d.levels) lines.push(`  ${levelScores(l)}\t${oneLine(l.text)}`)
    for (const a of d.anchors)
      lines.push(`  anchor: ${anchorPlace(a)}${a.note.trim() ? `: ${oneLine(a.note)}` : ''}`)
  }
  return lines
}

export const versionLine = (v: CodebookVersionSummary): string =>
  [
    v.version,
    v.state,
    v.publishedAt?.slice(0, 10) ?? '-',
    v.used ? 'used' : 'unused',
    `${v.dimensions} dimension${v.dimensions === 1 ? '' : 's'}`,
  ].join('\t')

export function importLines(made: CodebookImport): string[] {
  const c = made.codebook
  return [
    `${c.show}: draft version ${c.version}, scale ${c.scale.min}-${c.scale.max}, ${c.dimensions.length} dimension${c.dimensions.length === 1 ? '' : 's'}${made.written ? '' : ' (not written)'}`,
    ...c.dimensions.map(
      (d) => `  ${d.label} (${d.key})${d.levels.length > 0 ? `: ${d.levels.length} level descriptors` : ''}`,
    ),
    ...made.notes.map((note) => `note: ${note}`),
  ]
}
