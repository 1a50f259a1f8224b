import { describe, expect, it } from 'vitest'
import { hashOf, routeOf, type Route } from './routes'

describe('the address of a screen', () => {
  it('reads back as the screen it was written for, an episode at a moment too', () => {
    const routes: Route[] = [
      { screen: 'library' },
      { screen: 'episode', id: 'agentic-rl-2025-05-09', at: null },
      { screen: 'episode', id: 'odd id?t=5/x', at: 200.25 },
      { screen: 'compare', id: 'ada-pass' },
      { screen: 'consensus', id: 'ada-pass-2' },
      { screen: 'episode', id: 'a', at: 415, item: { kind: 'highlight', id: 'h1' } },
      { screen: 'episode', id: 'a', at: 12.5, item: { kind: 'statement', id: 'odd&id:1' } },
      { screen: 'show', name: 'latent-space' },
      { screen: 'show', name: 'Show / with ?t=5 & spaces #1' },
      { screen: 'codebook', show: 'Show / with ?t=5 & spaces #1' },
      { screen: 'board' },
    ]
    for (const route of routes) expect(routeOf(hashOf(route))).toEqual(route)
  })

  it('keeps the addresses written before moments were', () => {
    expect(routeOf('#/episode/agentic%20rl')).toEqual({ screen: 'episode', id: 'agentic rl', at: null })
    expect(routeOf('#/somewhere')).toEqual({ screen: 'library' })
    expect(routeOf('#/show/')).toEqual({ screen: 'library' })
    expect(routeOf('#/show/%E0')).toEqual({ screen: 'library' })
  })
})
