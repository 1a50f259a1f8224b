import { useState } from 'react'
import { isMethodName, type MethodName, type RequestOf } from '../../../shared/contract'
import { forgetKeptEdits, keptEdits, type KeptEdit } from '../pendingText'
import type { Edit } from './editorPanelProps'

/** "the title “An hour with Ada”": what a kept edit would save, for the editor to recognise. */
function describe(kept: KeptEdit): string {
  const texts: string[] = []
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  const { id: _id, ...rest } = kept.request
  collect(rest)
  const text = texts.sort((a, b) => b.length - a.length)[0] ?? ''
  const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text
  return `${kept.method} “${shown}”`
}

/**
 * Browser mode: text typed in this episode's fields when the page last closed was sent then, best
 * effort, and kept in the page's storage (pendingText.ts). Offered back once: put back (each as the
 * edit it was) or let go.
 */
export function KeptTextOffer(props: { episodeId: string; edit: Edit }): React.JSX.Element | null {
  const { episodeId, edit } = props
  const [kept, setKept] = useState(() => keptEdits(episodeId))
  if (kept.length === 0) return null
  const done = (): void => {
    forgetKeptEdits(episodeId)
    setKept([])
  }
  const putBack = async (): Promise<void> => {
    for (const one of kept)
      if (isMethodName(one.method)) await edit(one.method as MethodName, one.request as RequestOf<MethodName>)
    done()
  }
  return (
    <div role="status" className="notice kept-text">
      Text typed before this page last closed may not have been saved: {kept.map(describe).join('; ')}.{' '}
      <button type="button" onClick={() => void putBack()}>
        Put it back
      </button>{' '}
      <button type="button" onClick={done}>
        Let it go
      </button>
    </div>
  )
}
