import { useEffect, useMemo, useState } from 'react'
import { chapterEdges } from './spans/chapterEdges'
import type { ChapterView, StatementView } from '../../../shared/contract'
import { lastMillis } from '../../../shared/preciseTime'
import { layoutSpans, sameLanePlaces, sameLayoutPlaces, samePlaces, spanLane } from './spans/spanGeometry'
import type { SnapTargets } from './spans/spanSnapping'
import { highlightMarks } from './highlights/highlightMarks'
import { PeakPyramid } from '../../../shared/waveformData'
import { useKept } from '../useKept'
import type { EditorPanelProps } from './editorPanelProps'
import { Overview } from './Overview'
import { chaptersWithBoundary, snappedEdges } from './spans/spanPreview'
import { StatementTooltip } from './spans/StatementTooltip'
import { useSpanDrag } from './spans/useSpanDrag'
import { BANDS, LAYER_HEIGHT, type WaveformHit } from './spans/waveformBands'
import { highlightText, layoutLabels, withChapters } from './spans/waveformLabels'
import {
  LabelTooltip,
  measureLabel,
  measureLabelsWhenIdle,
  WaveformLabelLayer,
} from './spans/WaveformLabelLayer'
import { TimeRuler } from './TimeRuler'
import type { PeaksState } from './usePeaks'
import { Waveform, type ViewWindow, type WaveformController } from './Waveform'
import { WaveformLayer } from './WaveformLayer'
import { PeaksProgress, WaveformWaiting } from './WaveformWaiting'
import { createScope } from '../scope'

/** The cursor says what a press would grab. */
function pointerKind(hit: WaveformHit | null): string | undefined {
  if (!hit || hit.kind === 'empty') return undefined
  if (hit.kind === 'boundary') return 'boundary'
  return hit.part === 'body' ? 'statement' : 'edge'
}

/**
 * What wavesurfer is given for waves it never draws (WaveformLayer paints them): the same array always,
 * so the waveform filling in or arriving whole does not make wavesurfer anew (and lose the zoom).
 */
const NO_PEAKS = new Float32Array(2)

/** The same spans and titles, as the waveform draws them (a score or a quote changes nothing here). */
const samePlacesAndTitles = <T extends { id: string; start: number; end: number; title: string }>(
  a: readonly T[],
  b: readonly T[],
): boolean => samePlaces(a, b) && a.every((s, i) => s.title === b[i]?.title)

/** Waveform and overview once the peaks are there; progress with Cancel while the core computes them. */
export function WaveformPanel(props: {
  peaks: { state: PeaksState; cancel: () => void; retry: () => void }
  media: HTMLMediaElement
  duration: number
  time: number
  follow: boolean
  chapters: readonly ChapterView[]
  statements: readonly StatementView[]
  controller: React.RefObject<WaveformController | null>
  /** For editing spans on the waveform: the view, edits and the selection. */
  editor: EditorPanelProps
  /** Where `[` marked a statement to start, shown until `]` makes it. */
  pendingStart: number | null
  loop: { start: number; end: number } | null
  /** Where dragged edges snap (word and cue boundaries), made once by the screen for keys and drags. */
  snap: SnapTargets
}): React.JSX.Element {
  const { peaks, media, duration, time, follow, controller, editor } = props
  // A score, a chapter's why or a statement's title or quote changes nothing drawn here.
  const chapters = useKept(props.chapters, samePlacesAndTitles)
  const statements = useKept(props.statements, samePlacesAndTitles)
  const { state, cancel, retry } = peaks
  const [view, setView] = useState<ViewWindow | null>(null)
  const pyramid = useMemo(
    () =>
      state.kind === 'ready'
        ? new PeakPyramid(state.full ?? state.overview, duration)
        : state.kind === 'filling'
          ? new PeakPyramid(state.overview, duration)
          : null,
    [state, duration],
  )
  // The finer levels are made after the first paint, while the editor looks at the waveform.
  useEffect(() => {
    if (!pyramid) return
    const scope = createScope()
    scope.idle(() => pyramid.warm())
    return scope.dispose
  }, [pyramid])

  const selectedId = editor.selection?.kind === 'statement' ? editor.selection.id : null
  const selectedHighlight = editor.selection?.kind === 'highlight' ? editor.selection.id : null
  const { highlights, rubric } = editor.view
  const marks = useMemo(
    () => highlightMarks(highlights, rubric.dimensions, selectedHighlight),
    [highlights, rubric.dimensions, selectedHighlight],
  )
  const layout = useMemo(() => layoutSpans(statements, BANDS.maxLanes), [statements])
  const last = lastMillis(duration)
  // A chapter's edges are where it starts and ends: a title typed keeps them, and the canvas unpainted.
  const placedChapters = useKept(chapters, samePlaces)
  const edges = useMemo(() => chapterEdges(placedChapters, last), [placedChapters, last])
  const targets = props.snap
  const pxPerSec = view?.pxPerSec ?? 0
  // Laid out per zoom and per change of what they name, never per frame: a pan only shifts them.
  const sortedChapters = useMemo(() => [...chapters].sort((a, b) => a.start - b.start), [chapters])
  // Their widths, measured before a zoom step needs them.
  useEffect(
    () =>
      measureLabelsWhenIdle([
        ...sortedChapters.map((c, i) => c.title || `Chapter ${i + 1}`),
        ...marks.map((m) => highlightText(m.label)),
        ...statements.flatMap((s) => (s.title ? [s.title] : [])),
      ]),
    [sortedChapters, marks, statements],
  )
  // The chapters' titles laid out apart from the flags and statements': a chapter retitled leaves
  // those boxes (and their labels in the page) as they were.
  const otherLabels = useMemo(
    () =>
      pxPerSec > 0
        ? layoutLabels({
            chapters: [],
            highlights: marks,
            statements: layout,
            pxPerSec,
            duration,
            height: LAYER_HEIGHT,
            measure: measureLabel,
          })
        : null,
    [marks, layout, pxPerSec, duration],
  )
  const labels = useMemo(
    () => otherLabels && withChapters(otherLabels, sortedChapters, measureLabel),
    [otherLabels, sortedChapters],
  )
  const [stack, setStack] = useState<HTMLDivElement | null>(null)
  const { preview, hover, active, label } = useSpanDrag(stack, {
    episodeId: editor.episodeId,
    duration,
    view,
    statements: layout,
    edges,
    highlights: marks,
    labels,
    targets,
    selectedId,
    edit: editor.edit,
    select: editor.select,
    seek: editor.seek,
    scrollBy: (px) => controller.current?.scrollBy(px) ?? null,
  })
  const shownChapters = useMemo(
    () => (preview?.kind === 'boundary' ? chaptersWithBoundary(chapters, preview) : chapters),
    [chapters, preview],
  )
  const chapterLane = useMemo(
    () =>
      shownChapters === chapters
        ? spanLane(sortedChapters)
        : spanLane([...shownChapters].sort((a, b) => a.start - b.start)),
    [shownChapters, chapters, sortedChapters],
  )
  // A boundary being dragged takes its chapters' titles along.
  const shownLabels = useMemo(
    () =>
      labels && shownChapters !== chapters ? withChapters(labels, chapterLane.spans, measureLabel) : labels,
    [labels, shownChapters, chapters, chapterLane],
  )
  // The canvas paints places, not titles: a title typed leaves it as it was, not painted again.
  const paintedChapters = useKept(chapterLane, sameLanePlaces)
  const paintedStatements = useKept(layout, sameLayoutPlaces)
  const shownEdges = useMemo(
    () => (shownChapters === chapters ? edges : chapterEdges(shownChapters, last)),
    [shownChapters, chapters, edges, last],
  )
  // Its words as they are now, which the kept spans may not have.
  const hovered =
    !active && hover.kind === 'statement' ? (props.statements.find((s) => s.id === hover.id) ?? null) : null

  if (state.kind !== 'ready' && state.kind !== 'filling')
    return <WaveformWaiting state={state} cancel={cancel} retry={retry} />
  if (!pyramid) return <section className="waveform" aria-label="Waveform" data-state="computing" />
  // While its peaks are decoded, the waveform is drawn as far as they have come: the editor plays,
  // seeks and edits meanwhile, as when it is whole.
  return (
    <section className="waveform" aria-label="Waveform" data-state={state.kind} tabIndex={-1}>
      {state.kind === 'filling' && <PeaksProgress progress={state.status.progress} cancel={cancel} />}
      <div
        className="waveform-stack"
        ref={setStack}
        data-pointer={pointerKind(active ?? hover)}
        data-dragging={active ? 'true' : undefined}
        data-snapped={snappedEdges(preview)}
      >
        <WaveformLayer
          view={view}
          duration={duration}
          pyramid={pyramid}
          time={time}
          chapters={paintedChapters}
          edges={shownEdges}
          statements={paintedStatements}
          highlights={marks}
          selectedId={selectedId}
          preview={preview}
          pendingStart={props.pendingStart}
          loop={props.loop}
        />
        {/* Under wavesurfer's view, so the playhead passes over the labels. */}
        {shownLabels && view && (
          <WaveformLabelLayer
            labels={shownLabels}
            offset={view.start * pxPerSec}
            width={(view.end - view.start) * pxPerSec}
            hiddenId={preview?.kind === 'statement' ? preview.id : null}
          />
        )}
        <Waveform
          coarsePeaks={NO_PEAKS}
          duration={duration}
          media={media}
          follow={follow}
          controllerRef={controller}
          onView={setView}
        />
        {label && !active && view && <LabelTooltip box={label} left={label.x - view.start * pxPerSec} />}
        {hovered && view && (
          <StatementTooltip statement={hovered} left={(hovered.start - view.start) * pxPerSec} />
        )}
      </div>
      <TimeRuler view={view} />
      <Overview
        peaks={state.overview}
        duration={duration}
        view={view}
        time={time}
        onNavigate={(t) => controller.current?.centerOn(t)}
      />
    </section>
  )
}
