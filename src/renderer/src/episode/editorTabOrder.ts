/** The editor's panels under the waveform, in the order of their tabs. */
export const EDITOR_TAB_IDS = [
  'statements',
  'chapters',
  'highlights',
  'rubric',
  'details',
  'charts',
  'problems',
  'review',
] as const

export type EditorTabId = (typeof EDITOR_TAB_IDS)[number]

/** The tab `step` places after `tab` (before, when negative), going round at either end. */
export function tabBeside(tab: EditorTabId, step: number): EditorTabId {
  const count = EDITOR_TAB_IDS.length
  const at = EDITOR_TAB_IDS.indexOf(tab)
  return EDITOR_TAB_IDS[(((at + step) % count) + count) % count] as EditorTabId
}

/** The panel an item is listed in: an episode opened with an item selected shows it there. */
export function tabOfItem(item: { kind: 'statement' | 'chapter' | 'highlight' } | null): EditorTabId {
  if (item?.kind === 'chapter') return 'chapters'
  if (item?.kind === 'highlight') return 'highlights'
  return 'statements'
}
