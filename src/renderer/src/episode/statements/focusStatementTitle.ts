import { pageScope } from '../../scope'

/**
 * A statement just made gets its title typed next: the focus goes to its row's Title field once the
 * row shows it (selected rows open their fields; the table scrolls to it). Enter or Escape in the field
 * hands the keyboard back to the waveform.
 */
export function focusStatementTitle(statementId: string, frames = 30): void {
  const field = document.querySelector<HTMLElement>(
    `tr[data-statement="${CSS.escape(statementId)}"] [aria-label="Title"]:is(input, textarea)`,
  )
  if (field) {
    field.focus()
    return
  }
  if (frames > 0) pageScope.frame(() => focusStatementTitle(statementId, frames - 1))
}
