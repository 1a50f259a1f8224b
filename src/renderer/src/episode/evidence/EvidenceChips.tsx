import { useLayoutEffect, useMemo, useRef } from 'react'
import type { CiteTarget } from '../../../../shared/contract'
import type { EvidenceItem } from '../../../../shared/episodeFormat'
import { formatClock } from '../../../../shared/time'
import type { EditorPanelProps } from '../editorPanelProps'
import { CITE_ATTRIBUTE } from './citeTarget'
import { firstWordsAt } from './wordsSaid'
import './evidenceChips.css'

/** What chips do, stable across views so that rows kept by memo are not drawn again for them. */
export interface CiteActions {
  play: (start: number, end: number) => void
  /** Removes item `index` of the target's list; absent where citations are only shown. */
  remove?: (target: CiteTarget, items: readonly EvidenceItem[], index: number) => void
  statement: (id: string) => { start: number; end: number; title: string } | undefined
}

/** The chips' actions for a panel: playing, removing (one undo step), the statements' names. */
export function useCiteActions(
  props: Pick<EditorPanelProps, 'episodeId' | 'view' | 'edit' | 'playSpan'>,
  removable = true,
): CiteActions {
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })
  return useMemo(
    () => ({
      play: (start, end) => latest.current.playSpan({ start, end: Math.max(end, start + 1), once: true }),
      ...(removable && {
        remove: (target, items, index) =>
          void latest.current.edit('evidence.set', {
            id: latest.current.episodeId,
            target,
            evidence: items.filter((_, k) => k !== index),
          }),
      }),
      statement: (id) => latest.current.view.statements.find((s) => s.id === id),
    }),
    [removable],
  )
}

/** When an item plays from and to, and how a chip names it (its time, then the statement's title). */
function chipOf(cite: CiteActions, item: EvidenceItem): { start: number; end: number; name: string } {
  if (!('statement' in item)) {
    const said = firstWordsAt(item.start, item.end)
    const times = `${formatClock(item.start)}–${formatClock(item.end)}`
    return { start: item.start, end: item.end, name: said ? `${times} ${said}` : times }
  }
  const statement = cite.statement(item.statement)
  const start = statement?.start ?? 0
  return {
    start,
    end: statement?.end ?? start,
    name: `${formatClock(start)} ${statement?.title || 'statement'}`,
  }
}

/**
 * The citations of a score, a why or a highlight, as chips under its text: a click plays the moment;
 * the × removes the citation, where it may be changed.
 */
export function EvidenceChips(props: {
  target: CiteTarget
  items: readonly EvidenceItem[] | undefined
  cite: CiteActions
}): React.JSX.Element | null {
  const { cite, target } = props
  const items = props.items ?? []
  if (items.length === 0) return null
  return (
    <ul className="evidence-chips" aria-label="Evidence">
      {items.map((item, i) => {
        const chip = chipOf(cite, item)
        return (
          <li key={i}>
            <button
              type="button"
              className="evidence-chip"
              title={item.note ?? 'Play this moment'}
              onClick={() => cite.play(chip.start, chip.end)}
            >
              ▶ {chip.name}
            </button>
            {cite.remove && (
              <button
                type="button"
                className="evidence-remove"
                aria-label={`Remove citation ${chip.name}`}
                onClick={(e) => {
                  // The focus goes back to the text the citation was under, not to the page.
                  e.currentTarget
                    .closest(`[${CITE_ATTRIBUTE}]`)
                    ?.querySelector<HTMLElement>('textarea, input, [contenteditable="true"]')
                    ?.focus()
                  cite.remove?.(target, items, i)
                }}
              >
                ×
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
