import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contract } from '../../src/shared/contract'
import { joinCapabilities, type OneHomeEach } from '../../src/shared/contract/joinCapabilities'
import { libraryMethods } from '../../src/shared/contract/library'
import { statementsMethods } from '../../src/shared/contract/statements'

const declared = (edits: boolean) => ({ request: z.strictObject({}), response: undefined, edits })

describe('the contract, one file per capability', () => {
  it('refuses a method name two capabilities declare, naming it and both capabilities', () => {
    expect(() =>
      joinCapabilities({
        library: { 'episodes.list': declared(false) },
        episode: { 'episodes.open': declared(false), 'episodes.list': declared(true) },
      }),
    ).toThrow('contract: the method episodes.list is declared by two capabilities, library and episode')
  })

  it('refuses it at compile time too', () => {
    // @ts-expect-error: 'episodes.list' is declared by both capabilities.
    const twice: OneHomeEach<{ a: { 'episodes.list': 1 }; b: { 'episodes.list': 2 } }> = true
    const once: OneHomeEach<{ a: { 'episodes.list': 1 }; b: { 'episodes.open': 2 } }> = true
    expect([twice, once]).toEqual([true, true])
  })

  it("answers each capability's methods at the one door, as that capability declares them", () => {
    for (const methods of [libraryMethods, statementsMethods]) {
      for (const [name, method] of Object.entries(methods)) {
        expect(contract[name as keyof typeof contract]).toBe(method)
      }
    }
  })
})
