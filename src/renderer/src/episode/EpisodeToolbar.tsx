import { COMMANDS, type CommandId } from '../../../shared/commands'
import type { EpisodeView } from '../../../shared/contract'
import { formatClock } from '../../../shared/time'
import { titleWithShortcut } from '../commands/shortcuts'
import type { ChosenFile } from '../platform'
import { AnalysisSwitcher } from './AnalysisSwitcher'
import type { EditorScreenState } from './useEditorContext'
import { BlindToggle } from './blind/BlindToggle'
import { ExportMenu } from './ExportMenu'
import type { ExportChoice } from './exportFile'
import { ImportTranscriptButton } from './ImportTranscriptButton'
import { ReviewStatusBadge } from './ReviewStatusBadge'
import { TitleField } from './TitleField'
import { canSubmit, STATE_WORDS } from '../desk/workWords'

/** A toolbar button for a declared command: its title says the label and the shortcut, as the platform writes it. */
export function CommandButton(props: {
  id: CommandId
  run: (id: CommandId) => void
  enabled?: boolean
  /** The label as it reads now, when it differs from the declared one. */
  label?: string
  children: React.ReactNode
  ariaLabel?: string
}): React.JSX.Element {
  const label = props.label ?? COMMANDS[props.id].label
  return (
    <button
      type="button"
      onClick={() => props.run(props.id)}
      disabled={props.enabled === false}
      title={titleWithShortcut(label, props.id)}
      aria-label={props.ariaLabel}
    >
      {props.children}
    </button>
  )
}

const HISTORY_BUTTONS = [
  { id: 'edit.undo', word: 'Undo', can: 'canUndo', label: 'undoLabel' },
  { id: 'edit.redo', word: 'Redo', can: 'canRedo', label: 'redoLabel' },
] as const

/** The episode's bar: back to the library, its title, undo and redo, import, shortcuts, export and publish. */
export function EpisodeToolbar(props: {
  view: EpisodeView
  /** Runs a command; whether one can run now (one that cannot for this episode, Compare, is left out); the episode's analyses. */
  screen: Pick<EditorScreenState, 'run' | 'enabled' | 'analyses' | 'assignment'>
  onClose: () => void
  onRename: (title: string) => void
  /** Counts refused edits: the title field goes back to the saved title after one. */
  refusals: number
  onImport: (file: ChosenFile) => void
  onError: (message: string) => void
  onExport: (choice: ExportChoice) => void
}): React.JSX.Element {
  const { view } = props
  const { run, enabled, analyses, assignment } = props.screen
  const { summary, history } = view
  const meta = [summary.show, summary.publishedOn, formatClock(summary.durationSeconds)]
    .filter(Boolean)
    .join(' · ')
  return (
    <header className="bar">
      <button type="button" onClick={props.onClose} aria-label="Back to the library">
        ← Library
      </button>
      <TitleField
        key={`${summary.title}:${props.refusals}`}
        title={summary.title}
        onCommit={props.onRename}
      />
      {/* Cut to one line where the bar is narrow: whole on hover. */}
      <span className="meta" title={meta}>
        {meta}
      </span>
      <ReviewStatusBadge status={summary.reviewStatus} />
      <BlindToggle view={view} run={run} />
      <AnalysisSwitcher id={summary.id} analyses={analyses} />
      <span className="spacer" />
      {HISTORY_BUTTONS.map(({ id, word, can, label }) => (
        <CommandButton
          key={id}
          id={id}
          run={run}
          enabled={history[can]}
          label={history[label] ? `${word} ${history[label]}` : `Nothing to ${word.toLowerCase()}`}
        >
          {word}
        </CommandButton>
      ))}
      {enabled('analyses.compare') && (
        <CommandButton id="analyses.compare" run={run}>
          Compare analyses…
        </CommandButton>
      )}
      <ImportTranscriptButton onChosen={props.onImport} onError={props.onError} />
      <CommandButton id="help.shortcuts" run={run} ariaLabel="Keyboard shortcuts">
        ?
      </CommandButton>
      <ExportMenu hasTranscript={view.transcript.segmentCount > 0} onExport={props.onExport} run={run} />
      {/* One of one's desk assignments is finished by submitting it to the lead, who publishes (Publish
          stays in the File menu); once submitted the button says where the work stands. */}
      {assignment ? (
        <CommandButton id="desk.submit" run={run} enabled={canSubmit(assignment.state)}>
          {canSubmit(assignment.state) ? 'Submit to the desk…' : `Desk: ${STATE_WORDS[assignment.state]}`}
        </CommandButton>
      ) : (
        <CommandButton id="file.publish" run={run}>
          Publish…
        </CommandButton>
      )}
    </header>
  )
}
