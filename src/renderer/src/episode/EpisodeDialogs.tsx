import { AnchorDialog } from './codebook/AnchorDialog'
import { useState } from 'react'
import type { CommandId } from '../../../shared/commands'
import type { EpisodeView } from '../../../shared/contract'
import { findProblems, type Problem } from '../../../shared/problems'
import { ShortcutSheet } from '../commands/ShortcutSheet'
import { DeskSubmitDialog } from '../desk/DeskSubmitDialog'
import { DefinitionDialog } from './codebook/DefinitionDialog'
import { KeepCopyOffer } from './KeepCopyOffer'
import type { EpisodeViewState } from './useEpisodeView'
import { HighlightPicker } from './highlights/HighlightPicker'
import { PublishProblemsDialog } from './PublishProblemsDialog'
import { ReplaceEditsDialog } from './ReplaceEditsDialog'
import type { TranscriptImport } from './useTranscriptImport'
import { FeedTagsDialog } from './publish/FeedTagsDialog'
import { PublishSiteDialog, siteExportNotice } from './publish/PublishSiteDialog'
import { ReviewerDialog } from './review/ReviewerDialog'
import type { Reviewer } from './review/useReviewer'
import { SpeakerDialog } from './SpeakerDialog'
import type { EditorScreenState } from './useEditorContext'

/**
 * The episode screen's dialogs: shortcuts, a dimension's definition, the highlight's dimension, speakers,
 * replacing corrected words, and the Publish refusal.
 */
export function EpisodeDialogs(props: {
  id: string
  view: EpisodeView
  screen: Pick<EditorScreenState, 'dialog' | 'closeDialog' | 'labelOf' | 'context'>
  commands: readonly CommandId[]
  highlightAt: () => number
  episode: Pick<EpisodeViewState, 'edit' | 'pulled' | 'dismissPulled'>
  /** A transcript import that would replace corrections made, asking first. */
  transcriptImport: Pick<TranscriptImport, 'replacing' | 'replace' | 'cancel'>
  /** The core's refusal of Publish, shown with what blocks publishing in the view. */
  refusal: string | null
  closeRefusal: () => void
  reviewer: Reviewer
  goToProblem: (problem: Problem) => void
}): React.JSX.Element {
  const { id, view, episode } = props
  const { edit } = episode
  const { dialog, closeDialog: close, labelOf, context } = props.screen
  const notify = (notice: string): void => context?.notify(notice)
  // The mapping is asked for once per imported transcript; "Later" leaves it for the Speakers… button.
  const [askedForRev, setAskedForRev] = useState<string | null>(null)
  const needsMapping =
    !view.transcript.speakersMapped &&
    view.participants.some((p) => p.segmentCount > 0) &&
    askedForRev !== view.transcript.rev
  const closeSpeakers = (): void => {
    if (dialog === 'speakers') close()
    setAskedForRev(view.transcript.rev)
  }
  return (
    <>
      {dialog === 'shortcuts' && (
        <ShortcutSheet commands={props.commands} labelOf={labelOf} onClose={close} />
      )}
      {dialog === 'definition' && <DefinitionDialog view={view} onClose={close} />}
      {dialog === 'anchor' && <AnchorDialog view={view} onClose={close} notify={notify} />}
      {dialog === 'highlight' && (
        <HighlightPicker
          dimensions={view.rubric.dimensions}
          at={props.highlightAt()}
          onPick={(dimension) => {
            close()
            void edit('highlights.set', { id, dimension, time: props.highlightAt() })
          }}
          onClose={close}
        />
      )}
      {(dialog === 'speakers' || needsMapping) && (
        <SpeakerDialog
          participants={view.participants}
          title={view.summary.title}
          propose={!view.transcript.speakersMapped}
          onApply={(speakers) => {
            closeSpeakers()
            void edit('participants.mapSpeakers', { id, speakers })
          }}
          onClose={closeSpeakers}
        />
      )}
      {dialog === 'site' && (
        <PublishSiteDialog id={id} onDone={(site) => notify(siteExportNotice(site))} onClose={close} />
      )}
      {dialog === 'deskSubmit' && context?.assignment && (
        <DeskSubmitDialog
          id={id}
          assignment={context.assignment}
          problems={findProblems(view).filter((p) => p.severity === 'error')}
          labels={new Map(view.rubric.dimensions.map((d) => [d.key, d.label]))}
          onGo={props.goToProblem}
          onClose={close}
        />
      )}
      {dialog === 'feedTags' && <FeedTagsDialog id={id} edit={edit} onDone={notify} onClose={close} />}
      {props.transcriptImport.replacing && (
        <ReplaceEditsDialog
          fileName={props.transcriptImport.replacing.file.name}
          edited={props.transcriptImport.replacing.edited}
          onReplace={props.transcriptImport.replace}
          onCancel={props.transcriptImport.cancel}
        />
      )}
      {props.reviewer.asking && (
        <ReviewerDialog
          onAnswer={(name) => void props.reviewer.answer(name)}
          onClose={props.reviewer.cancel}
        />
      )}
      {episode.pulled && <KeepCopyOffer id={id} onClose={episode.dismissPulled} />}
      {props.refusal && (
        <PublishProblemsDialog
          refusal={{
            message: props.refusal,
            problems: findProblems(view).filter((p) => p.severity === 'error'),
          }}
          onGo={props.goToProblem}
          onClose={props.closeRefusal}
        />
      )}
    </>
  )
}
