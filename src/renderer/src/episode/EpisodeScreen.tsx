import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { isLibraryCommand, type CommandId, type LibraryCommand } from '../../../shared/commands'
import { findProblems } from '../../../shared/problems'
import { WithCommandMenu } from '../commands/CommandMenu'
import { useCommandKeys } from '../commands/commandRegistry'
import { call, platform, type ChosenFile } from '../platform'
import { transcriptImportMessage } from '../../../shared/transcriptImportMessage'
import { ReplaceEditsDialog } from './ReplaceEditsDialog'
import { useMenuCommand } from '../useMenuCommand'
import { EDITOR_COMMAND_IDS, EDITOR_COMMANDS, WAVEFORM_MENU } from './editorCommands'
import { EditorTabs, type EditorTabId } from './EditorTabs'
import type { EditorPanelProps, Selection } from './editorPanelProps'
import { EpisodeDialogs } from './EpisodeDialogs'
import { EpisodeToolbar } from './EpisodeToolbar'
import { FirstRunHint } from './FirstRunHint'
import { usePreferences } from '../usePreferences'
import { KeptTextOffer } from './KeptTextOffer'
import { KeyHints } from './KeyHints'
import { Transport } from './playback/Transport'
import { usePlayback } from './playback/usePlayback'
import { RelinkMedia } from './RelinkMedia'
import { useReviewer } from './review/useReviewer'
import { useReviewFlow } from './review/useReviewFlow'
import { ReviewCard } from './review/ReviewCard'
import { hidesUnseen, newCardFold, type CardFold } from './review/cardFold'
import { underReview } from './review/underReview'
import { selectedItem } from './review/selectedItem'
import { snapTargets } from './spans/spanSnapping'
import { MakeStatementFromSelection } from './statements/MakeStatementFromSelection'
import { MediaLengthBanner } from './MediaLengthBanner'
import { TranscriptPanel, type TranscriptPanelHandle } from './transcript/TranscriptPanel'
import { useTranscript } from './transcript/useTranscript'
import { useEditorContext } from './useEditorContext'
import { useEpisodeView } from './useEpisodeView'
import { useExports } from './useExports'
import { useMediaFault } from './useMediaFault'
import { usePeaks } from './usePeaks'
import type { WaveformController } from './Waveform'
import { WaveformPanel } from './WaveformPanel'
import { MessageLine } from '../MessageLines'
import { StatusLine } from '../StatusLine'

export function EpisodeScreen({
  id,
  onClose,
}: {
  id: string
  /** Back to the library, with the menu command that asked for it (File > New or Open), if any. */
  onClose: (command?: LibraryCommand) => void
}): React.JSX.Element {
  const episode = useEpisodeView(id)
  const { view, error, notice, edit, setView, reportError, setNotice } = episode
  const playback = usePlayback(view?.summary.durationSeconds ?? 0, reportError)
  const [selection, setSelection] = useState<Selection>(null)
  const [tab, setTab] = useState<EditorTabId>('statements')
  // The Publish refusal, shown with the problems that block publishing.
  const [refusal, setRefusal] = useState<string | null>(null)
  // Asked for at once, beside the episode itself: the waveform need not wait for the page to settle.
  const peaks = usePeaks(id)
  // Asked for before the episode: the larger answer travels while the core builds the episode's view.
  const transcript = useTranscript(id, view?.transcript.rev ?? null, reportError)
  // The media element starts loading once the waveform has had its first paint (creating it costs
  // the page a fifth of a second) and the episode is on screen; seeking before then is kept.
  const [mediaLoads, setMediaLoads] = useState(false)
  const peaksAnswered = peaks.state.kind !== 'asking'
  const shown = view !== null && (transcript !== null || view.transcript.segmentCount === 0 || error !== null)
  useEffect(() => {
    if (!peaksAnswered || !shown || mediaLoads) return
    const idle = requestIdleCallback(() => setMediaLoads(true), { timeout: 1000 })
    return () => cancelIdleCallback(idle)
  }, [peaksAnswered, shown, mediaLoads])
  useMediaFault(playback.media, id, setView, reportError)

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
  const runImport = useCallback(
    (file: ChosenFile, replaceEdited: boolean) =>
      void edit('transcript.import', { id, file: file.ref, ...(replaceEdited && { replaceEdited }) }).then(
        (r) => {
          if (!r) return
          const flagged = r.view.statements.filter((s) => s.quoteProblem !== null).length
          const silent = r.silentSpeakers
          setNotice(
            transcriptImportMessage(file.name, r, flagged) +
              (silent.length > 0
                ? `. ${silent.join(', ')} ${silent.length === 1 ? 'no longer speaks' : 'no longer speak'}: remove them in Speakers…`
                : '') +
              r.warnings.map((warning) => `. Warning: ${warning}`).join(''),
            // Warnings and flagged quotes are work to do: they stay until the editor closes them.
            { stays: flagged > 0 || r.warnings.length > 0 || silent.length > 0 },
          )
        },
      ),
    [edit, id, setNotice],
  )
  // Segments edited by hand are not in the new file: the editor is asked before they are replaced.
  const [replacing, setReplacing] = useState<{ file: ChosenFile; edited: number } | null>(null)
  const editedSegments = view?.transcript.editedSegments ?? 0
  const importTranscript = useCallback(
    (file: ChosenFile) =>
      editedSegments > 0 ? setReplacing({ file, edited: editedSegments }) : runImport(file, false),
    [editedSegments, runImport],
  )
  const waveform = useRef<WaveformController | null>(null)
  const transcriptPanel = useRef<TranscriptPanelHandle | null>(null)
  const snap = useMemo(() => snapTargets(transcript), [transcript])
  const screen = useEditorContext({
    snap,
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
    importTranscript,
  })
  useCommandKeys(EDITOR_COMMANDS, screen.context)
  useMenuCommand((command) => {
    if (isLibraryCommand(command)) onClose(command)
    else screen.run(command as CommandId)
  })

  const { time, seek, setMedia } = playback
  const { refusals } = episode
  const panelProps: EditorPanelProps | null = useMemo(
    () =>
      view ? { episodeId: id, view, time, seek, edit, selection, select: setSelection, refusals } : null,
    [id, view, time, seek, edit, selection, refusals],
  )
  // The first-run hint is laid out with the rest, not after it: the screen waits for whether to show it.
  if (!view || !panelProps || !preferences)
    return (
      <main className="episode">
        {error ? (
          <>
            <MessageLine kind="error" message={error} />
            {/* An episode that cannot be opened (gone, or never there) still has a way back. */}
            <p className="back-to-library">
              <button type="button" onClick={() => onClose()}>
                ← Back to the library
              </button>
            </p>
          </>
        ) : (
          <p>Opening…</p>
        )}
      </main>
    )
  const Player = view.media?.kind === 'video' ? 'video' : 'audio'
  const reviewing = underReview(view, selection, { tabOpen: tab === 'review' })
  const reviewed = reviewing ? selectedItem(view, selection) : null

  return (
    <main className="episode">
      <EpisodeToolbar
        view={view}
        run={screen.run}
        onClose={() => onClose()}
        onRename={(title) => void edit('episodes.update', { id, patch: { title } })}
        refusals={refusals}
        onImport={importTranscript}
        onError={reportError}
        onExport={(choice) => void exportFile(choice)}
      />
      <div className="workspace">
        <div className="player-column">
          {!preferences.firstRunHintSeen && <FirstRunHint onClose={() => keep({ firstRunHintSeen: true })} />}
          <MediaLengthBanner view={view} />
          <KeptTextOffer episodeId={id} edit={edit} />
          {view.media && (!view.media.available || view.media.changed) && (
            <RelinkMedia
              episodeId={id}
              fileName={view.media.fileName}
              changed={view.media.available && view.media.changed}
              edit={edit}
              onNotice={setNotice}
              onError={reportError}
            />
          )}
          <div className={reviewing ? 'stage reviewing' : 'stage'}>
            {view.media?.available && !view.media.changed && (
              <Player
                key={`player-${view.media.fileName}`}
                ref={setMedia}
                className={Player}
                src={mediaLoads ? platform.mediaUrl(id) : undefined}
                preload="metadata"
                controls={Player === 'video'}
              />
            )}
            {reviewing && (
              <ReviewCard
                {...panelProps}
                run={screen.run}
                autoPlay={autoPlay}
                left={review.queue.length}
                fold={cardFold}
              />
            )}
          </div>
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
                snap={snap}
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
      {replacing && (
        <ReplaceEditsDialog
          fileName={replacing.file.name}
          edited={replacing.edited}
          onReplace={() => {
            setReplacing(null)
            runImport(replacing.file, true)
          }}
          onCancel={() => setReplacing(null)}
        />
      )}
      <EpisodeDialogs
        id={id}
        view={view}
        screen={screen}
        commands={EDITOR_COMMAND_IDS}
        highlightAt={playback.now}
        edit={edit}
        refusal={
          refusal === null
            ? null
            : {
                message: refusal,
                problems: findProblems(view).filter((p) => p.severity === 'error'),
              }
        }
        closeRefusal={() => setRefusal(null)}
        reviewer={reviewer}
        goToProblem={(p) => {
          if (p.target) setSelection(p.target)
          seek(p.time)
        }}
      />
      <StatusLine
        error={error}
        notice={notice}
        noticeStays={episode.noticeStays}
        dismissError={episode.dismissError}
        dismissNotice={() => setNotice(null)}
      />
    </main>
  )
}
