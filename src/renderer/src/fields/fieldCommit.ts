import { useRef } from 'react'

/**
 * The one rule of every text field that edits the episode. Enter (Ctrl+Enter, or ⌘Enter, in a field
 * where Enter makes a new line), Escape, Tab and leaving the field all end typing, and each saves the
 * text as one edit: one undo step, which Ctrl+Z takes back to the text before. Enter and Escape also hand
 * the keyboard back to the editor's keys. Text that cannot be saved (a time that is not one) is said
 * where it was typed on Enter, and put back on Escape. Dialogs are not fields: there Escape closes
 * without applying.
 *
 * Saving happens in one place, the field's blur, so that the keys only have to leave the field: and
 * whatever takes the focus away (a click elsewhere, the window closing) saves the same way.
 */
export type FieldExit = 'enter' | 'escape'

interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
  /** A key that composes text (an IME) is the composition's, not the field's. */
  nativeEvent?: { isComposing?: boolean }
}

/** Whether a key ends typing in a field, and how; null for a key that is typing. */
export function fieldExit(e: KeyLike, multiline: boolean): FieldExit | null {
  if (e.nativeEvent?.isComposing) return null
  if (e.key === 'Escape') return 'escape'
  if (e.key !== 'Enter' || e.altKey) return null
  if (multiline) return e.ctrlKey || e.metaKey ? 'enter' : null
  return e.shiftKey ? null : 'enter'
}

/** The keys of the rule as the editor's guide (docs/editor.md) and the hints say them. */
export const fieldKeysInWords = (multiline: boolean): string =>
  `${multiline ? 'Ctrl+Enter' : 'Enter'}, Esc, Tab or leaving the field saves`

export interface FieldCommitOptions {
  multiline: boolean
  /** Saves the field's text when it differs from the saved one; shows its problem when it cannot. */
  commit: () => void
  /** Why the text cannot be saved, or null. */
  problem?: () => string | null
  /** Puts the saved text back (Escape on text that cannot be saved). */
  restore: () => void
  /** After Enter or Escape: where the keyboard goes back to. */
  onDone?: () => void
}

/** The key and blur handlers of a field that follows the rule. */
export function useFieldCommit(options: FieldCommitOptions): {
  onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => void
  onBlur: () => void
} {
  // Escape on text that cannot be saved puts it back: the blur that follows has nothing to save.
  const restoring = useRef(false)
  return {
    onKeyDown: (e) => {
      const exit = fieldExit(e, options.multiline)
      if (!exit) return
      e.preventDefault()
      e.stopPropagation()
      if (options.problem?.() != null) {
        if (exit === 'enter') return options.commit()
        restoring.current = true
        options.restore()
      }
      e.currentTarget.blur()
      options.onDone?.()
    },
    onBlur: () => {
      if (restoring.current) restoring.current = false
      else options.commit()
    },
  }
}
