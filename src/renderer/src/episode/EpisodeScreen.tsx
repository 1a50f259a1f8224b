import { useCallback, useMemo, useRef, useState } from 'react'
import { isLibraryCommand, type CommandId, type LibraryCommand } from '../../../shared/commands'
import { WithCommandMenu } from '../commands/CommandMenu'
import { useCommandKeys } from '../commands/commandRegistry'
import { call, platform } from '../platform'
import { AnalysisCodebookProvider } from './codebook/AnalysisCodebook'
import { CodebookBanner } from './codebook/CodebookBanner'
import { useMenuCommand } from '../useMenuCommand'
import { EDITOR_COMMAND_IDS, EDITOR_COMMANDS, WAVEFORM_MENU } from './editorCommands'
import { EditorTabs, tabOfItem, type EditorTabId } from './EditorTabs'
import type { EditorPanelProps, Selection } from './editorPanelProps'
import { EpisodeDialogs } from './EpisodeDialogs'
import { EpisodeOpening } from './EpisodeOpening'
import { EpisodeToolbar } from './EpisodeToolbar'
import { PlayerStage } from './PlayerStage'
import { FirstRunHint } from './FirstRunHint'
import { usePreferences } from '../usePreferences'
import { KeyHints } from './KeyHints'
import { Transport } from './playback/Transport'
import { usePlayback } from './playback/usePlayback'
import { useSeekOnOpen } from './playback/useSeekOnOpen'
import { useReviewer } from './review/useReviewer'
import { useReviewFlow } from './review/useReviewFlow'
import { hidesUnseen, newCardFold, type CardFold } from './review/cardFold'
import { underReview } from './review/underReview'
import { selectedItem } from './review/selectedItem'
import { useSnapTargets } from './spans/useSnapTargets'
import { MakeStatementFromSelection } from './statements/MakeStatementFromSelection'
import { TranscriptPanel, type TranscriptPanelHandle } from './transcript/TranscriptPanel'
import { useTranscript } from './transcript/useTranscript'
import { useEditorContext } from './useEditorContext'
import { useEpisodeView } from './useEpisodeView'
import { useTranscriptImport } from './useTranscriptImport'
import { useExports } from './useExports'
import { useMediaFault } from './useMediaFault'
import { useMediaLoads } from './useMediaLoads'
import { usePeaks } from './usePeaks'
import type { WaveformController } from './Waveform'
import { WaveformPanel } from './WaveformPanel'
import { StatusLine } from '../StatusLine'
import { goToProblem } from './problems/goToProblem'

export function EpisodeScreen({
  id,
  open,
  onClose,
}: {
  id: string
  /** Where the playhead starts (another screen sent the editor to a moment; null: at the start), what is selected. */
  open: { at: number | null; item: Selection }
  /** Back to the library, with the menu command that asked for it (File > New or Open), if any. */
  onClose: (command?: LibraryCommand) => void
}): React.JSX.Element {
  const episode = useEpisodeView(id)
  const { view, error, notice, edit, setView, reportError, setNotice } = episode
  const playback = usePlayback(view?.summary.durationSeconds ?? 0, reportError)
  const [selection, setSelection] = useState<Selection>(open.item)
  const [tab, setTab] = useState<EditorTabId>(tabOfItem(open.item))
  // The Publish refusal, shown with the problems that block publishing.
  const [refusal, setRefusal] = useState<string | null>(null)
  // Asked for at once, beside the episode itself: the waveform need not wait for the page to settle.
  const peaks = usePeaks(id)
  // Asked for before the episode: the larger answer travels while the core builds the episode's view.
  const transcript = useTranscript(id, view?.transcript.rev ?? null, reportError)
  const mediaLoads = useMediaLoads(
    peaks.state.kind !== 'asking',
    view !== null && (transcript !== null || view.transcript.segmentCount === 0 || error !== null),
  )
  useMediaFault(playback.media, id, setView, reportError)
  useSeekOnOpen(open.at, view !== null, playback)

  const { preferences, keep } = usePreferences(reportError)
  const autoPlay = preferences?.playNextAfterDecision ?? false
  const setAutoPlay = useCallback((on: boolean) => keep({ playNextAfterDecision: on }), [keep])
  const reviewer = useReviewer(reportError)
  // One object for the screen's life, written by the card as it scrolls and read by A.
  const [cardFold] = useState<CardFold>(newCardFold)
  const review = useReviewFlow({
    id,
    view,
    selection,
    select: setSelection,
    seek: playback.seek,
    autoPlay: autoPlay ? playback : null,
    edit,
    ensureReviewer: reviewer.ensure,
    reviewerKnown: reviewer.name !== null,
    hidesUnseen: (key) => hidesUnseen(cardFold, key),
  })
  const exportFile = useExports(id, edit, {
    notify: setNotice,
    error: reportError,
    // A refusal lists what blocks publishing, from the episode as the core has it now.
    refused: (message) => {
      void call('episodes.open', { id }).then(setView, () => undefined)
      setRefusal(message)
    },
  })
  const transcriptImport = useTranscriptImport(id, view, edit, setNotice, reportError)
  const waveform = useRef<WaveformController | null>(null)
  const transcriptPanel = useRef<TranscriptPanelHandle | null>(null)
  const snaps = useSnapTargets(transcript)
  const screen = useEditorContext({
    snap: snaps.keys,
    showTab: setTab,
    autoPlay,
    setAutoPlay,
    waveform,
    transcript: transcriptPanel,
    id,
    episode,
    playback,
    review,
    selection,
    select: setSelection,
    exportAs: (choice) => void exportFile(choice),
    importTranscript: transcriptImport.importTranscript,
  })
  useCommandKeys(EDITOR_COMMANDS, screen.context)
  useMenuCommand((command) => {
    if (isLibraryCommand(command)) onClose(command)
    else screen.run(command as CommandId)
  })

  const { time, seek, setMedia, playSpan } = playback
  const { refusals } = episode
  const panelProps: EditorPanelProps | null = useMemo(
    () =>
      view
        ? { episodeId: id, view, time, seek, edit, selection, select: setSelection, refusals, playSpan }
        : null,
    [id, view, time, seek, edit, selection, refusals, playSpan],
  )
  // The first-run hint is laid out with the rest, not after it: the screen waits for whether to show it.
  if (!view || !panelProps || !preferences) return <EpisodeOpening id={id} error={error} onClose={onClose} />
  const reviewing = underReview(view, selection, { tabOpen: tab === 'review' })
  const reviewed = reviewing ? selectedItem(view, selection) : null

  return (
    <AnalysisCodebookProvider id={id} view={view}>
      <main className="episode">
        <EpisodeToolbar
          view={view}
          screen={screen}
          onClose={() => onClose()}
          onRename={(title) => void edit('episodes.update', { id, patch: { title } })}
          refusals={refusals}
          onImport={transcriptImport.importTranscript}
          onError={reportError}
          onExport={(choice) => void exportFile(choice)}
        />
        <CodebookBanner id={id} view={view} edit={edit} notify={setNotice} />
        <div className="workspace">
          <div className="player-column">
            {!preferences.firstRunHintSeen && (
              <FirstRunHint onClose={() => keep({ firstRunHintSeen: true })} />
            )}
            <PlayerStage
              episodeId={id}
              view={view}
              edit={edit}
              notices={{ notify: setNotice, error: reportError }}
              setMedia={setMedia}
              mediaSrc={mediaLoads ? platform.mediaUrl(id) : undefined}
              playerHeight={{ kept: preferences.playerHeight, keep: (h) => keep({ playerHeight: h }) }}
              review={reviewing ? { ...panelProps, run: screen.run, autoPlay, review, fold: cardFold } : null}
            />
            <WithCommandMenu
              commands={WAVEFORM_MENU}
              enabled={screen.enabled}
              labelOf={screen.labelOf}
              run={screen.run}
            >
              {playback.media && view.media?.available && !view.media.changed && (
                <WaveformPanel
                  key={`waveform-${view.media.fileName}`}
                  peaks={peaks}
                  media={playback.media}
                  duration={view.summary.durationSeconds}
                  time={time}
                  follow={playback.follow}
                  chapters={view.chapters}
                  statements={view.statements}
                  controller={waveform}
                  editor={panelProps}
                  pendingStart={screen.pendingStart}
                  loop={playback.loop}
                  snap={snaps.drag}
                />
              )}
            </WithCommandMenu>
            <Transport
              playback={playback}
              duration={view.summary.durationSeconds}
              run={screen.run}
              goTo={{
                editing: screen.dialog === 'goTo',
                setEditing: (editing) => (editing ? screen.run('playback.goTo') : screen.closeDialog()),
              }}
              hints={
                <KeyHints
                  pendingStart={screen.pendingStart}
                  queueLength={review.queue.length}
                  loop={playback.loop}
                />
              }
            />
            <EditorTabs {...panelProps} tab={tab} onTab={setTab} />
          </div>
          <TranscriptPanel
            ref={transcriptPanel}
            transcript={transcript}
            participants={view.participants}
            statements={view.statements}
            underReview={reviewed?.kind === 'statement' ? reviewed.item : null}
            time={time}
            onSeek={seek}
            onEditText={(segmentId, text) => void edit('transcript.editSegment', { id, segmentId, text })}
            onOpenSpeakers={() => screen.open('speakers')}
          />
        </div>
        <MakeStatementFromSelection transcript={transcript} editor={panelProps} />
        <EpisodeDialogs
          id={id}
          view={view}
          screen={screen}
          commands={EDITOR_COMMAND_IDS}
          highlightAt={playback.now}
          episode={episode}
          transcriptImport={transcriptImport}
          refusal={refusal}
          closeRefusal={() => setRefusal(null)}
          reviewer={reviewer}
          goToProblem={(p) =>
            goToProblem(p, { select: setSelection, seek, showTab: setTab, waveform: waveform.current })
          }
        />
        <StatusLine
          error={error}
          notice={notice}
          noticeStays={episode.noticeStays}
          dismissError={episode.dismissError}
          dismissNotice={() => setNotice(null)}
        />
      </main>
    </AnalysisCodebookProvider>
  )
}
