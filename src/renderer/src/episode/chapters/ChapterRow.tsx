import { shortcutOf } from '../../commands/shortcuts'
import { OnceButton } from '../OnceButton'
import { CITE_ATTRIBUTE, citeAttribute } from '../evidence/citeTarget'
import { CitedText } from '../evidence/CitedText'
import type { CiteActions } from '../evidence/EvidenceChips'
import { memo } from 'react'
import type { ChapterView, ScoreView } from '../../../../shared/contract'
import type { Dimension } from '../../../../shared/episodeFormat'
import type { ScoreScale } from '../../../../shared/scoreScale'
import { formatPreciseClock, parsePreciseClock } from '../../../../shared/preciseTime'
import { formatClock } from '../../../../shared/time'
import { CommitField } from '../details/CommitField'
import { InlineText } from './InlineText'
import { ScoreCell, type CellMove } from './ScoreCell'
import { isFlagged, useCodebookHere } from '../codebook/AnalysisCodebook'
import type { ScoreCellAddress } from './useScoreTyping'

/** How the chapters table names a chapter to assistive technology and in its labels. */
export const chapterName = (index: number): string => `chapter ${index + 1}`

/**
 * What a row asks of the table, by chapter and cell. The table hands every row the same object for
 * as long as it is shown, so that a row redraws only when its own chapter, place or state changes,
 * not at every edit elsewhere or every tick of the playhead.
 */
export interface ChapterRowActions {
  pick: (chapter: ChapterView) => void
  setTitle: (chapterId: string, title: string) => void
  setWhy: (chapterId: string, why: string) => void
  merge: (chapterId: string) => Promise<unknown>
  remove: (chapterId: string) => Promise<unknown>
  /** Moves a boundary to a typed time; resolves false when refused. */
  moveBoundary: (chapterId: string, edge: 'start' | 'end', at: number) => Promise<boolean>
  typeDigit: (cell: ScoreCellAddress, digit: string) => void
  setScore: (cell: ScoreCellAddress, value: number | null) => void
  openReasoning: (cell: ScoreCellAddress) => void
  moveFrom: (row: number, col: number, to: CellMove) => void
  /** A score took the focus: its chapter is selected, its descriptor shown. */
  focusCell: (cell: ScoreCellAddress) => void
  leaveCell: () => void
  cite: CiteActions
}

const NO_SCORE: ScoreView = { value: null, reasoning: '' }

/** A chapter boundary typed to the millisecond, as a statement's start and end are. */
function BoundaryField(props: {
  chapter: ChapterView
  edge: 'start' | 'end'
  name: string
  actions: ChapterRowActions
}): React.JSX.Element {
  const { chapter, edge, name, actions } = props
  return (
    <CommitField
      label={`${edge === 'start' ? 'Start' : 'End'} of ${name}`}
      className="time"
      value={formatPreciseClock(chapter[edge])}
      validate={(text) => {
        const parsed = parsePreciseClock(text)
        return parsed.ok ? null : parsed.error
      }}
      onCommit={async (text) => {
        const parsed = parsePreciseClock(text)
        return parsed.ok && actions.moveBoundary(chapter.id, edge, parsed.seconds)
      }}
    />
  )
}

/** One chapter of the chapters table: its span, title, scores, why and actions. */
export const ChapterRow = memo(function ChapterRow(props: {
  chapter: ChapterView
  index: number
  dimensions: readonly Dimension[]
  scale: ScoreScale
  selected: boolean
  isLast: boolean
  /** The cell of this row where digits typed wait for the next one, and those digits. */
  pendingDimension: string | null
  pendingDigits: string | null
  actions: ChapterRowActions
}): React.JSX.Element {
  const { chapter, index, pendingDimension, pendingDigits, actions } = props
  const name = chapterName(index)
  const codebook = useCodebookHere()
  return (
    <tr data-chapter={chapter.id} className={props.selected ? 'selected' : undefined}>
      <td className="span">
        <button
          type="button"
          className="time"
          title="Go to the chapter's start"
          onClick={() => actions.pick(chapter)}
        >
          {formatClock(chapter.start)}–{formatClock(chapter.end)}
        </button>
        <span className="boundaries">
          {(['start', 'end'] as const).map((edge) => (
            <BoundaryField key={edge} chapter={chapter} edge={edge} name={name} actions={actions} />
          ))}
        </span>
      </td>
      <td className="title">
        <InlineText
          wrap
          value={chapter.title}
          label={`Title of ${name}`}
          placeholder="Untitled"
          onCommit={(title) => actions.setTitle(chapter.id, title)}
        />
      </td>
      {props.dimensions.map((d, col) => {
        const cell = { chapterId: chapter.id, dimension: d.key }
        const hidden = chapter.hiddenScores?.includes(d.key) ?? false
        const score = chapter.scores[d.key] ?? NO_SCORE
        const typed = pendingDimension === d.key && pendingDigits !== null ? Number(pendingDigits) : null
        return (
          <ScoreCell
            key={d.key}
            score={score}
            level={hidden ? null : codebook.levelOf(d.key, typed ?? score.value)}
            flagged={isFlagged(chapter, d.key)}
            label={`${d.label}, ${name}`}
            row={index}
            col={col}
            pending={pendingDimension === d.key ? pendingDigits : null}
            scale={props.scale}
            onDigit={(digit) => actions.typeDigit(cell, digit)}
            onSet={(value) => actions.setScore(cell, value)}
            // Blind, the reasoning waits for the score: saved first, it would make the machine's number the reviewer's.
            onOpenReasoning={() => hidden || actions.openReasoning(cell)}
            onMove={(to) => actions.moveFrom(index, col, to)}
            onFocus={() => actions.focusCell(cell)}
            onBlur={actions.leaveCell}
            cite={citeAttribute({ kind: 'score', ...cell })}
            hidden={hidden}
          />
        )
      })}
      <td className="why" {...{ [CITE_ATTRIBUTE]: citeAttribute({ kind: 'why', chapterId: chapter.id }) }}>
        <CitedText
          text={{
            value: chapter.why,
            label: `Why, ${name}`,
            placeholder: 'Why these scores',
            onCommit: (why) => actions.setWhy(chapter.id, why),
          }}
          target={{ kind: 'why', chapterId: chapter.id }}
          items={chapter.evidence}
          cite={actions.cite}
        />
      </td>
      <td className="row-actions">
        <OnceButton
          onAct={() => actions.merge(chapter.id)}
          disabled={props.isLast}
          title={`Merge ${name} with the next (${shortcutOf('chapter.mergeNext')})`}
        >
          Merge with next
        </OnceButton>
        <OnceButton onAct={() => actions.remove(chapter.id)} title={`Delete ${name}; its span becomes a gap`}>
          Delete
        </OnceButton>
      </td>
    </tr>
  )
})
