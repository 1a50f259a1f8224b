import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type {
  EpisodeView,
  MethodName,
  PublishFormat,
  RequestOf,
  SpeakerMapping,
} from '../../../shared/contract'
import { formatClock } from '../../../shared/time'
import type { Action } from '../actions/action'
import { ShortcutSheet } from '../actions/ShortcutSheet'
import { runAction, useKeyboardActions } from '../actions/useKeyboardActions'
import { call, platform, type ChosenFile } from '../platform'
import type { LibraryCommand } from '../library/LibraryScreen'
import { useMenuCommand } from '../useMenuCommand'
import { EditorTabs } from './EditorTabs'
import { viewOf, type Edit, type EditorPanelProps, type Selection } from './editorPanelProps'
import { HighlightPicker } from './highlights/HighlightPicker'
import { MakeStatementFromSelection } from './statements/MakeStatementFromSelection'
import { reviewItemOf } from './review/reviewItemOf'
import { nextInQueue, reviewQueue } from './review/reviewQueue'
import { PLAYBACK_RATES } from './playbackRates'
import { RelinkMedia } from './RelinkMedia'
import { seekMedia, setPlaybackRate } from './mediaControl'
import { TitleField } from './TitleField'
import { ExportMenu, exportFile, type ExportChoice } from './ExportMenu'
import { IMPORT_INPUT_ID, ImportTranscriptButton } from './ImportTranscriptButton'
import { SpeakerDialog } from './SpeakerDialog'
import { TranscriptPanel, type TranscriptPanelHandle } from './transcript/TranscriptPanel'
import { useTranscript } from './transcript/useTranscript'
import type { WaveformController } from './Waveform'
import { useMediaFault } from './useMediaFault'
import { usePeaks } from './usePeaks'
import { WaveformPanel } from './WaveformPanel'
import { ZOOM_STEP } from './waveformZoom'

const PUBLISHING_EXPORTS: readonly [Exclude<PublishFormat, 'episode'>, string][] = [
  ['html', 'Export a self-contained web page'],
  ['chapters', 'Export chapters for podcast apps (Podcasting 2.0 JSON)'],
  ['youtube', 'Export chapters for a YouTube description'],
  ['vtt-chapters', 'Export chapters as WebVTT'],
  ['csv', 'Export scores and reasoning as CSV'],
]

export function EpisodeScreen({
  id,
  onClose,
}: {
  id: string
  /** Back to the library, with the menu command that asked for it (File > New or Open), if any. */
  onClose: (command?: LibraryCommand) => void
}): React.JSX.Element {
  const [view, setView] = useState<EpisodeView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [media, setMedia] = useState<HTMLMediaElement | null>(null)
  const [time, setTime] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [follow, setFollow] = useState(true)
  const [rate, setRate] = useState(1)
  const waveform = useRef<WaveformController | null>(null)
  const [speakerDialog, setSpeakerDialog] = useState(false)
  // The mapping is asked for once per imported transcript; "Later" leaves it for the Speakers… button.
  const [askedForRev, setAskedForRev] = useState<string | null>(null)
  const [selection, setSelection] = useState<Selection>(null)
  // `[` marks where a new statement starts; `]` then makes it.
  const [pendingStart, setPendingStart] = useState<number | null>(null)
  const [loop, setLoop] = useState<{ start: number; end: number } | null>(null)
  const [sheet, setSheet] = useState(false)
  const [highlightPicker, setHighlightPicker] = useState(false)
  const transcriptPanel = useRef<TranscriptPanelHandle | null>(null)
  // Asked for at once, beside the episode itself: the waveform need not wait for the page to settle.
  const peaks = usePeaks(id)
  // The media element starts loading once the waveform has had its first paint (creating it costs
  // the page a fifth of a second); seeking before then is kept and applied when it loads.
  const [mediaLoads, setMediaLoads] = useState(false)

  const reportError = useCallback((message: string) => setError(message), [])
  // Asked for before the episode: the larger answer travels while the core builds the episode's view.
  const transcript = useTranscript(id, view?.transcript.rev ?? null, reportError)
  // ...and only once the episode is on screen: waveform, view and transcript come first.
  const peaksAnswered = peaks.state.kind !== 'asking'
  const shown = view !== null && (transcript !== null || view.transcript.segmentCount === 0 || error !== null)
  useEffect(() => {
    if (!peaksAnswered || !shown || mediaLoads) return
    const idle = requestIdleCallback(() => setMediaLoads(true), { timeout: 1000 })
    return () => cancelIdleCallback(idle)
  }, [peaksAnswered, shown, mediaLoads])
  useEffect(() => {
    call('episodes.open', { id }).then(setView, (e: Error) => setError(e.message))
  }, [id])
  const loopRef = useRef(loop)
  useEffect(() => {
    loopRef.current = loop
  }, [loop])

  useEffect(() => {
    if (!media) return
    const onTime = (): void => setTime(media.currentTime)
    const onLoopTime = (): void => {
      const span = loopRef.current
      if (span && !media.paused && media.currentTime >= span.end) media.currentTime = span.start
    }
    media.addEventListener('timeupdate', onLoopTime)
    const onPlay = (): void => setPlaying(true)
    const onPause = (): void => setPlaying(false)
    media.addEventListener('timeupdate', onTime)
    media.addEventListener('seeked', onTime)
    media.addEventListener('play', onPlay)
    media.addEventListener('pause', onPause)
    return () => {
      media.removeEventListener('timeupdate', onTime)
      media.removeEventListener('timeupdate', onLoopTime)
      media.removeEventListener('seeked', onTime)
      media.removeEventListener('play', onPlay)
      media.removeEventListener('pause', onPause)
    }
  }, [media])

  const run = useCallback((action: Promise<EpisodeView>) => {
    action.then(
      (next) => {
        setView(next)
        setError(null)
      },
      (e: Error) => setError(e.message),
    )
  }, [])

  const togglePlay = useCallback(() => {
    if (!media) return
    if (media.paused) void media.play().catch((e: Error) => setError(`cannot play: ${e.message}`))
    else media.pause()
  }, [media])

  const durationSeconds = view?.summary.durationSeconds ?? 0
  const seek = useCallback(
    (seconds: number) => {
      // Without its media (moved, or a loaded analysis) the episode still has a playhead to review by.
      if (media) setTime(seekMedia(media, seconds))
      else setTime(Math.min(Math.max(0, seconds), durationSeconds))
    },
    [media, durationSeconds],
  )

  const changeRate = useCallback(
    (next: number) => {
      setRate(next)
      if (media) setPlaybackRate(media, next)
    },
    [media],
  )

  const undo = useCallback(() => run(call('history.undo', { id })), [run, id])
  const redo = useCallback(() => run(call('history.redo', { id })), [run, id])
  const exportAs = useCallback(
    (choice: ExportChoice) =>
      exportFile(id, choice)
        .then(({ fileName, text }) => platform.saveText(fileName, text).then(() => fileName))
        .then((fileName) => {
          setError(null)
          setNotice(`${choice === 'publish' ? 'Published' : 'Exported'} ${fileName}`)
          // Publishing made the episode final, an edit the Undo button now offers to take back.
          if (choice === 'publish') return call('episodes.open', { id }).then(setView)
        })
        .catch((e: Error) => {
          // The Publish button lists a refusal's problems itself.
          if (choice === 'publish') throw e
          setError(e.message)
        }),
    [id],
  )
  const importTranscript = useCallback(
    (file: ChosenFile) => {
      call('transcript.import', { id, file: file.ref }).then(
        ({ view: next, segments }) => {
          setView(next)
          setError(null)
          const flagged = next.statements.filter((s) => s.quoteProblem !== null).length
          setNotice(
            `Imported ${segments} transcript ${segments === 1 ? 'segment' : 'segments'} from ${file.name}` +
              (flagged > 0
                ? `; ${flagged} ${flagged === 1 ? 'statement quote no longer matches' : 'statement quotes no longer match'} the transcript`
                : ''),
          )
        },
        (e: Error) => setError(e.message),
      )
    },
    [id],
  )
  const mapSpeakers = useCallback(
    (speakers: SpeakerMapping[]) => {
      run(call('participants.mapSpeakers', { id, speakers }))
    },
    [run, id],
  )
  const editText = useCallback(
    (segmentId: string, text: string) => run(call('transcript.editSegment', { id, segmentId, text })),
    [run, id],
  )
  useMediaFault(media, id, setView, reportError)

  const needsMapping =
    view !== null &&
    !view.transcript.speakersMapped &&
    view.participants.some((p) => p.segmentCount > 0) &&
    askedForRev !== view.transcript.rev
  const closeSpeakers = useCallback(() => {
    setSpeakerDialog(false)
    setAskedForRev(view?.transcript.rev ?? null)
  }, [view])

  const edit: Edit = useCallback(async <K extends MethodName>(method: K, request: RequestOf<K>) => {
    try {
      const result = await call(method, request)
      const next = viewOf(result)
      if (next) setView(next)
      setError(null)
      return result
    } catch (e) {
      setError((e as Error).message)
      return null
    }
  }, [])

  const duration = view?.summary.durationSeconds ?? 0
  const selectedStatement =
    selection?.kind === 'statement' ? (view?.statements.find((s) => s.id === selection.id) ?? null) : null
  const now = (): number => media?.currentTime ?? time
  // Once per view, not at every tick of the playhead: a machine analysis has a thousand items.
  const queue = useMemo(() => (view ? reviewQueue(view) : []), [view])
  const selectedReviewItem = selection && view ? reviewItemOf(view, selection) : null
  const reviewDecision = (method: 'review.accept' | 'review.reject'): void => {
    const item = selectedReviewItem
    if (!item) return setNotice('Select an item first (N goes to the next unreviewed)')
    const next = nextInQueue(
      queue.filter((i) => i.id !== item.id || i.kind !== item.kind),
      item,
    )
    // On to the next at once, so that a reviewer typing A A A never decides twice on one item.
    setSelection(next ? { kind: next.kind, id: next.id } : method === 'review.accept' ? selection : null)
    if (next) seek(next.time)
    void edit(method, { id, kind: item.kind, itemId: item.id })
  }

  const actions: Action[] = [
    { id: 'playback.toggle', group: 'Playback', label: 'Play / pause', shortcut: 'Space', run: togglePlay },
    {
      id: 'seek.back',
      group: 'Playback',
      label: 'Back 5 seconds',
      shortcut: 'ArrowLeft',
      run: () => seek(now() - 5),
    },
    {
      id: 'seek.forward',
      group: 'Playback',
      label: 'Forward 5 seconds',
      shortcut: 'ArrowRight',
      run: () => seek(now() + 5),
    },
    {
      id: 'seek.backSmall',
      group: 'Playback',
      label: 'Back 1 second',
      shortcut: 'Shift+ArrowLeft',
      run: () => seek(now() - 1),
    },
    {
      id: 'seek.forwardSmall',
      group: 'Playback',
      label: 'Forward 1 second',
      shortcut: 'Shift+ArrowRight',
      run: () => seek(now() + 1),
    },
    { id: 'seek.start', group: 'Playback', label: 'Go to the start', shortcut: 'Home', run: () => seek(0) },
    { id: 'seek.end', group: 'Playback', label: 'Go to the end', shortcut: 'End', run: () => seek(duration) },
    {
      id: 'statement.loop',
      group: 'Playback',
      label: 'Loop the selected statement (again: stop looping)',
      shortcut: 'L',
      run: () => {
        if (loop) return setLoop(null)
        if (!selectedStatement) return setNotice('Select a statement to loop it')
        setLoop({ start: selectedStatement.start, end: selectedStatement.end })
        seek(selectedStatement.start)
        if (media?.paused) void media.play().catch(() => undefined)
      },
    },
    {
      id: 'zoom.in',
      group: 'View',
      label: 'Zoom in',
      shortcut: '+',
      alsoShortcuts: ['='],
      run: () => waveform.current?.zoomBy(ZOOM_STEP),
    },
    {
      id: 'zoom.out',
      group: 'View',
      label: 'Zoom out',
      shortcut: '-',
      run: () => waveform.current?.zoomBy(1 / ZOOM_STEP),
    },
    {
      id: 'transcript.search',
      group: 'View',
      label: 'Search the transcript',
      shortcut: 'Mod+F',
      run: () => transcriptPanel.current?.focusSearch(),
    },
    {
      id: 'transcript.nextMatch',
      group: 'View',
      label: 'Next search match',
      shortcut: 'F3',
      run: () => transcriptPanel.current?.stepMatch(1),
    },
    {
      id: 'transcript.previousMatch',
      group: 'View',
      label: 'Previous search match',
      shortcut: 'Shift+F3',
      run: () => transcriptPanel.current?.stepMatch(-1),
    },
    {
      id: 'selection.clear',
      group: 'View',
      label: 'Clear the selection and the marked start',
      shortcut: 'Escape',
      run: () => {
        setSelection(null)
        setPendingStart(null)
      },
    },
    {
      id: 'edit.undo',
      group: 'Edit',
      label: view?.history.undoLabel ? `Undo ${view.history.undoLabel}` : 'Undo',
      shortcut: 'Mod+Z',
      enabled: view?.history.canUndo ?? false,
      run: undo,
    },
    {
      id: 'edit.redo',
      group: 'Edit',
      label: view?.history.redoLabel ? `Redo ${view.history.redoLabel}` : 'Redo',
      shortcut: 'Shift+Mod+Z',
      alsoShortcuts: ['Mod+Y'],
      enabled: view?.history.canRedo ?? false,
      run: redo,
    },
    {
      id: 'statement.markStart',
      group: 'Statements',
      label: 'Statement start at the playhead (the selected one, or a new one)',
      shortcut: '[',
      run: () => {
        const at = now()
        if (selectedStatement)
          void edit('statements.update', { id, statementId: selectedStatement.id, patch: { start: at } })
        else {
          setPendingStart(at)
          setNotice(`Statement starts at ${formatClock(at)}; press ] at its end`)
        }
      },
    },
    {
      id: 'statement.markEnd',
      group: 'Statements',
      label: 'Statement end at the playhead (makes the new statement)',
      shortcut: ']',
      run: () => {
        const at = now()
        if (selectedStatement) {
          void edit('statements.update', { id, statementId: selectedStatement.id, patch: { end: at } })
          return
        }
        if (pendingStart === null) return setNotice('Press [ at the start of the statement first')
        const [start, end] = pendingStart < at ? [pendingStart, at] : [at, pendingStart]
        setPendingStart(null)
        void edit('statements.create', { id, start, end }).then((r) => {
          if (r) setSelection({ kind: 'statement', id: r.statementId })
        })
      },
    },
    {
      id: 'selection.delete',
      group: 'Statements',
      label: 'Delete the selected statement or highlight',
      shortcut: 'Delete',
      alsoShortcuts: ['Backspace'],
      run: () => {
        if (selection?.kind === 'statement') void edit('statements.delete', { id, statementId: selection.id })
        else if (selection?.kind === 'highlight')
          void edit('highlights.delete', { id, highlightId: selection.id })
        setSelection(null)
      },
    },
    {
      id: 'chapter.split',
      group: 'Chapters',
      label: 'Split the chapter at the playhead',
      shortcut: 'C',
      run: () =>
        void edit('chapters.split', { id, at: now() }).then((r) => {
          if (r) setSelection({ kind: 'chapter', id: r.chapterId })
        }),
    },
    {
      id: 'chapter.mergeNext',
      group: 'Chapters',
      label: 'Merge the selected chapter with the next',
      shortcut: 'M',
      run: () => {
        if (selection?.kind === 'chapter') void edit('chapters.mergeNext', { id, chapterId: selection.id })
        else setNotice('Select a chapter to merge it with the next')
      },
    },
    {
      id: 'review.next',
      group: 'Review',
      label: 'Next unreviewed item',
      shortcut: 'N',
      run: () => {
        const item = nextInQueue(queue, selectedReviewItem)
        if (!item) return setNotice('Nothing left to review')
        setSelection({ kind: item.kind, id: item.id })
        seek(item.time)
      },
    },
    {
      id: 'review.accept',
      group: 'Review',
      label: 'Accept the selected item, then go to the next',
      shortcut: 'A',
      run: () => reviewDecision('review.accept'),
    },
    {
      id: 'review.reject',
      group: 'Review',
      label: 'Reject (delete) the selected machine item, then go to the next',
      shortcut: 'X',
      run: () => reviewDecision('review.reject'),
    },
    {
      id: 'highlight.set',
      group: 'Highlights',
      label: 'Highlight at the playhead (then the dimension’s number)',
      shortcut: 'H',
      run: () => setHighlightPicker(true),
    },
    {
      id: 'file.importTranscript',
      group: 'File',
      label: 'Import a transcript',
      shortcut: 'Mod+I',
      run: () => {
        if (platform.chooseFile)
          void platform.chooseFile('transcript').then((f) => f && importTranscript(f), reportError)
        else document.getElementById(IMPORT_INPUT_ID)?.click()
      },
    },
    {
      id: 'file.export',
      group: 'File',
      label: 'Export episode JSON',
      shortcut: 'Mod+E',
      run: () => exportAs('episode'),
    },
    {
      id: 'file.exportTranscript.vtt',
      group: 'File',
      label: 'Export the transcript as WebVTT',
      run: () => exportAs('vtt'),
    },
    {
      id: 'file.exportTranscript.srt',
      group: 'File',
      label: 'Export the transcript as SRT captions',
      run: () => exportAs('srt'),
    },
    {
      id: 'file.exportTranscript.podcast-json',
      group: 'File',
      label: 'Export the transcript as Podcasting 2.0 JSON',
      run: () => exportAs('podcast-json'),
    },
    ...PUBLISHING_EXPORTS.map(([format, label]): Action => ({
      id: `file.export.${format}`,
      group: 'File',
      label,
      run: () => void exportAs(format),
    })),
    {
      id: 'file.publish',
      group: 'File',
      label: 'Publish: export as final (refused, with the reasons, until everything is finished)',
      run: () => void Promise.resolve(exportAs('publish')).catch((e: Error) => setError(e.message)),
    },
    {
      id: 'help.shortcuts',
      group: 'Help',
      label: 'Keyboard shortcuts',
      shortcut: '?',
      run: () => setSheet(true),
    },
  ]
  useKeyboardActions(actions)
  useMenuCommand((command) => {
    if (command === 'file.new' || command === 'file.open' || command === 'help.restoreBackup')
      onClose(command)
    else runAction(actions, command)
  })

  const panelProps: EditorPanelProps | null = useMemo(
    () => (view ? { episodeId: id, view, time, seek, edit, selection, select: setSelection } : null),
    [id, view, time, seek, edit, selection],
  )

  if (!view)
    return (
      <main className="episode">
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          <p>Opening…</p>
        )}
      </main>
    )
  const { summary } = view
  if (!panelProps) return <main className="episode" />
  const Player = view.media?.kind === 'video' ? 'video' : 'audio'

  return (
    <main className="episode">
      <header className="bar">
        <button type="button" onClick={() => onClose()} aria-label="Back to the library">
          ← Library
        </button>
        <TitleField
          key={summary.title}
          title={summary.title}
          onCommit={(title) => run(call('episodes.update', { id, patch: { title } }))}
        />
        <span className="meta">
          {[summary.show, summary.publishedOn, formatClock(summary.durationSeconds)]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="spacer" />
        <button
          type="button"
          onClick={undo}
          disabled={!view.history.canUndo}
          title={view.history.undoLabel ? `Undo ${view.history.undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={redo}
          disabled={!view.history.canRedo}
          title={view.history.redoLabel ? `Redo ${view.history.redoLabel} (Shift+Ctrl+Z)` : 'Nothing to redo'}
        >
          Redo
        </button>
        <ImportTranscriptButton onChosen={importTranscript} onError={reportError} />
        <button
          type="button"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => setSheet(true)}
        >
          ?
        </button>
        <ExportMenu hasTranscript={view.transcript.segmentCount > 0} onExport={exportAs} />
      </header>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <div className="workspace">
        <div className="player-column">
          {view.media && !view.media.available && (
            <RelinkMedia
              episodeId={id}
              fileName={view.media.fileName}
              onRelinked={(next, sameContent) => {
                setView(next)
                setError(null)
                setNotice(
                  sameContent
                    ? `Media relinked: ${next.media?.fileName ?? ''}`
                    : `Warning: ${next.media?.fileName ?? 'the new file'} is not the file this episode was made from (different content). Check that the times still match.`,
                )
              }}
              onError={setError}
            />
          )}
          {view.media?.available && (
            <Player
              key={`player-${view.media.fileName}`}
              ref={setMedia}
              className={Player}
              src={mediaLoads ? platform.mediaUrl(id) : undefined}
              preload="metadata"
              controls={Player === 'video'}
            />
          )}
          {media && view.media?.available && (
            <WaveformPanel
              key={`waveform-${view.media.fileName}`}
              peaks={peaks}
              media={media}
              duration={summary.durationSeconds}
              time={time}
              follow={follow}
              chapters={view.chapters}
              statements={view.statements}
              controller={waveform}
              editor={panelProps}
              pendingStart={pendingStart}
              loop={loop}
              transcript={transcript}
            />
          )}
          <div className="transport">
            <button
              type="button"
              onClick={togglePlay}
              disabled={!media}
              aria-label={playing ? 'Pause' : 'Play'}
            >
              {playing ? '❚❚ Pause' : '▶ Play'}
            </button>
            <output aria-label="Playhead">{formatClock(time)}</output>
            <label>
              Speed{' '}
              <select
                aria-label="Playback speed"
                value={rate}
                onChange={(e) => changeRate(Number(e.target.value))}
              >
                {PLAYBACK_RATES.map((r) => (
                  <option key={r} value={r}>
                    {r}×
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow
              playhead
            </label>
            <button
              type="button"
              aria-label="Zoom out"
              onClick={() => waveform.current?.zoomBy(1 / ZOOM_STEP)}
            >
              −
            </button>
            <button type="button" aria-label="Zoom in" onClick={() => waveform.current?.zoomBy(ZOOM_STEP)}>
              +
            </button>
          </div>
          <p className="hint keys">
            Space play/pause · [ ] statement · C split chapter · H highlight · Ctrl+Z undo · ? all shortcuts
            {pendingStart !== null && <> · statement starts at {formatClock(pendingStart)}</>}
            {queue.length > 0 && (
              <output aria-label="Review progress">
                {' '}
                · review: {queue.length} left (N next, A accept, X reject)
              </output>
            )}
            {loop && (
              <>
                {' '}
                · looping {formatClock(loop.start)}–{formatClock(loop.end)} (L to stop)
              </>
            )}
          </p>
          <EditorTabs {...panelProps} />
        </div>
        <TranscriptPanel
          ref={transcriptPanel}
          transcript={transcript}
          participants={view.participants}
          time={time}
          onSeek={seek}
          onEditText={editText}
          onOpenSpeakers={() => setSpeakerDialog(true)}
        />
      </div>
      <MakeStatementFromSelection transcript={transcript} editor={panelProps} />
      {sheet && <ShortcutSheet actions={actions} onClose={() => setSheet(false)} />}
      {highlightPicker && (
        <HighlightPicker
          dimensions={view.rubric.dimensions}
          at={time}
          onPick={(dimension) => {
            setHighlightPicker(false)
            void edit('highlights.set', { id, dimension, time: now() })
          }}
          onClose={() => setHighlightPicker(false)}
        />
      )}
      {(speakerDialog || needsMapping) && (
        <SpeakerDialog
          participants={view.participants}
          onApply={(speakers) => {
            closeSpeakers()
            mapSpeakers(speakers)
          }}
          onClose={closeSpeakers}
        />
      )}
    </main>
  )
}
