import { describe, expect, it } from 'vitest'
import { fieldExit } from './fieldCommit'

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('the field rule', () => {
  it('ends a one-line field on Enter and Escape, but not on Shift+Enter or a letter', () => {
    expect(fieldExit(key('Enter'), false)).toBe('enter')
    expect(fieldExit(key('Escape'), false)).toBe('escape')
    expect(fieldExit(key('Enter', { shiftKey: true }), false)).toBeNull()
    expect(fieldExit(key('a'), false)).toBeNull()
  })

  it('ends a multi-line field on Ctrl+Enter or ⌘Enter and Escape; Enter is a new line there', () => {
    expect(fieldExit(key('Enter'), true)).toBeNull()
    expect(fieldExit(key('Enter', { ctrlKey: true }), true)).toBe('enter')
    expect(fieldExit(key('Enter', { metaKey: true }), true)).toBe('enter')
    expect(fieldExit(key('Escape'), true)).toBe('escape')
  })

  it('leaves a key that composes text to the composition', () => {
    expect(fieldExit({ ...key('Enter'), nativeEvent: { isComposing: true } }, false)).toBeNull()
  })
})
