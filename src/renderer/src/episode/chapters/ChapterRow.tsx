import type { ChapterView } from '../../../../shared/contract'
import type { Dimension } from '../../../../shared/episodeFormat'
import { formatClock } from '../../../../shared/time'
import { InlineText } from './InlineText'

/** How the chapters table names a chapter to assistive technology and in its labels. */
export const chapterName = (index: number): string => `chapter ${index + 1}`

/** One chapter of the chapters table: its span, title, scores (drawn by the table), why and actions. */
export function ChapterRow(props: {
  chapter: ChapterView
  index: number
  dimensions: readonly Dimension[]
  selected: boolean
  isLast: boolean
  scoreCell: (dimension: Dimension, col: number) => React.JSX.Element
  onPick: () => void
  onTitle: (title: string) => void
  onWhy: (why: string) => void
  onMerge: () => void
  onDelete: () => void
}): React.JSX.Element {
  const { chapter, index } = props
  const name = chapterName(index)
  return (
    <tr data-chapter={chapter.id} className={props.selected ? 'selected' : undefined}>
      <td className="span">
        <button type="button" className="time" title="Go to the chapter's start" onClick={props.onPick}>
          {formatClock(chapter.start)}–{formatClock(chapter.end)}
        </button>
      </td>
      <td className="title">
        <InlineText
          wrap
          value={chapter.title}
          label={`Title of ${name}`}
          placeholder="Untitled"
          onCommit={props.onTitle}
        />
      </td>
      {props.dimensions.map((d, col) => props.scoreCell(d, col))}
      <td className="why">
        <InlineText
          multiline
          value={chapter.why}
          label={`Why, ${name}`}
          placeholder="Why these scores"
          onCommit={props.onWhy}
        />
      </td>
      <td className="row-actions">
        <button
          type="button"
          onClick={props.onMerge}
          disabled={props.isLast}
          title={`Merge ${name} with the next (M)`}
        >
          Merge with next
        </button>
        <button type="button" onClick={props.onDelete} title={`Delete ${name}; its span becomes a gap`}>
          Delete
        </button>
      </td>
    </tr>
  )
}
