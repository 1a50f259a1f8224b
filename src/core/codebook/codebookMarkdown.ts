/** The codebook as Markdown, for reading and printing: each dimension's definition, descriptors and anchors. */
import { levelScores, type Anchor, type CodebookVersion } from '../../shared/codebook'

/** A table cell's text on one line, its pipes escaped. */
const cell = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')

const seconds = (s: number): string => {
  const whole = Math.floor(s)
  const m = Math.floor(whole / 60)
  return `${m}:${String(whole % 60).padStart(2, '0')}`
}

function anchorPlace({ target }: Anchor): string {
  if (target.kind === 'statement') return `statement ${target.statementId} of ${target.episodeId}`
  if (target.kind === 'chapterScore') return `chapter ${target.chapterId}'s score in ${target.episodeId}`
  return `${seconds(target.start)}-${seconds(target.end)} of ${target.episodeId}`
}

export function codebookMarkdown(codebook: CodebookVersion): string {
  const lines: string[] = [
    `# ${codebook.show}: codebook, version ${codebook.version}`,
    '',
    `${codebook.state === 'published' ? `Published ${codebook.publishedAt?.slice(0, 10) ?? ''}` : 'Draft'}. ` +
      `Scale: ${codebook.scale.min} to ${codebook.scale.max}.`,
  ]
  for (const d of codebook.dimensions) {
    lines.push('', `## ${d.label}`, '', `Key: \`${d.key}\`. Highlight: ${d.highlightLabel || d.label}.`)
    if (d.definition.trim() !== '') lines.push('', d.definition.trim())
    if (d.levels.length > 0) {
      lines.push('', '| Score | What it looks like |', '|---|---|')
      for (const l of d.levels) lines.push(`| ${levelScores(l)} | ${cell(l.text)} |`)
    } else lines.push('', '_No level descriptors yet._')
    if (d.anchors.length > 0) {
      lines.push('', 'Anchors:', '')
      for (const a of d.anchors) lines.push(`- ${anchorPlace(a)}${a.note.trim() ? `: ${cell(a.note)}` : ''}`)
    }
  }
  return lines.join('\n') + '\n'
}
