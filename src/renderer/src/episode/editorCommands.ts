import type { CommandId } from '../../../shared/commands'
import type { CommandHandler, CommandHandlers } from '../commands/commandRegistry'
import type { EpisodeView } from '../../../shared/contract'
import { formatClock } from '../../../shared/time'
import type { EditorContext } from './editorContext'
import { tabBeside } from './editorTabOrder'
import { REVIEW_COMMANDS } from './review/reviewCommands'
import { snapEdgeToWords } from './spans/playheadSnap'
import { focusStatementTitle } from './statements/focusStatementTitle'
import { TRANSCRIPT_SELECTION_COMMANDS } from './statements/transcriptSelectionCommands'
import { lastCitable } from './evidence/citeSource'
import { evidenceIn, focusedCiteTarget, sameItem } from './evidence/citeTarget'
import { citedInWords } from './evidence/citedInWords'
import { shortcutOf } from '../commands/shortcuts'
import { ZOOM_STEP } from './waveformZoom'
import { canSubmit, STATE_WORDS } from '../desk/workWords'
import { CODEBOOK_COMMANDS } from './codebook/codebookCommands'

type Handler = CommandHandler<EditorContext, EpisodeView>

const selectedStatement = (c: EditorContext): EditorContext['view']['statements'][number] | null =>
  c.selection?.kind === 'statement' ? (c.view.statements.find((s) => s.id === c.selection?.id) ?? null) : null

const seekBy = (seconds: number): Handler => ({
  perform: (c) => c.playback.seek(c.playback.now() + seconds),
})

const exporting = (choice: Parameters<EditorContext['exportAs']>[0]): Handler => ({
  perform: (c) => c.exportAs(choice),
})

const nudging = (seconds: number): Handler => ({
  enabled: (c) => c.selection?.kind === 'statement' || c.selection?.kind === 'chapter',
  perform: (c) => c.nudge(seconds),
})

/** The playhead as an edge set from it: on a word boundary, as a drag leaves an edge. */
const edgeAtPlayhead = (c: EditorContext, edge: 'start' | 'end'): number =>
  snapEdgeToWords(c.snap, c.playback.now(), edge)

/** Moves the selected statement's edge to the playhead: only ever an explicit, selected statement. */
const edgeToPlayhead = (edge: 'start' | 'end'): Handler => ({
  perform: (c) => {
    const statement = selectedStatement(c)
    if (!statement) return c.notify(`Select a statement to move its ${edge} to the playhead`)
    void c.edit('statements.update', {
      id: c.id,
      statementId: statement.id,
      patch: { [edge]: edgeAtPlayhead(c, edge) },
    })
  },
})

/**
 * What every editor command does, by its declared id (src/shared/commands.ts has its label and keys).
 * The keys, the native menu, the toolbar and the shortcut sheet all dispatch through this map.
 */
export const EDITOR_COMMANDS: CommandHandlers<EditorContext, EpisodeView> = {
  'playback.toggle': { perform: (c) => c.playback.togglePlay() },
  'playback.goTo': { perform: (c) => c.open('goTo') },
  'seek.back': seekBy(-5),
  'seek.forward': seekBy(5),
  'seek.backSmall': seekBy(-1),
  'seek.forwardSmall': seekBy(1),
  'seek.start': { perform: (c) => c.playback.seek(0) },
  'seek.end': { perform: (c) => c.playback.seek(c.view.summary.durationSeconds) },
  'statement.loop': {
    perform: (c) => {
      if (c.playback.loop) return c.playback.setLoop(null)
      const statement = selectedStatement(c)
      if (!statement) return c.notify('Select a statement to loop it')
      c.playback.playSpan({ start: statement.start, end: statement.end })
    },
  },
  'edge.audition': {
    perform: (c) => {
      const statement = selectedStatement(c)
      const duration = c.view.summary.durationSeconds
      if (statement)
        return c.playback.playSpan({
          start: Math.max(0, statement.start - 1),
          end: Math.min(duration, statement.end + 1),
          once: true,
        })
      const chapter =
        c.selection?.kind === 'chapter' ? c.view.chapters.find((ch) => ch.id === c.selection?.id) : null
      if (!chapter) return c.notify('Select a statement or a chapter to audition its edge')
      const edge = chapter.start > 0 ? chapter.start : chapter.end
      c.playback.playSpan({ start: Math.max(0, edge - 1), end: Math.min(duration, edge + 1), once: true })
    },
  },
  'zoom.in': { perform: (c) => c.waveform.current?.zoomBy(ZOOM_STEP) },
  'zoom.out': { perform: (c) => c.waveform.current?.zoomBy(1 / ZOOM_STEP) },
  'transcript.search': { perform: (c) => c.transcript.current?.focusSearch() },
  'transcript.nextMatch': { perform: (c) => c.transcript.current?.stepMatch(1) },
  'transcript.previousMatch': { perform: (c) => c.transcript.current?.stepMatch(-1) },
  'selection.clear': {
    perform: (c) => {
      c.select(null)
      if (c.pendingStart !== null) c.notify(null)
      c.setPendingStart(null)
    },
  },
  'edit.undo': {
    enabled: (c) => c.view.history.canUndo,
    label: (view) => (view.history.undoLabel ? `Undo ${view.history.undoLabel}` : 'Undo'),
    perform: (c) => void c.edit('history.undo', { id: c.id }),
  },
  'edit.redo': {
    enabled: (c) => c.view.history.canRedo,
    label: (view) => (view.history.redoLabel ? `Redo ${view.history.redoLabel}` : 'Redo'),
    perform: (c) => void c.edit('history.redo', { id: c.id }),
  },
  // `[` and `]` only ever make a new statement; moving an existing one's edge is Shift+[ / Shift+].
  'statement.markStart': {
    perform: (c) => {
      const at = edgeAtPlayhead(c, 'start')
      c.select(null)
      c.setPendingStart(at)
      c.notify(`New statement starts at ${formatClock(at)}; press ] at its end (Escape drops it)`)
    },
  },
  'statement.markEnd': {
    perform: (c) => {
      if (c.pendingStart === null) return c.notify('Press [ at the start of the new statement first')
      // Marked backwards (`]` before the start), the playhead is the start: snapped as one.
      const backwards = c.playback.now() < c.pendingStart
      const snapped = edgeAtPlayhead(c, backwards ? 'start' : 'end')
      // Both ends in one pause would snap past each other (the start on, the end back): the playhead
      // then stands as pressed rather than making nothing.
      const crossed = backwards ? snapped >= c.pendingStart : snapped <= c.pendingStart
      const at = crossed ? c.playback.now() : snapped
      const [start, end] = backwards ? [at, c.pendingStart] : [c.pendingStart, at]
      c.setPendingStart(null)
      c.notify(null)
      void c.edit('statements.create', { id: c.id, start, end }).then((r) => {
        if (!r) return
        c.select({ kind: 'statement', id: r.statementId })
        focusStatementTitle(r.statementId)
      })
    },
  },
  'statement.startToPlayhead': edgeToPlayhead('start'),
  'statement.endToPlayhead': edgeToPlayhead('end'),
  'edge.nudgeBack': nudging(-0.1),
  'edge.nudgeForward': nudging(0.1),
  'edge.nudgeBackMore': nudging(-1),
  'edge.nudgeForwardMore': nudging(1),
  'selection.delete': {
    perform: (c) => {
      const { selection } = c
      if (selection?.kind === 'statement')
        void c.edit('statements.delete', { id: c.id, statementId: selection.id })
      else if (selection?.kind === 'highlight')
        void c.edit('highlights.delete', { id: c.id, highlightId: selection.id })
      c.select(null)
    },
  },
  'chapter.split': {
    perform: (c) =>
      void c.edit('chapters.split', { id: c.id, at: c.playback.now() }).then((r) => {
        if (r) c.select({ kind: 'chapter', id: r.chapterId })
      }),
  },
  'chapter.mergeNext': {
    perform: (c) => {
      if (c.selection?.kind === 'chapter')
        void c.edit('chapters.mergeNext', { id: c.id, chapterId: c.selection.id })
      else c.notify('Select a chapter to merge it with the next')
    },
  },
  'highlight.set': { perform: (c) => c.open('highlight') },
  'evidence.cite': {
    perform: (c) => {
      const target = focusedCiteTarget()
      if (!target)
        return c.notify(
          `Focus a score, a why or a highlight, then ${shortcutOf('evidence.cite')} cites what you selected last`,
        )
      const item = lastCitable(c.id)
      if (!item)
        return c.notify('Select a statement, or words in the transcript, first: that is what gets cited')
      const current = evidenceIn(c.view, target)
      if (current.some((e) => sameItem(e, item))) return c.notify('Already cited there')
      const { view } = c
      void c.edit('evidence.set', { id: c.id, target, evidence: [...current, item] }).then((done) => {
        if (done) c.notify(citedInWords(view, target, item))
      })
    },
  },
  ...REVIEW_COMMANDS,
  'view.nextPanel': { perform: (c) => c.showTab((shown) => tabBeside(shown, 1)) },
  'view.previousPanel': { perform: (c) => c.showTab((shown) => tabBeside(shown, -1)) },
  'file.importTranscript': { perform: (c) => c.importTranscript() },
  'file.export': exporting('episode'),
  'file.exportTranscript.vtt': exporting('vtt'),
  'file.exportTranscript.srt': exporting('srt'),
  'file.exportTranscript.podcast-json': exporting('podcast-json'),
  'file.export.html': exporting('html'),
  'file.export.site': { perform: (c) => c.open('site') },
  'file.export.podcast-item': { perform: (c) => c.open('feedTags') },
  'file.export.chapters': exporting('chapters'),
  'file.export.youtube': exporting('youtube'),
  'file.export.vtt-chapters': exporting('vtt-chapters'),
  'file.export.csv': exporting('csv'),
  'file.publish': exporting('publish'),
  // For one's own open desk assignment; the native menu cannot be greyed out per analysis, so chosen
  // elsewhere it says why not (the toolbar shows the button only on an assignment, off once submitted).
  'desk.submit': {
    perform: (c) => {
      const { assignment } = c
      if (!assignment)
        return c.notify('Submit to the desk is for your desk assignments; My queue in the library lists them')
      if (!canSubmit(assignment.state))
        return c.notify(`Already ${STATE_WORDS[assignment.state]}: it is the lead’s until they send it back`)
      c.open('deskSubmit')
    },
  },
  'help.shortcuts': { perform: (c) => c.open('shortcuts') },
  ...CODEBOOK_COMMANDS,
}

/** Every command of the episode screen, for its shortcut sheet: the editor's and the transcript selection's. */
export const EDITOR_COMMAND_IDS = [
  ...Object.keys(EDITOR_COMMANDS),
  ...Object.keys(TRANSCRIPT_SELECTION_COMMANDS),
] as CommandId[]

/** What a right click on the waveform offers: the commands that act at the playhead or on the selection. */
export const WAVEFORM_MENU: readonly CommandId[] = [
  'playback.toggle',
  'playback.goTo',
  'statement.markStart',
  'statement.markEnd',
  'statement.startToPlayhead',
  'statement.endToPlayhead',
  'edge.audition',
  'chapter.split',
  'chapter.mergeNext',
  'highlight.set',
  'codebook.addAnchor',
  'selection.delete',
  'edit.undo',
  'edit.redo',
]
