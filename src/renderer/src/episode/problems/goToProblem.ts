import type { Problem } from '../../../../shared/problems'
import { pageScope } from '../../scope'
import { tabOfItem, type EditorTabId } from '../editorTabOrder'
import type { Selection } from '../editorPanelProps'
import type { WaveformController } from '../Waveform'

/** The field a problem is about, in the chapters table: a score's reasoning (or value), or a chapter's why. */
function fieldOf(problem: Problem): { selector: string; open: boolean } | null {
  if (problem.target?.kind !== 'chapter') return null
  const chapter = CSS.escape(problem.target.id)
  const score = /^\/chapters\/\d+\/scores\/([^/]+)\/(reasoning|value|evidence)$/.exec(problem.path)
  if (score?.[1]) {
    const dimension = score[1].replace(/~1/g, '/').replace(/~0/g, '~')
    // The reasoning is what to write for every score problem but a missing value, which is typed in the cell.
    return {
      selector: `td.score[data-cite="score ${chapter} ${CSS.escape(dimension)}"]`,
      open: score[2] !== 'value',
    }
  }
  if (/^\/chapters\/\d+\/why$/.test(problem.path))
    return { selector: `td.why[data-cite="why ${chapter}"] :is(input, textarea, button)`, open: false }
  return null
}

/** Opens the field once its tab has drawn it (a few frames at most), the keyboard in it. */
function openField(field: { selector: string; open: boolean }, frames = 30): void {
  const element = document.querySelector<HTMLElement>(field.selector)
  if (!element) {
    if (frames > 0) pageScope.frame(() => openField(field, frames - 1))
    return
  }
  element.focus()
  // The score cell opens its reasoning editor on a double click, as a reviewer's pointer does.
  if (field.open) element.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }))
}

/**
 * A problem picked in the "Cannot publish yet" dialog goes to the place to fix it, not just its item:
 * the item selected, its tab shown, the playhead and the waveform at its time, and the field itself open
 * (a score's reasoning editor, a chapter's why) with the keyboard in it.
 */
export function goToProblem(
  problem: Problem,
  to: {
    select: (selection: Selection) => void
    seek: (seconds: number) => void
    showTab: (tab: EditorTabId) => void
    waveform: WaveformController | null
  },
): void {
  if (problem.target) {
    to.select(problem.target)
    to.showTab(tabOfItem(problem.target))
  }
  to.seek(problem.time)
  to.waveform?.centerOn(problem.time)
  const field = fieldOf(problem)
  if (field) openField(field)
}
