import { useCallback, useRef, useState } from 'react'
import { isFlagged, useCodebookHere } from '../codebook/AnalysisCodebook'
import { LevelLine } from '../codebook/LevelLine'
import type { ChapterView, RubricView } from '../../../../shared/contract'
import { TableHead } from '../../TableHead'
import { ScoreCell, type CellMove } from '../chapters/ScoreCell'
import { useScoreTyping, type ScoreCellAddress } from '../chapters/useScoreTyping'
import type { Edit } from '../editorPanelProps'
import { MachineScore } from '../blind/MachineScore'
import { GrowingText, openForTyping } from './GrowingText'

const REVIEW_WORDS = { unreviewed: '', accepted: 'accepted', edited: 'edited' } as const

/**
 * A chapter's scores as the machine gave them beside the reviewer's, which are typed here as in the
 * chapters table (digits on the focused score, `1` `0` is 10 in one undo step) with their reasoning.
 * A compact grid, a line per dimension, so that a rubric of up to 8 fits the card whole at 1280x800:
 * each reasoning shows its first line, whole on hover (the machine's) or once focused (the reviewer's).
 * A score the reviewer edited says so on its line.
 */
export function MachineVersusOwn({
  episodeId,
  chapter,
  rubric,
  edit,
  refusals,
  blind,
}: {
  episodeId: string
  chapter: ChapterView
  rubric: RubricView
  edit: Edit
  /** A refused edit brings the fields back to what is saved. */
  refusals: number
  /** Scoring blind: a machine score shows once rated, with how far the reviewer's is from it. */
  blind: boolean
}): React.JSX.Element {
  const machine = chapter.machineScores ?? {}
  const setScore = useCallback(
    (cell: ScoreCellAddress, value: number | null, amend = false) =>
      void edit('scores.set', { id: episodeId, ...cell, value, ...(amend && { amend: true }) }),
    [edit, episodeId],
  )
  const typing = useScoreTyping(rubric.scale.max, setScore)
  const dimensions = rubric.dimensions
  const table = useRef<HTMLTableElement>(null)
  const codebook = useCodebookHere()
  // The dimension whose score has the focus: the line under the grid says what its score means.
  const [focused, setFocused] = useState<string | null>(null)
  const move = (from: number, to: CellMove): void => {
    const row = to === 'rowStart' ? 0 : to === 'rowEnd' ? dimensions.length - 1 : from + to.rows
    table.current?.querySelector<HTMLElement>(`td.score[data-row="${row}"]`)?.focus()
  }
  const focusedLine = (): React.ComponentProps<typeof LevelLine>['focused'] => {
    const d = dimensions.find((x) => x.key === focused)
    if (!d || chapter.hiddenScores?.includes(d.key)) return null
    const typed = typing.pending?.cell.dimension === d.key ? Number(typing.pending.typed) : null
    // The reviewer's score typed or given, else the machine's proposed one.
    const score = typed ?? chapter.scores[d.key]?.value ?? machine[d.key]?.value ?? null
    return { label: d.label, score, level: codebook.levelOf(d.key, score) }
  }
  return (
    <>
      <table
        ref={table}
        className="machine-vs-own"
        aria-label={`Machine and reviewer scores of ${chapter.title || chapter.id}`}
      >
        <TableHead columns={['Dimension', 'Machine', 'Reviewer', 'Reviewer’s reasoning']} />
        <tbody>
          {dimensions.map(({ key, label }, row) => {
            const own = chapter.scores[key] ?? { value: null, reasoning: '' }
            const theirs = machine[key]
            const differs =
              theirs !== undefined && (theirs.value !== own.value || theirs.reasoning !== own.reasoning)
            const cell = { chapterId: chapter.id, dimension: key }
            const pending =
              typing.pending?.cell.chapterId === chapter.id && typing.pending.cell.dimension === key
                ? typing.pending.typed
                : null
            const review = chapter.scoreReview?.[key] ?? 'unreviewed'
            const hidden = chapter.hiddenScores?.includes(key) ?? false
            return (
              <tr
                key={key}
                className={[differs && 'differs', `score-${review}`].filter(Boolean).join(' ')}
                data-dimension={key}
                data-review={review}
              >
                <th scope="row" title={label}>
                  {label}
                  {review !== 'unreviewed' && <span className="score-review">{REVIEW_WORDS[review]}</span>}
                </th>
                <MachineScore machine={theirs} own={own.value} hidden={hidden} marksDifference={blind} />
                <ScoreCell
                  score={own}
                  label={`${label}, reviewer’s score`}
                  row={row}
                  col={0}
                  pending={pending}
                  scale={rubric.scale}
                  onDigit={(digit) => typing.type(cell, digit)}
                  onSet={(value) => {
                    typing.discard()
                    setScore(cell, value)
                  }}
                  onOpenReasoning={() =>
                    openForTyping(
                      table.current?.querySelector<HTMLTextAreaElement>(
                        `tr[data-dimension="${key}"] textarea`,
                      ) ?? null,
                      chapter.reasoningToConfirm.includes(key) ||
                        (theirs !== undefined && own.reasoning === theirs.reasoning),
                    )
                  }
                  onMove={(to) => move(row, to)}
                  onFocus={() => setFocused(key)}
                  onBlur={() => {
                    setFocused(null)
                    typing.flush()
                  }}
                  level={
                    hidden ? null : codebook.levelOf(key, pending === null ? own.value : Number(pending))
                  }
                  flagged={isFlagged(chapter, key)}
                />
                <td className="own-reasoning" title={own.reasoning || undefined}>
                  {hidden ? (
                    // A reasoning saved first would take the machine's hidden number as the reviewer's.
                    <span className="blind-note">score first</span>
                  ) : (
                    <GrowingText
                      key={`${chapter.id}:${key}:${refusals}`}
                      label={`${label}, reviewer’s reasoning`}
                      saved={own.reasoning}
                      placeholder="Why this score"
                      onSave={(reasoning) => void edit('scores.set', { id: episodeId, ...cell, reasoning })}
                      onDone={() => move(row, { rows: 0, cols: 0 })}
                    />
                  )}
                  {chapter.reasoningToConfirm.includes(key) && (
                    <>
                      <span className="badge warning">
                        the machine’s reasoning, for its {theirs?.value ?? '—'}
                      </span>{' '}
                      <button
                        type="button"
                        aria-label={`Keep the reasoning for ${label} ${own.value ?? ''}`}
                        onClick={() =>
                          void edit('scores.confirmReasoning', {
                            id: episodeId,
                            chapterId: chapter.id,
                            dimension: key,
                          })
                        }
                      >
                        Keep reasoning
                      </button>
                    </>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {codebook.version && (
        <LevelLine focused={focusedLine()} hint="Focus a score for what it means in the codebook" />
      )}
    </>
  )
}
