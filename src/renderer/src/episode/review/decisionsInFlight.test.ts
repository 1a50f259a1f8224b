import { describe, expect, it } from 'vitest'
import { DecisionsInFlight } from './decisionsInFlight'
import { firstInQueue, type ReviewItem } from './reviewQueue'

const PART_1: ReviewItem = { kind: 'chapter', id: 'c1', time: 0, title: 'Part 1' }
const CLAIM_1: ReviewItem = { kind: 'statement', id: 's1', time: 30, title: 'Claim 1' }
const CLAIM_2: ReviewItem = { kind: 'statement', id: 's2', time: 65, title: 'Claim 2' }
const QUEUE = [PART_1, CLAIM_1, CLAIM_2]

describe('decisions in flight', () => {
  it('keep an accepted item out of "next" after the core answered, until its view is shown', () => {
    const decisions = new DecisionsInFlight()
    decisions.sent(PART_1)
    // The answer came back; React has not drawn its view: the queue shown still lists Part 1.
    expect(firstInQueue(decisions.waiting(QUEUE), CLAIM_1)).toEqual(CLAIM_2)
    decisions.shown([CLAIM_1, CLAIM_2])
    expect(decisions.has(PART_1)).toBe(false)
    expect(firstInQueue(decisions.waiting([CLAIM_1, CLAIM_2]), CLAIM_1)).toEqual(CLAIM_2)
  })

  it('give a refused decision back to the queue', () => {
    const decisions = new DecisionsInFlight()
    decisions.sent(CLAIM_1)
    expect(decisions.waiting(QUEUE)).toEqual([PART_1, CLAIM_2])
    decisions.refused(CLAIM_1)
    expect(decisions.waiting(QUEUE)).toEqual(QUEUE)
  })

  it('stay while a view that still lists the item is shown (an unrelated edit answered first)', () => {
    const decisions = new DecisionsInFlight()
    decisions.sent(CLAIM_2)
    decisions.shown(QUEUE)
    expect(decisions.has(CLAIM_2)).toBe(true)
    // Undone later, the item is offered again: the decision left when its view was shown.
    decisions.shown([PART_1, CLAIM_1])
    expect(decisions.waiting(QUEUE)).toEqual(QUEUE)
  })
})
