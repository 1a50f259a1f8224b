import { useLayoutEffect } from 'react'
import { EvidenceChips, useCiteActions, type CiteActions } from '../evidence/EvidenceChips'
import { COMMANDS, type CommandId } from '../../../../shared/commands'
import type { ChapterView, EpisodeView, HighlightView, StatementView } from '../../../../shared/contract'
import { formatClock } from '../../../../shared/time'
import { shortcutOf, titleWithShortcut } from '../../commands/shortcuts'
import type { EditorPanelProps } from '../editorPanelProps'
import { noteCardScroll, type CardFold } from './cardFold'
import { MachineVersusOwn } from './MachineVersusOwn'
import { selectedItem } from './selectedItem'
import type { ReviewFlow } from './useReviewFlow'

const span = (item: { start: number; end: number }): string =>
  `${formatClock(item.start)}–${formatClock(item.end)}`

/**
 * A field of the item under review: its name and what it says (a dash when it says nothing). A long
 * one is cut to two lines, whole on hover, so the card keeps its room for the scores.
 */
function Field(props: { name: string; children: React.ReactNode; long?: string }): React.JSX.Element {
  return (
    <>
      <dt>{props.name}</dt>
      <dd className={props.long !== undefined ? 'long' : undefined} title={props.long || undefined}>
        {props.children === '' ? '—' : props.children}
      </dd>
    </>
  )
}

function StatementFields({
  statement,
  view,
}: {
  statement: StatementView
  view: EpisodeView
}): React.JSX.Element {
  const speaker = view.participants.find((p) => p.id === statement.speakerId)
  return (
    <dl>
      <Field name="Title">{statement.title}</Field>
      <Field name="Quote">
        <q>{statement.quote}</q>
        {statement.quoteProblem && <span className="badge warning">{statement.quoteProblem}</span>}
      </Field>
      <Field name="Speaker">{speaker?.name ?? ''}</Field>
      <Field name="Span">{span(statement)}</Field>
    </dl>
  )
}

function HighlightFields({
  highlight,
  view,
  cite,
}: {
  highlight: HighlightView
  view: EpisodeView
  cite: CiteActions
}): React.JSX.Element {
  const dimension = view.rubric.dimensions.find((d) => d.key === highlight.dimension)
  return (
    <dl>
      <Field name="Dimension">{dimension?.highlightLabel || dimension?.label || highlight.dimension}</Field>
      <Field name="Moment">{formatClock(highlight.time)}</Field>
      <Field name="Title">{highlight.title}</Field>
      <Field name="Description">{highlight.description}</Field>
      {(highlight.evidence?.length ?? 0) > 0 && (
        <Field name="Evidence">
          <EvidenceChips
            target={{ kind: 'highlight', highlightId: highlight.id }}
            items={highlight.evidence}
            cite={cite}
          />
        </Field>
      )}
    </dl>
  )
}

/** A machine chapter's citations: its why's, then each score's, labelled by dimension. */
function ChapterEvidence({
  chapter,
  view,
  cite,
}: {
  chapter: ChapterView
  view: EpisodeView
  cite: CiteActions
}): React.JSX.Element | null {
  const lists = [
    { label: 'Why', target: { kind: 'why', chapterId: chapter.id } as const, items: chapter.evidence },
    ...view.rubric.dimensions.map((d) => ({
      label: d.label,
      target: { kind: 'score', chapterId: chapter.id, dimension: d.key } as const,
      items: chapter.scores[d.key]?.evidence,
    })),
  ].filter((l) => (l.items?.length ?? 0) > 0)
  if (lists.length === 0) return null
  return (
    <dl className="chapter-evidence">
      <Field name="Evidence">
        {lists.map((l) => (
          <span key={l.label} className="evidence-of">
            {l.label}: <EvidenceChips target={l.target} items={l.items} cite={cite} />
          </span>
        ))}
      </Field>
    </dl>
  )
}

function ChapterFields({
  chapter,
  props,
  cite,
  run,
}: {
  chapter: ChapterView
  props: EditorPanelProps
  cite: CiteActions
  run: (id: CommandId) => void
}): React.JSX.Element {
  return (
    <>
      <dl className="chapter-fields">
        <Field name="Title">{chapter.title}</Field>
        <Field name="Span">{span(chapter)}</Field>
        <Field name="Why" long={chapter.why}>
          {chapter.why}
        </Field>
      </dl>
      <MachineVersusOwn
        episodeId={props.episodeId}
        chapter={chapter}
        rubric={props.view.rubric}
        edit={props.edit}
        refusals={props.refusals}
        blind={props.view.blind}
      />
      {(chapter.hiddenScores?.length ?? 0) > 0 && (
        <p className="blind-note">
          Scoring blind: the machine’s scores show as you score.{' '}
          <button
            type="button"
            title={titleWithShortcut(COMMANDS['review.reveal'].label, 'review.reveal')}
            onClick={() => run('review.reveal')}
          >
            Reveal machine scores
          </button>
        </p>
      )}
      <ChapterEvidence chapter={chapter} view={props.view} cite={cite} />
    </>
  )
}

const KIND_NAMES = { statement: 'Statement', highlight: 'Highlight', chapter: 'Chapter' } as const

/**
 * The item under review, whatever its kind, beside the video: what the reviewer accepts with A is on
 * screen, and one key plays it.
 */
export function ReviewCard(
  props: EditorPanelProps & {
    run: (id: CommandId) => void
    autoPlay: boolean
    /** The queue: how many are left, and the order it walks them. */
    review: Pick<ReviewFlow, 'queue' | 'order'>
    /** What the card hides below its fold: `A` waits until it has been seen. */
    fold: CardFold
  },
): React.JSX.Element {
  const { view, selection, run, fold } = props
  const left = props.review.queue.length
  // The machine's citations, played as the review plays an item (once); a reviewer changes them in the tabs.
  const cite = useCiteActions(props, false)
  const selected = selectedItem(view, selection)
  const itemKey = selected ? `${selected.kind}:${selected.item.id}` : null
  // Each item's card starts at its top; one that fits whole is seen whole at once.
  useLayoutEffect(() => {
    if (fold.element) fold.element.scrollTop = 0
    noteCardScroll(fold, itemKey)
  }, [fold, itemKey])
  // With nothing selected only Next has something to act on; the others say so by looking it.
  const button = (id: CommandId, text: string): React.JSX.Element => (
    <button
      type="button"
      title={titleWithShortcut(text, id)}
      onClick={() => run(id)}
      disabled={!selected && (id !== 'review.next' || left === 0)}
    >
      {text} <kbd>{shortcutOf(id)}</kbd>
    </button>
  )
  return (
    <section
      className="review-card"
      aria-label="Under review"
      style={{ '--score-rows': view.rubric.dimensions.length + 1 } as React.CSSProperties}
      ref={(element) => {
        fold.element = element
      }}
      onScroll={() => noteCardScroll(fold, itemKey)}
    >
      <header>
        <h2>
          {selected ? KIND_NAMES[selected.kind] : 'Nothing selected'}
          {selected && <span className={`badge status-${selected.item.status}`}>{selected.item.status}</span>}
        </h2>
        <span className="hint">{left === 0 ? 'nothing left to review' : `${left} left`}</span>
      </header>
      {!selected && <p className="hint">{shortcutOf('review.next')} goes to the next unreviewed item.</p>}
      {selected?.kind === 'statement' && <StatementFields statement={selected.item} view={view} />}
      {selected?.kind === 'highlight' && (
        <HighlightFields highlight={selected.item} view={view} cite={cite} />
      )}
      {selected?.kind === 'chapter' && (
        <ChapterFields chapter={selected.item} props={props} cite={cite} run={run} />
      )}
      <footer>
        {button('review.play', 'Play')}
        {button('review.accept', 'Accept')}
        {button('review.reject', 'Reject')}
        {button('review.next', 'Next')}
        <label>
          <input type="checkbox" checked={props.autoPlay} onChange={() => run('review.autoPlay')} /> Play the
          next after accept or reject
        </label>
        <label title={COMMANDS['review.byDisagreement'].label}>
          <input
            type="checkbox"
            checked={props.review.order === 'disagreement'}
            onChange={() => run('review.byDisagreement')}
          />{' '}
          Largest disagreement first
        </label>
      </footer>
    </section>
  )
}
