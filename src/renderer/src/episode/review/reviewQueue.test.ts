import { describe, expect, it } from 'vitest'
import { firstInQueue, type ReviewItem } from './reviewQueue'

const QUEUE: ReviewItem[] = [
  { kind: 'chapter', id: 'c1', time: 0, title: 'Opening' },
  { kind: 'statement', id: 's1', time: 5, title: 'A claim' },
  { kind: 'highlight', id: 'h1', time: 415, title: 'A moment' },
]

describe('next unreviewed', () => {
  it('is the first item waiting in the order of the episode, whatever was selected', () => {
    expect(firstInQueue(QUEUE)?.id).toBe('c1')
  })

  it('after a decision, is the first other item waiting, even one before the decided item', () => {
    expect(firstInQueue(QUEUE, { kind: 'highlight', id: 'h1' })?.id).toBe('c1')
    expect(firstInQueue(QUEUE, { kind: 'chapter', id: 'c1' })?.id).toBe('s1')
    expect(firstInQueue(QUEUE.slice(0, 1), { kind: 'chapter', id: 'c1' })).toBeNull()
    expect(firstInQueue([])).toBeNull()
  })
})
