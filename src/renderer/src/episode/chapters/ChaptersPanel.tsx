import { shortcutOf } from '../../commands/shortcuts'
import { OnceButton } from '../OnceButton'
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Dimension } from '../../../../shared/episodeFormat'
import { formatAverage } from '../../../../shared/scoreChart'
import type { EditorPanelProps } from '../editorPanelProps'
import { ChapterRow, chapterName, type ChapterRowActions } from './ChapterRow'
import { ReasoningEditor, type ReasoningExit } from './ReasoningEditor'
import { CITE_ATTRIBUTE, citeAttribute } from '../evidence/citeTarget'
import { EvidenceChips, useCiteActions } from '../evidence/EvidenceChips'
import { useScoreTyping, type ScoreCellAddress } from './useScoreTyping'
import { useCodebookHere } from '../codebook/AnalysisCodebook'
import { LevelLine } from '../codebook/LevelLine'
import { focusedLevel } from '../codebook/focusedLevel'

const clamp = (n: number, low: number, high: number): number => Math.min(Math.max(n, low), high)

/** The chapters with their scores on every dimension, their why, and the averages under them. */
export function ChaptersPanel(props: EditorPanelProps): React.JSX.Element {
  const { view, episodeId: id, edit, selection, select, seek } = props
  const { chapters, rubric } = view
  const { dimensions } = rubric
  const table = useRef<HTMLTableElement>(null)
  const [reasoning, setReasoning] = useState<ScoreCellAddress | null>(null)
  // The score with the focus, whose descriptor the hint line shows.
  const [focused, setFocused] = useState<ScoreCellAddress | null>(null)
  const codebook = useCodebookHere()

  const setScore = useCallback(
    (cell: ScoreCellAddress, value: number | null, amend = false) => {
      const { chapterId, dimension } = cell
      void edit('scores.set', { id, chapterId, dimension, value, ...(amend && { amend: true }) })
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
  const split = (): Promise<unknown> =>
    edit('chapters.split', { id, at: props.time }).then((r) => {
      if (r) select({ kind: 'chapter', id: r.chapterId })
    })
  const saveReasoning = (cell: ScoreCellAddress, text: string, how: ReasoningExit): void => {
    setReasoning(null)
    const before = chapters.find((c) => c.id === cell.chapterId)?.scores[cell.dimension]?.reasoning
    if (text !== before) void edit('scores.set', { id, ...cell, reasoning: text })
    if (how === 'key') focusAddress(cell)
  }

  const cite = useCiteActions(props)
  // The rows' actions read what they need when they run, from the latest render.
  const now = { chapters, dimensions, edit, id, seek, select, selection, typing, setScore, focusCell }
  const latest = useRef(now)
  useLayoutEffect(() => {
    latest.current = now
  })
  const actions = useMemo<ChapterRowActions>(() => {
    const chapterEdit = (chapterId: string, patch: { title?: string; why?: string }): void => {
      const { edit, id } = latest.current
      void edit('chapters.update', { id, chapterId, patch })
    }
    return {
      pick: (chapter) => {
        latest.current.seek(chapter.start)
        latest.current.select({ kind: 'chapter', id: chapter.id })
      },
      setTitle: (chapterId, title) => chapterEdit(chapterId, { title }),
      setWhy: (chapterId, why) => chapterEdit(chapterId, { why }),
      merge: (chapterId) => latest.current.edit('chapters.mergeNext', { id: latest.current.id, chapterId }),
      remove: (chapterId) => latest.current.edit('chapters.delete', { id: latest.current.id, chapterId }),
      moveBoundary: async (chapterId, edge, at) =>
        (await latest.current.edit('chapters.moveBoundary', {
          id: latest.current.id,
          chapterId,
          edge,
          at,
        })) !== null,
      typeDigit: (cell, digit) => latest.current.typing.type(cell, digit),
      setScore: (cell, value) => {
        latest.current.typing.discard()
        latest.current.setScore(cell, value)
      },
      openReasoning: (cell) => {
        latest.current.typing.flush()
        setReasoning(cell)
      },
      moveFrom: (row, col, to) => {
        const { chapters, dimensions, focusCell } = latest.current
        const last = dimensions.length - 1
        if (to === 'rowStart') focusCell(row, 0)
        else if (to === 'rowEnd') focusCell(row, last)
        else focusCell(clamp(row + to.rows, 0, chapters.length - 1), clamp(col + to.cols, 0, last))
      },
      focusCell: (cell) => {
        setFocused(cell)
        const { chapterId } = cell
        const { selection, select } = latest.current
        if (selection?.kind !== 'chapter' || selection.id !== chapterId)
          select({ kind: 'chapter', id: chapterId })
      },
      leaveCell: () => {
        setFocused(null)
        latest.current.typing.flush()
      },
      cite,
    }
  }, [cite])

  const splitButton = (
    <OnceButton
      onAct={split}
      title={`Split the chapter under the playhead in two (${shortcutOf('chapter.split')})`}
    >
      Split at playhead ({shortcutOf('chapter.split')})
    </OnceButton>
  )
  if (chapters.length === 0)
    return (
      <div className="chapters-panel">
        <p className="empty">
          No chapters yet. Move the playhead to where the second chapter starts and press{' '}
          <kbd>{shortcutOf('chapter.split')}</kbd> (or the button).
        </p>
        {splitButton}
      </div>
    )

  const columns = dimensions.length + 4
  return (
    // A click on the panel's empty space (no row, no control) clears the selection.
    <div
      className="chapters-panel"
      onClick={(e) => {
        if (!(e.target as Element).closest('tr, button, input, textarea, select, a')) select(null)
      }}
    >
      <div className="panel-toolbar">
        {splitButton}
        <LevelLine
          focused={focusedLevel(view, focused, typing.pending, codebook.levelOf)}
          hint="On a score: 0-9 (1 0 or T for 10), Backspace clears, Enter writes its reasoning, arrows move"
        />
      </div>
      <table ref={table} className="chapters" aria-label="Chapters and scores">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Chapter</th>
            {dimensions.map((d) => (
              <th
                key={d.key}
                scope="col"
                className="dimension"
                data-dimension={d.key}
                title={d.description || undefined}
              >
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
            const pending = typing.pending?.cell.chapterId === chapter.id ? typing.pending : null
            return (
              <Fragment key={chapter.id}>
                <ChapterRow
                  chapter={chapter}
                  index={row}
                  dimensions={dimensions}
                  scale={rubric.scale}
                  selected={selection?.kind === 'chapter' && selection.id === chapter.id}
                  isLast={row === chapters.length - 1}
                  pendingDimension={pending?.cell.dimension ?? null}
                  pendingDigits={pending?.typed ?? null}
                  actions={actions}
                />
                {open && (
                  <tr className="reasoning-row">
                    <td
                      colSpan={columns}
                      {...{
                        [CITE_ATTRIBUTE]: citeAttribute({
                          kind: 'score',
                          chapterId: chapter.id,
                          dimension: open.key,
                        }),
                      }}
                    >
                      <ReasoningEditor
                        key={open.key}
                        label={`Reasoning for ${open.label}, ${chapterName(row)}`}
                        initial={chapter.scores[open.key]?.reasoning ?? ''}
                        onSave={(text, how) => saveReasoning(cellOf(open), text, how)}
                      >
                        <EvidenceChips
                          target={{ kind: 'score', chapterId: chapter.id, dimension: open.key }}
                          items={chapter.scores[open.key]?.evidence}
                          cite={cite}
                        />
                      </ReasoningEditor>
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
