import { Fragment, useCallback, useRef, useState } from 'react'
import type { Dimension } from '../../../../shared/episodeFormat'
import { formatAverage } from '../../../../shared/scoreChart'
import type { EditorPanelProps } from '../editorPanelProps'
import { ChapterRow, chapterName } from './ChapterRow'
import { ReasoningEditor, type ReasoningExit } from './ReasoningEditor'
import { ScoreCell, type CellMove } from './ScoreCell'
import { useScoreTyping, type ScoreCellAddress } from './useScoreTyping'

const clamp = (n: number, low: number, high: number): number => Math.min(Math.max(n, low), high)

/** The chapters with their scores on every dimension, their why, and the averages under them. */
export function ChaptersPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, episodeId: id, edit, selection, select, seek } = props
  const { chapters, rubric } = view
  const { dimensions } = rubric
  const table = useRef<HTMLTableElement>(null)
  const [reasoning, setReasoning] = useState<ScoreCellAddress | null>(null)

  const setScore = useCallback(
    (cell: ScoreCellAddress, value: number | null) => {
      void edit('scores.set', { id, chapterId: cell.chapterId, dimension: cell.dimension, value })
    },
    [edit, id],
  )
  const typing = useScoreTyping(rubric.scale.max, setScore)

  const focusCell = (row: number, col: number): void => {
    table.current?.querySelector<HTMLElement>(`td.score[data-row="${row}"][data-col="${col}"]`)?.focus()
  }
  const focusAddress = (cell: ScoreCellAddress): void => {
    focusCell(
      chapters.findIndex((c) => c.id === cell.chapterId),
      dimensions.findIndex((d) => d.key === cell.dimension),
    )
  }
  const move = (row: number, col: number, to: CellMove): void => {
    const last = dimensions.length - 1
    if (to === 'rowStart') focusCell(row, 0)
    else if (to === 'rowEnd') focusCell(row, last)
    else focusCell(clamp(row + to.rows, 0, chapters.length - 1), clamp(col + to.cols, 0, last))
  }
  const split = (): void => {
    void edit('chapters.split', { id, at: props.time }).then((r) => {
      if (r) select({ kind: 'chapter', id: r.chapterId })
    })
  }
  const saveReasoning = (cell: ScoreCellAddress, text: string, how: ReasoningExit): void => {
    setReasoning(null)
    const before = chapters.find((c) => c.id === cell.chapterId)?.scores[cell.dimension]?.reasoning
    if (text !== before) void edit('scores.set', { id, ...cell, reasoning: text })
    if (how === 'key') focusAddress(cell)
  }

  const splitButton = (
    <button type="button" onClick={split} title="Split the chapter under the playhead in two (C)">
      Split at playhead (C)
    </button>
  )
  if (chapters.length === 0)
    return (
      <div className="chapters-panel">
        <p className="empty">
          No chapters yet. Move the playhead to where the second chapter starts and press C (or the button).
        </p>
        {splitButton}
      </div>
    )

  const columns = dimensions.length + 4
  return (
    <div className="chapters-panel">
      <div className="panel-toolbar">
        {splitButton}
        <span className="hint">
          On a score: 0-9 (1 0 or T for 10), Backspace clears, Enter writes its reasoning, arrows move
        </span>
      </div>
      <table ref={table} className="chapters" aria-label="Chapters and scores">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Chapter</th>
            {dimensions.map((d) => (
              <th key={d.key} scope="col" className="dimension" title={d.description || undefined}>
                {d.label}
              </th>
            ))}
            <th scope="col">Why</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {chapters.map((chapter, row) => {
            const cellOf = (d: Dimension): ScoreCellAddress => ({ chapterId: chapter.id, dimension: d.key })
            const open =
              reasoning?.chapterId === chapter.id
                ? dimensions.find((d) => d.key === reasoning.dimension)
                : undefined
            const scoreCell = (d: Dimension, col: number): React.JSX.Element => {
              const cell = cellOf(d)
              const pending = typing.pending
              return (
                <ScoreCell
                  key={d.key}
                  score={chapter.scores[d.key] ?? { value: null, reasoning: '' }}
                  label={`${d.label}, ${chapterName(row)}`}
                  row={row}
                  col={col}
                  pending={
                    pending?.cell.chapterId === chapter.id && pending.cell.dimension === d.key
                      ? pending.typed
                      : null
                  }
                  onDigit={(digit) => typing.type(cell, digit)}
                  onSet={(value) => {
                    typing.discard()
                    setScore(cell, value)
                  }}
                  onOpenReasoning={() => {
                    typing.flush()
                    setReasoning(cell)
                  }}
                  onMove={(to) => move(row, col, to)}
                  onFocus={() => {
                    if (selection?.kind !== 'chapter' || selection.id !== chapter.id)
                      select({ kind: 'chapter', id: chapter.id })
                  }}
                  onBlur={typing.flush}
                />
              )
            }
            return (
              <Fragment key={chapter.id}>
                <ChapterRow
                  chapter={chapter}
                  index={row}
                  dimensions={dimensions}
                  selected={selection?.kind === 'chapter' && selection.id === chapter.id}
                  isLast={row === chapters.length - 1}
                  scoreCell={scoreCell}
                  onPick={() => {
                    seek(chapter.start)
                    select({ kind: 'chapter', id: chapter.id })
                  }}
                  onTitle={(title) =>
                    void edit('chapters.update', { id, chapterId: chapter.id, patch: { title } })
                  }
                  onWhy={(why) => void edit('chapters.update', { id, chapterId: chapter.id, patch: { why } })}
                  onMerge={() => void edit('chapters.mergeNext', { id, chapterId: chapter.id })}
                  onDelete={() => void edit('chapters.delete', { id, chapterId: chapter.id })}
                />
                {open && (
                  <tr className="reasoning-row">
                    <td colSpan={columns}>
                      <ReasoningEditor
                        key={open.key}
                        label={`Reasoning for ${open.label}, ${chapterName(row)}`}
                        initial={chapter.scores[open.key]?.reasoning ?? ''}
                        onSave={(text, how) => saveReasoning(cellOf(open), text, how)}
                        onCancel={() => {
                          setReasoning(null)
                          focusAddress(cellOf(open))
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Average
            </th>
            {dimensions.map((d) => (
              <td key={d.key} className="average" aria-label={`Average ${d.label}`}>
                {formatAverage(view.scoreSummary[d.key])}
              </td>
            ))}
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
