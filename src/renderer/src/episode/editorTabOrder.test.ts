import { describe, expect, it } from 'vitest'
import { EDITOR_TAB_IDS, tabBeside } from './editorTabOrder'

describe('the next and previous panel', () => {
  it('walk the tabs in their order and go round at either end', () => {
    expect(tabBeside('statements', 1)).toBe('chapters')
    expect(tabBeside('review', 1)).toBe('statements')
    expect(tabBeside('statements', -1)).toBe('review')
    let tab = tabBeside('details', 0)
    for (let i = 0; i < EDITOR_TAB_IDS.length; i++) tab = tabBeside(tab, 1)
    expect(tab).toBe('details')
  })
})
