import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { EpisodeView } from '../../../../shared/contract'
import type { Edit, Selection } from '../editorPanelProps'
import type { PlaySpan } from '../playback/usePlayback'
import { playRangeOf } from './playRange'
import { reviewItemOf } from './reviewItemOf'
import { DecisionsInFlight } from './decisionsInFlight'
import { firstInQueue, reviewQueue, type ReviewItem, type ReviewOrder } from './reviewQueue'

export interface ReviewFlow {
  /** Every item still waiting for the reviewer, in the order chosen. */
  queue: readonly ReviewItem[]
  /** The episode's order, or the largest difference between machine and reviewer first. */
  order: ReviewOrder
  setOrder: (order: ReviewOrder) => void
  /** Goes to the first unreviewed item in the queue's order; false when nothing is left. */
  next: () => boolean
  /**
   * Accepts or rejects the selected item and goes on to the first unreviewed: `nothing` when nothing
   * reviewable is selected, `unseen` (an accept refused) while the card hides part of what it accepts.
   */
  decide: (method: 'review.accept' | 'review.reject') => 'done' | 'nothing' | 'unseen'
}

/** The review of a machine's analysis: N, A and X walk the queue of unreviewed items. */
export function useReviewFlow(input: {
  id: string
  view: EpisodeView | null
  selection: Selection
  select: (selection: Selection) => void
  seek: (seconds: number) => void
  /** Set when the next item plays by itself after a decision. */
  autoPlay: { playSpan: (span: PlaySpan) => void } | null
  edit: Edit
  /** Runs a decision once the reviewer is known (asked for their name the first time). */
  ensureReviewer: (then: () => void) => void
  /** The reviewer's name is known: a decision needs no question first. */
  reviewerKnown: boolean
  /** Whether the card of an item (`kind:id`) hides part of itself that was never on screen. */
  hidesUnseen?: (itemKey: string) => boolean
}): ReviewFlow {
  const { id, view, selection, select, seek, autoPlay, edit, ensureReviewer, reviewerKnown } = input
  const [order, setOrder] = useState<ReviewOrder>('episode')
  // Once per view, not at every tick of the playhead: a machine analysis has a thousand items.
  const queue = useMemo(() => (view ? reviewQueue(view, order) : []), [view, order])
  // The selection as the flow last left it: a key pressed before React renders the last decision's
  // move must decide on the item the reviewer is now on, not again on the one just decided.
  const latest = useRef<Selection>(selection)
  useLayoutEffect(() => {
    latest.current = selection
  }, [selection])
  // The view and queue last drawn, for a key handler bound at an earlier render.
  const drawn = useRef({ view, queue })
  const inFlight = useRef(new DecisionsInFlight())
  useLayoutEffect(() => {
    drawn.current = { view, queue }
    inFlight.current.shown(queue)
  }, [view, queue])
  const waiting = (): ReviewItem[] => inFlight.current.waiting(drawn.current.queue)
  return {
    queue,
    order,
    setOrder,
    next: () => {
      const item = firstInQueue(waiting())
      if (!item) return false
      latest.current = { kind: item.kind, id: item.id }
      select(latest.current)
      seek(item.time)
      return true
    },
    decide: (method) => {
      const at = latest.current
      const shownView = drawn.current.view
      const item = at && shownView ? reviewItemOf(shownView, at) : null
      if (!item) return 'nothing'
      const key = `${item.kind}:${item.id}`
      if (inFlight.current.has(item)) return 'done'
      if (method === 'review.accept' && input.hidesUnseen?.(key)) return 'unseen'
      const next = firstInQueue(waiting(), item)
      const nextSelection = next ? { kind: next.kind, id: next.id } : null
      const range = autoPlay && shownView ? playRangeOf(shownView, nextSelection) : null
      const moveOn = (): void => {
        const moved = nextSelection ?? (method === 'review.accept' ? at : null)
        latest.current = moved
        select(moved)
        if (next) seek(next.time)
      }
      // On to the next at once, so that a reviewer typing A A A never decides twice on one item; but
      // while the reviewer's name is asked for, the card stays on the item being decided.
      if (reviewerKnown) moveOn()
      ensureReviewer(() => {
        if (!reviewerKnown) moveOn()
        // Played once the decision is made: never behind the question who is reviewing.
        if (range && autoPlay) autoPlay.playSpan({ ...range, once: true })
        inFlight.current.sent(item)
        void edit(method, { id, kind: item.kind, itemId: item.id }).then((answer) => {
          if (answer === null) inFlight.current.refused(item)
        })
      })
      return 'done'
    },
  }
}
