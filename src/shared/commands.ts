/**
 * Every editor command, declared once: its id, label, shortcuts and place in the native menu. Plain
 * data (no React, no DOM), so that the main process builds the native menu from it and the renderer its
 * keys, toolbar titles, shortcut sheet and hints; the renderer attaches what each command does, by id.
 *
 * Shortcuts are written `Mod+Z` (`Mod` is Cmd on macOS, Ctrl elsewhere), `Shift+ArrowLeft`, `[`, `C`,
 * `Space`, `?`; a key is the `KeyboardEvent.key` it produces.
 */

export type CommandGroup =
  'File' | 'Edit' | 'Playback' | 'View' | 'Statements' | 'Chapters' | 'Highlights' | 'Review' | 'Help'

export type MenuName = 'File' | 'Edit' | 'Playback' | 'Help'

export interface MenuPlace {
  menu: MenuName
  /** The menu's own wording when it differs from the label (menus are terser). */
  label?: string
  /** Items sharing a submenu go in it, in declaration order. */
  submenu?: string
  /** A line above this item. */
  separatorBefore?: boolean
}

export interface CommandDeclaration {
  label: string
  group: CommandGroup
  shortcuts?: readonly string[]
  menu?: MenuPlace
  /** Its shortcut works inside a text field too (never inside an open dialog). */
  inFields?: true
}

const PUBLISHING = 'Export for Publishing'
const TRANSCRIPT = 'Export Transcript'

export const COMMANDS = {
  'file.new': {
    label: 'New episode from media',
    group: 'File',
    shortcuts: ['Mod+N'],
    menu: { menu: 'File', label: 'New Episode from Media…' },
  },
  'file.open': {
    label: 'Open an episode',
    group: 'File',
    shortcuts: ['Mod+O'],
    menu: { menu: 'File', label: 'Open…' },
  },
  'file.importTranscript': {
    label: 'Import a transcript',
    group: 'File',
    shortcuts: ['Mod+I'],
    menu: { menu: 'File', label: 'Import Transcript…' },
  },
  'file.export': {
    label: 'Export episode JSON',
    group: 'File',
    shortcuts: ['Mod+E'],
    menu: { menu: 'File', label: 'Export Episode JSON…', separatorBefore: true },
  },
  'file.exportTranscript.vtt': {
    label: 'Export the transcript as WebVTT',
    group: 'File',
    menu: { menu: 'File', submenu: TRANSCRIPT, label: 'WebVTT…' },
  },
  'file.exportTranscript.srt': {
    label: 'Export the transcript as SRT captions',
    group: 'File',
    menu: { menu: 'File', submenu: TRANSCRIPT, label: 'SRT Captions…' },
  },
  'file.exportTranscript.podcast-json': {
    label: 'Export the transcript as Podcasting 2.0 JSON',
    group: 'File',
    menu: { menu: 'File', submenu: TRANSCRIPT, label: 'Podcasting 2.0 JSON…' },
  },
  'file.export.html': {
    label: 'Export a self-contained web page',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Web Page (HTML)…' },
  },
  'file.export.site': {
    label: 'Export the published page as a folder: player, captions and the feed’s files',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Web Page Folder with Player…' },
  },
  'file.export.podcast-item': {
    label: 'Export the podcast tags for the episode’s feed item',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Feed Tags for the Episode…' },
  },
  'file.export.chapters': {
    label: 'Export chapters for podcast apps (Podcasting 2.0 JSON)',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Chapters for Podcast Apps…' },
  },
  'file.export.youtube': {
    label: 'Export chapters for a YouTube description',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Chapters for YouTube…' },
  },
  'file.export.vtt-chapters': {
    label: 'Export chapters as WebVTT',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Chapters as WebVTT…' },
  },
  'file.export.csv': {
    label: 'Export scores and reasoning as CSV',
    group: 'File',
    menu: { menu: 'File', submenu: PUBLISHING, label: 'Scores as CSV…' },
  },
  'file.publish': {
    label: 'Publish: export as final (refused, with the reasons, until everything is finished)',
    group: 'File',
    // Ctrl+Shift+E cites evidence, as in the issue the editors asked for; Publish is P.
    shortcuts: ['Shift+Mod+P'],
    menu: { menu: 'File', label: 'Publish…' },
  },
  'desk.submit': {
    label:
      'Submit to the desk: hand this assignment’s analysis to the lead (refused, with the reasons, while it has errors)',
    group: 'File',
    menu: { menu: 'File', label: 'Submit to the Desk…' },
  },
  'edit.undo': {
    label: 'Undo',
    group: 'Edit',
    shortcuts: ['Mod+Z'],
    menu: { menu: 'Edit' },
  },
  'edit.redo': {
    label: 'Redo',
    group: 'Edit',
    shortcuts: ['Shift+Mod+Z', 'Mod+Y'],
    menu: { menu: 'Edit' },
  },
  'playback.toggle': {
    label: 'Play / pause',
    group: 'Playback',
    shortcuts: ['Space'],
    menu: { menu: 'Playback', label: 'Play / Pause' },
  },
  'playback.goTo': {
    label: 'Go to a time (7:30, 1:02:03.5, 450, +10, -2.5)',
    group: 'Playback',
    shortcuts: ['Mod+G'],
    menu: { menu: 'Playback', label: 'Go to Time…' },
  },
  'seek.back': { label: 'Back 5 seconds', group: 'Playback', shortcuts: ['ArrowLeft'] },
  'seek.forward': { label: 'Forward 5 seconds', group: 'Playback', shortcuts: ['ArrowRight'] },
  'seek.backSmall': { label: 'Back 1 second', group: 'Playback', shortcuts: ['Shift+ArrowLeft'] },
  'seek.forwardSmall': { label: 'Forward 1 second', group: 'Playback', shortcuts: ['Shift+ArrowRight'] },
  'seek.start': { label: 'Go to the start', group: 'Playback', shortcuts: ['Home'] },
  'seek.end': { label: 'Go to the end', group: 'Playback', shortcuts: ['End'] },
  'statement.loop': {
    label: 'Loop the selected statement (again: stop looping)',
    group: 'Playback',
    shortcuts: ['L'],
  },
  'edge.audition': {
    label: 'Audition: play the selected statement from 1 s before to 1 s after, or 2 s around the boundary',
    group: 'Playback',
    shortcuts: ['P'],
  },
  'zoom.in': {
    label: 'Zoom in',
    group: 'View',
    shortcuts: ['+', '='],
    menu: { menu: 'Playback', label: 'Zoom In', separatorBefore: true },
  },
  'zoom.out': {
    label: 'Zoom out',
    group: 'View',
    shortcuts: ['-'],
    menu: { menu: 'Playback', label: 'Zoom Out' },
  },
  'view.nextPanel': {
    label: 'Show the next panel (Statements, Chapters & scores, … Review)',
    group: 'View',
    shortcuts: ['Mod+PageDown'],
  },
  'view.previousPanel': { label: 'Show the previous panel', group: 'View', shortcuts: ['Mod+PageUp'] },
  'transcript.search': { label: 'Search the transcript', group: 'View', shortcuts: ['Mod+F'] },
  'transcript.nextMatch': { label: 'Next search match', group: 'View', shortcuts: ['F3'] },
  'transcript.previousMatch': { label: 'Previous search match', group: 'View', shortcuts: ['Shift+F3'] },
  'selection.clear': {
    label: 'Clear the selection and the marked start',
    group: 'View',
    shortcuts: ['Escape'],
  },
  'statement.fromTranscript': {
    label: 'Make a statement from the words selected in the transcript',
    group: 'Statements',
    shortcuts: ['S'],
  },
  'statement.markStart': {
    label: 'Start a new statement at the playhead',
    group: 'Statements',
    shortcuts: ['['],
  },
  'statement.markEnd': {
    label: 'End the new statement at the playhead (makes it)',
    group: 'Statements',
    shortcuts: [']'],
  },
  'statement.startToPlayhead': {
    label: 'Move the selected statement’s start to the playhead',
    group: 'Statements',
    shortcuts: ['Shift+['],
  },
  'statement.endToPlayhead': {
    label: 'Move the selected statement’s end to the playhead',
    group: 'Statements',
    shortcuts: ['Shift+]'],
  },
  'edge.nudgeBack': {
    label: 'Nudge the selected edge 0.1 s earlier',
    group: 'Statements',
    shortcuts: ['Alt+ArrowLeft'],
  },
  'edge.nudgeForward': {
    label: 'Nudge the selected edge 0.1 s later',
    group: 'Statements',
    shortcuts: ['Alt+ArrowRight'],
  },
  'edge.nudgeBackMore': {
    label: 'Nudge the selected edge 1 s earlier',
    group: 'Statements',
    shortcuts: ['Shift+Alt+ArrowLeft'],
  },
  'edge.nudgeForwardMore': {
    label: 'Nudge the selected edge 1 s later',
    group: 'Statements',
    shortcuts: ['Shift+Alt+ArrowRight'],
  },
  'selection.delete': {
    label: 'Delete the selected statement or highlight',
    group: 'Statements',
    shortcuts: ['Delete', 'Backspace'],
  },
  'chapter.split': {
    label: 'Split the chapter at the playhead',
    group: 'Chapters',
    shortcuts: ['C'],
  },
  'chapter.mergeNext': {
    label: 'Merge the selected chapter with the next',
    group: 'Chapters',
    shortcuts: ['M'],
  },
  'evidence.cite': {
    label:
      'Cite the statement or transcript words selected last as evidence of the focused score, why or highlight',
    group: 'Edit',
    shortcuts: ['Shift+Mod+E'],
    menu: { menu: 'Edit', label: 'Cite as Evidence' },
    inFields: true,
  },
  'highlight.set': {
    label: 'Highlight at the playhead (then the dimension’s number)',
    group: 'Highlights',
    shortcuts: ['H'],
  },
  'review.next': { label: 'Next unreviewed item', group: 'Review', shortcuts: ['N'] },
  'review.play': {
    label: 'Play the selected item: a statement’s span, 10 s around a highlight, a chapter’s first 15 s',
    group: 'Review',
    shortcuts: ['Shift+P'],
  },
  'review.autoPlay': {
    label: 'Play the next item by itself after A or X (again: stop)',
    group: 'Review',
  },
  'analyses.compare': {
    label: 'Compare the analyses of this episode: agreement per dimension, scores along the timeline',
    group: 'Review',
  },
  'review.byDisagreement': {
    label: 'Review the largest disagreement with the machine first (again: the episode’s order)',
    group: 'Review',
  },
  'review.showTab': { label: 'Show the Review tab', group: 'Review', shortcuts: ['R'] },
  'review.accept': {
    label: 'Accept the selected item, then go to the next',
    group: 'Review',
    shortcuts: ['A'],
  },
  'review.reject': {
    label: 'Reject (delete) the selected machine item, then go to the next',
    group: 'Review',
    shortcuts: ['X'],
  },
  'review.blind': {
    label: 'Score blind: hide the machine’s scores until you have scored each (again: show them)',
    group: 'Review',
    shortcuts: ['B'],
  },
  'review.reveal': {
    label: 'Reveal the machine’s scores of the selected chapter while scoring blind',
    group: 'Review',
  },
  'file.desk': {
    label: 'Desk: sync this library with the desk’s shared catalogue',
    group: 'File',
    menu: { menu: 'File', label: 'Desk…', separatorBefore: true },
  },
  'help.shortcuts': {
    label: 'Keyboard shortcuts',
    group: 'Help',
    shortcuts: ['?'],
    menu: { menu: 'Help', label: 'Keyboard Shortcuts' },
  },
  'codebook.definition': {
    label: 'The focused score’s dimension in the codebook: its definition and what each score means',
    group: 'Chapters',
    shortcuts: ['D'],
    menu: { menu: 'Help', label: 'Definition of the Focused Dimension' },
  },
  'codebook.addAnchor': {
    label:
      'Add the focused score, else the selected statement, else the transcript words selected last, as an anchor of the show’s codebook',
    group: 'Edit',
    shortcuts: ['Shift+D'],
    menu: { menu: 'Edit', label: 'Add as Codebook Anchor…' },
  },
  'help.restoreBackup': {
    label: 'Restore from a backup',
    group: 'Help',
    menu: { menu: 'Help', label: 'Restore from Backup…' },
  },
} as const satisfies Record<string, CommandDeclaration>

export type CommandId = keyof typeof COMMANDS

export const isCommandId = (name: string): name is CommandId => Object.hasOwn(COMMANDS, name)

export const commandDeclaration = (id: CommandId): CommandDeclaration => COMMANDS[id]

/** The commands the library carries out; the episode screen hands them back to it. */
export const LIBRARY_COMMANDS = [
  'file.new',
  'file.open',
  'file.desk',
  'help.restoreBackup',
] as const satisfies CommandId[]
export type LibraryCommand = (typeof LIBRARY_COMMANDS)[number]
export const isLibraryCommand = (id: string): id is LibraryCommand =>
  (LIBRARY_COMMANDS as readonly string[]).includes(id)

export interface Chord {
  key: string
  mod: boolean
  shift: boolean
  alt: boolean
}

export function parseChord(spec: string): Chord {
  const parts = spec.length === 1 ? [spec] : spec.split('+')
  const key = parts[parts.length - 1] ?? ''
  return {
    key: key === 'Space' ? ' ' : key === 'Plus' ? '+' : key,
    mod: parts.includes('Mod'),
    shift: parts.includes('Shift'),
    alt: parts.includes('Alt'),
  }
}

const KEY_NAMES: Record<string, string> = {
  ' ': 'Space',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Delete: 'Del',
  Escape: 'Esc',
}

/** A shortcut as the platform writes it: `Ctrl+Z`, `Shift+Alt+←` elsewhere; `⌘Z`, `⇧⌥←` on macOS. */
export function formatShortcut(spec: string, mac: boolean): string {
  const chord = parseChord(spec)
  const key = KEY_NAMES[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key)
  if (mac) return [chord.shift && '⇧', chord.alt && '⌥', chord.mod && '⌘', key].filter(Boolean).join('')
  return [chord.shift && 'Shift', chord.alt && 'Alt', chord.mod && 'Ctrl', key].filter(Boolean).join('+')
}

const ACCELERATOR_KEYS: Record<string, string> = {
  ' ': 'Space',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  '+': 'Plus',
  Escape: 'Esc',
}

/** The shortcut as an Electron accelerator (`CmdOrCtrl+Z`). */
export function accelerator(spec: string): string {
  const chord = parseChord(spec)
  const key = ACCELERATOR_KEYS[chord.key] ?? chord.key
  return [chord.shift && 'Shift', chord.alt && 'Alt', chord.mod && 'CmdOrCtrl', key].filter(Boolean).join('+')
}

export interface MenuEntry {
  id: CommandId
  label: string
  /** The first shortcut, as an accelerator; registered with the system only when it holds Mod. */
  accelerator?: string
  /** A plain key stays the page's: the system must not take it from a text field. */
  registerAccelerator: boolean
  separatorBefore: boolean
}

export type MenuItemDeclaration =
  MenuEntry | { submenu: string; separatorBefore: boolean; items: MenuEntry[] }

/** A menu's items in declaration order, submenus where their first item stands. */
export function menuItems(menu: MenuName): MenuItemDeclaration[] {
  const items: MenuItemDeclaration[] = []
  const submenus = new Map<string, MenuEntry[]>()
  for (const [id, raw] of Object.entries(COMMANDS) as [CommandId, CommandDeclaration][]) {
    if (raw.menu?.menu !== menu) continue
    const first = raw.shortcuts?.[0]
    const entry: MenuEntry = {
      id,
      label: raw.menu.label ?? raw.label,
      ...(first !== undefined && { accelerator: accelerator(first) }),
      registerAccelerator: first !== undefined && parseChord(first).mod,
      separatorBefore: raw.menu.submenu === undefined && raw.menu.separatorBefore === true,
    }
    const name = raw.menu.submenu
    if (name === undefined) {
      items.push(entry)
      continue
    }
    const list = submenus.get(name)
    if (list) list.push(entry)
    else {
      const created = [entry]
      submenus.set(name, created)
      items.push({ submenu: name, separatorBefore: raw.menu.separatorBefore === true, items: created })
    }
  }
  return items
}
