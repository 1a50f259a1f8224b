import type { LevelDescriptor } from '../../../../shared/codebook'
import type { ScoreView } from '../../../../shared/contract'
import { levelInWords } from '../codebook/LevelLine'
import { isMissingText, scoreOfLetter, TEN_KEY, type ScoreScale } from '../../../../shared/scoreScale'

/** Where the arrows and Home/End send the focus from a score cell. */
export type CellMove = { rows: number; cols: number } | 'rowStart' | 'rowEnd'

const MOVES: Record<string, CellMove> = {
  ArrowUp: { rows: -1, cols: 0 },
  ArrowDown: { rows: 1, cols: 0 },
  ArrowLeft: { rows: 0, cols: -1 },
  ArrowRight: { rows: 0, cols: 1 },
  Home: 'rowStart',
  End: 'rowEnd',
}

/** True for a score set without the reasoning a published score needs. */
export const lacksReasoning = (score: ScoreView): boolean =>
  score.value !== null && isMissingText(score.reasoning)

/**
 * One chapter's score on one dimension, typed like a spreadsheet cell: digits set it, `T` is 10,
 * Backspace or Delete clears it, Enter opens its reasoning, the arrows move. The keys it takes are
 * kept from the screen's single-key shortcuts, which would otherwise act on them too.
 */
export function ScoreCell(props: {
  score: ScoreView
  label: string
  row: number
  col: number
  /** Digits written that a next digit may still grow. */
  pending: string | null
  scale: ScoreScale
  onDigit: (digit: string) => void
  onSet: (value: number | null) => void
  onOpenReasoning: () => void
  onMove: (move: CellMove) => void
  onFocus: () => void
  onBlur: () => void
  /** Where Ctrl+Shift+E cites into while this cell has the focus (evidence/citeTarget.ts). */
  cite?: string
  /** Scoring blind: the machine scored this cell, hidden until the reviewer does. */
  hidden?: boolean
  /** What the score shown means in the analysis's codebook version. */
  level?: LevelDescriptor | null
  /** Given on another scale before a move to the current codebook version: to be scored again. */
  flagged?: boolean
}): React.JSX.Element {
  const { score, pending } = props
  const missing = lacksReasoning(score)
  // Cited: marked on the cell itself, where a citation made from it is seen at once.
  const cited = score.evidence?.length ?? 0
  const citedWords = cited === 0 ? '' : ` (${cited} citation${cited === 1 ? '' : 's'})`
  const onKeyDown = (e: React.KeyboardEvent<HTMLTableCellElement>): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const move = e.shiftKey ? undefined : MOVES[e.key]
    let handled = true
    if (/^[0-9]$/.test(e.key)) props.onDigit(e.key)
    else if (scoreOfLetter(e.key, props.scale) !== null) props.onSet(scoreOfLetter(e.key, props.scale))
    else if (e.key === 'Backspace' || e.key === 'Delete') props.onSet(null)
    else if (e.key === 'Enter') props.onOpenReasoning()
    else if (move) props.onMove(move)
    else handled = false
    if (!handled) return
    e.preventDefault()
    e.stopPropagation()
  }
  const typing = `type ${props.scale.min}-${Math.min(9, props.scale.max)}${props.scale.max >= 10 ? `, ${TEN_KEY} for 10` : ''}`
  const classes = [
    'score',
    missing && 'needs-reasoning',
    pending !== null && 'pending',
    score.reasoning && 'reasoned',
    props.hidden && 'hidden-score',
    cited > 0 && 'cited',
    props.flagged && 'rescore',
  ]
  const level = props.level ? ` — ${levelInWords(props.level)}` : ''
  return (
    <td
      tabIndex={0}
      className={classes.filter(Boolean).join(' ')}
      aria-label={props.flagged ? `${props.label}, to rescore` : props.label}
      title={
        (missing
          ? 'score without reasoning'
          : props.hidden
            ? `scoring blind: the machine’s score shows once you score; ${typing}`
            : score.reasoning || `not scored; ${typing}`) +
        citedWords +
        level +
        (props.flagged ? ' — given on the old scale: score it again' : '')
      }
      data-row={props.row}
      data-col={props.col}
      data-cite={props.cite}
      onKeyDown={onKeyDown}
      onFocus={props.onFocus}
      onBlur={props.onBlur}
      onDoubleClick={props.onOpenReasoning}
    >
      {pending !== null ? `${pending}…` : (score.value ?? '')}
      {props.flagged && (
        <span className="score-review rescore-mark" aria-hidden="true">
          rescore
        </span>
      )}
    </td>
  )
}
