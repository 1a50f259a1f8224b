import { describe, expect, it } from 'vitest'
import { changesInWords, movedInWords } from './changesInWords'

const labels: Record<string, string> = { rigour: 'Rigour', warmth: 'Warmth', depth: 'Depth' }
const labelOf = (key: string): string => labels[key] ?? key

describe('what changed since the version an analysis was scored under', () => {
  it('names every kind of change by label, a line each', () => {
    expect(
      changesInWords(
        {
          added: ['depth', 'novel'],
          removed: ['warmth'],
          renamed: [{ key: 'rigour', from: 'Rigor', to: 'Rigour' }],
          definitionChanged: ['rigour'],
          descriptorsChanged: ['rigour', 'depth'],
          scaleChanged: true,
        },
        labelOf,
      ),
    ).toEqual([
      'Added: Depth and novel (unscored after the move)',
      'Removed: Warmth (its scores and highlights go with the move)',
      'Renamed: Rigor is now Rigour',
      'Definition changed: Rigour',
      'Descriptors changed: Rigour and Depth',
      'The scale changed: every score will be flagged for rescoring',
    ])
  })

  it('says nothing of what did not change', () => {
    const none = { added: [], removed: [], renamed: [], definitionChanged: [], scaleChanged: false }
    expect(changesInWords({ ...none, descriptorsChanged: ['warmth'] }, labelOf)).toEqual([
      'Descriptors changed: Warmth',
    ])
  })

  it('tells how many scores wait to be scored again after a move', () => {
    expect(movedInWords(2, 0, 'Ctrl+Z')).toBe(
      'Moved to codebook version 2: no score flagged for rescoring. Ctrl+Z undoes it.',
    )
    expect(movedInWords(3, 1, 'Ctrl+Z')).toContain('1 score flagged for rescoring')
    expect(movedInWords(3, 12, '⌘Z')).toContain('12 scores flagged')
  })
})
